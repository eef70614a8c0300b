/** The viewer's HTTP routes: the page, its modules, and a JSON API that pages through instances. */
import { readFile } from 'node:fs/promises';
import type { RunCatalog } from '../data/catalog.js';
import { pageHtml } from '../page/shell.js';
import { parseInstanceQuery } from '../shared/query.js';
import { assetPath, ENTRY_MODULE } from './assets.js';

export interface Reply {
  readonly status: number;
  readonly type: string;
  readonly body: string | Buffer;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const json = (status: number, value: unknown): Reply => ({ status, type: JSON_TYPE, body: JSON.stringify(value) });
const notFound = (what: string): Reply => json(404, { error: `not found: ${what}` });

/** The served page: the same shell as the report, with the app as a module script from /assets/. */
export function servedPage(): string {
  return pageHtml({
    title: 'eval-factory results',
    tail: `<script type="module" src="/assets/${ENTRY_MODULE}"></script>`,
  });
}

/** Path segments, each percent-decoded (run ids may hold `/`, sent as %2F). Null when one is malformed. */
function segments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

async function api(catalog: RunCatalog, parts: readonly string[], params: URLSearchParams): Promise<Reply> {
  if (parts.length === 1 && parts[0] === 'overview') return json(200, await catalog.overview());
  if (parts[0] !== 'runs' || parts.length < 2) return notFound(`/api/${parts.join('/')}`);
  const run = catalog.get(parts[1]);
  if (!run) return notFound(`run ${parts[1]}`);
  if (parts.length === 2) return json(200, await run.view());
  if (parts.length === 3 && parts[2] === 'instances') return json(200, await run.page(parseInstanceQuery(params)));
  if (parts.length === 3 && parts[2] === 'instance') {
    const id = params.get('id') ?? '';
    const trial = Number(params.get('trial') ?? '0');
    const detail = Number.isInteger(trial) ? await run.detail(id, trial) : null;
    return detail
      ? json(200, detail)
      : notFound(`instance ${id} (trial ${params.get('trial') ?? '0'}) in run ${run.id}`);
  }
  return notFound(`/api/${parts.join('/')}`);
}

/**
 * Answers one GET. `/` is the page; `/assets/<file>.js` a compiled browser module; `/api/overview`,
 * `/api/runs/<id>`, `/api/runs/<id>/instances?q=&verdict=&page=&page_size=` and
 * `/api/runs/<id>/instance?id=&trial=` the data.
 */
export async function route(catalog: RunCatalog, assetsDir: string, url: URL): Promise<Reply> {
  const parts = segments(url.pathname);
  if (parts === null) return json(400, { error: 'malformed URL' });
  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'index.html')) {
    return { status: 200, type: 'text/html; charset=utf-8', body: servedPage() };
  }
  if (parts[0] === 'api') return api(catalog, parts.slice(1), url.searchParams);
  if (parts[0] === 'assets') {
    const file = assetPath(assetsDir, parts.slice(1).join('/'));
    return file
      ? { status: 200, type: 'text/javascript; charset=utf-8', body: await readFile(file) }
      : notFound(url.pathname);
  }
  return notFound(url.pathname);
}
