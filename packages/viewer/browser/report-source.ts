/**
 * The static report's data: the overview and run pages as JSON in `#ef-report`, each run's instance pages as
 * gzip + base64 in their own element, unpacked (DecompressionStream) the first time that run's instances are shown.
 * Paging and search run the same code as the server (src/shared/query.ts).
 */
import type {
  InstanceDetail,
  InstancePage,
  InstanceQuery,
  InstanceRecord,
  OverviewView,
  RunView,
} from '../shared/api-types.js';
import { queryInstances, searchText } from '../shared/query.js';
import type { DataSource } from './source.js';

interface ReportData {
  readonly overview: OverviewView;
  readonly runs: Readonly<Record<string, RunView>>;
  readonly instances: Readonly<
    Record<string, { readonly block: string; readonly included: number; readonly total: number }>
  >;
}

interface Unpacked {
  readonly details: readonly InstanceDetail[];
  readonly records: readonly InstanceRecord[];
  readonly haystack: readonly string[];
}

async function gunzipBase64(text: string): Promise<string> {
  const bytes = Uint8Array.from(atob(text.trim()), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

export class ReportSource implements DataSource {
  readonly label: string;
  private readonly data: ReportData;
  private readonly unpacked = new Map<string, Promise<Unpacked>>();

  constructor(doc: Document) {
    this.data = JSON.parse(doc.getElementById('ef-report')?.textContent ?? 'null') as ReportData;
    this.label = `static report · generated ${this.data.overview.generated_at.replace('T', ' ').slice(0, 19)} UTC`;
  }

  overview(): Promise<OverviewView> {
    return Promise.resolve(this.data.overview);
  }

  run(run: string): Promise<RunView> {
    const view = this.data.runs[run];
    return view ? Promise.resolve(view) : Promise.reject(new Error(`not found: run ${run}`));
  }

  private unpack(run: string): Promise<Unpacked> {
    let found = this.unpacked.get(run);
    if (!found) {
      const meta = this.data.instances[run];
      if (!meta) return Promise.reject(new Error(`not found: run ${run}`));
      found = gunzipBase64(document.getElementById(meta.block)?.textContent ?? '').then((json) => {
        const details = JSON.parse(json) as InstanceDetail[];
        const records = details.map((d) => d.record);
        return { details, records, haystack: records.map(searchText) };
      });
      this.unpacked.set(run, found);
    }
    return found;
  }

  async instances(run: string, query: InstanceQuery): Promise<InstancePage> {
    const { records, haystack } = await this.unpack(run);
    return queryInstances(records, query, (i) => haystack[i]);
  }

  async instance(run: string, id: string, trial: number): Promise<InstanceDetail> {
    const { details } = await this.unpack(run);
    const detail = details.find((d) => d.record.id === id && d.record.trial === trial);
    if (!detail) throw new Error(`not found: instance ${id} (trial ${trial}) in run ${run}`);
    return detail;
  }

  truncation(run: string): Promise<string | null> {
    const meta = this.data.instances[run];
    return Promise.resolve(
      meta && meta.included < meta.total
        ? `This report holds the first ${meta.included} of the run's ${meta.total} instances (report --max_instances); serve the run folder to see them all.`
        : null,
    );
  }
}
