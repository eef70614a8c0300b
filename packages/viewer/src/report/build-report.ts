/**
 * `eval-factory report`: one self-contained HTML file with the viewer's pages. Everything is inline: the
 * stylesheet, the compiled browser modules (started by MODULE_LOADER), the overview and run pages as JSON, and
 * each run's instances as gzip + base64 (decompressed in the browser by DecompressionStream, only when that run's
 * instances are opened). A Content-Security-Policy meta tag forbids every network request.
 */
import { gzipSync } from 'node:zlib';
import type { RunCatalog } from '../data/catalog.js';
import { pageHtml } from '../page/shell.js';
import { browserModules, ENTRY_MODULE } from '../server/assets.js';
import type { OverviewView, RunView } from '../shared/api-types.js';
import { MODULE_LOADER } from './module-loader.js';

export interface ReportOptions {
  /** Instances per run put into the report (default: all). The pages say when a run was cut. */
  readonly maxInstances?: number | null;
  readonly title?: string;
}

/** What the report's app reads from `#ef-report` (instances live in their own elements, see `block`). */
export interface ReportData {
  readonly overview: OverviewView;
  readonly runs: Readonly<Record<string, RunView>>;
  readonly instances: Readonly<
    Record<string, { readonly block: string; readonly included: number; readonly total: number }>
  >;
}

export const REPORT_CSP =
  "default-src 'none'; script-src 'unsafe-inline' blob:; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** JSON safe inside a `<script>` element: `<` is escaped, so no `</script>` or `<!--` can end it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface ReportResult {
  readonly html: string;
  readonly runs: number;
  readonly instances: number;
}

/** The report as a string. Reads every run's files; takes about a second per 10 000 instances. */
export async function buildReport(catalog: RunCatalog, options: ReportOptions = {}): Promise<ReportResult> {
  const overview = await catalog.overview();
  const runs: Record<string, RunView> = {};
  const instances: Record<string, { block: string; included: number; total: number }> = {};
  const blocks: string[] = [];
  let count = 0;
  for (const [i, entry] of catalog.entries.entries()) {
    runs[entry.id] = await entry.view();
    const { details, total } = await entry.allDetails(options.maxInstances ?? null);
    const block = `ef-run-${i}`;
    instances[entry.id] = { block, included: details.length, total };
    count += details.length;
    const packed = gzipSync(Buffer.from(JSON.stringify(details), 'utf8')).toString('base64');
    blocks.push(`<script type="application/octet-stream" id="${block}">${packed}</script>`);
  }
  const data: ReportData = { overview, runs, instances };
  const tail = [
    `<script type="application/json" id="ef-report">${scriptJson(data)}</script>`,
    ...blocks,
    `<script type="application/json" id="ef-modules">${scriptJson(browserModules())}</script>`,
    `<script>${MODULE_LOADER.replace('ENTRY', JSON.stringify(ENTRY_MODULE))}</script>`,
  ].join('\n');
  return {
    html: pageHtml({ title: options.title ?? 'eval-factory report', csp: REPORT_CSP, tail }),
    runs: catalog.entries.length,
    instances: count,
  };
}
