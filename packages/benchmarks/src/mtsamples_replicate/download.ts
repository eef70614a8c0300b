/**
 * Downloads the pinned report folder from GitHub (docs/benchmarks/mtsamples_replicate.md). HELM lists it with the contents API, which
 * returns at most 1,000 entries; the corrected set needs all 1,269 files, so we list it with the git trees API
 * (the folder's tree at the pinned commit, every entry) and take HELM's 1,000 from that list in the same byte-wise
 * order. Files come from raw.githubusercontent.com at the pinned commit, URL-encoded like Python's `quote()`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { dataFormatError } from '../shared/data-errors.js';
import { fetchJson, fetchUrlToFile } from '../shared/download.js';
import type { FetchOptions } from '../shared/download.js';
import { compareBytes, isReportName } from './folder.js';

export const MTSAMPLES_REPO = 'raulista1997/benchmarkdata';
/** The commit HELM pins as `GIT_HASH`. */
export const MTSAMPLES_REVISION = 'ebc104a4f96c5b7602242f301e081e9934a23344';
export const MTSAMPLES_FOLDER = 'mtsamples_processed';

export interface MtsamplesEndpoints {
  /** GitHub REST API base (tests point it at a loopback server). */
  readonly apiBase: string;
  /** Raw file host base. */
  readonly rawBase: string;
  readonly fetchOptions?: FetchOptions;
  /** Files downloaded at once. */
  readonly concurrency?: number;
}

export const GITHUB_ENDPOINTS: MtsamplesEndpoints = {
  apiBase: 'https://api.github.com',
  rawBase: 'https://raw.githubusercontent.com',
};

/** A folder of the repository at a commit (mtsamples_procedures reads another folder at another commit). */
export interface ReportSource {
  readonly revision: string;
  readonly folder: string;
}

export const REPLICATE_SOURCE: ReportSource = { revision: MTSAMPLES_REVISION, folder: MTSAMPLES_FOLDER };

/**
 * Python's `urllib.parse.quote(name)`: everything but letters, digits, `_.-~` and `/` is percent-encoded (UTF-8).
 * @example pyQuote('H&P (1).txt') // 'H%26P%20%281%29.txt'
 */
export function pyQuote(name: string): string {
  return encodeURIComponent(name)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, '/');
}

export const treeUrl = (apiBase: string, treeish: string): string =>
  `${apiBase}/repos/${MTSAMPLES_REPO}/git/trees/${treeish}`;

export const rawFileUrl = (rawBase: string, name: string, source: ReportSource = REPLICATE_SOURCE): string =>
  `${rawBase}/${MTSAMPLES_REPO}/${source.revision}/${source.folder}/${pyQuote(name)}`;

interface TreeEntry {
  readonly path: string;
  readonly type: string;
  readonly sha: string;
}

async function fetchTree(url: string, fetchOptions?: FetchOptions): Promise<TreeEntry[]> {
  const body = await fetchJson(url, fetchOptions);
  const tree = (body as { tree?: unknown } | null)?.tree;
  const valid =
    Array.isArray(tree) &&
    tree.every((e) => typeof e?.path === 'string' && typeof e?.type === 'string' && typeof e?.sha === 'string');
  if (!valid) throw dataFormatError(url, 'the git trees response has no list of {path, type, sha} entries');
  if ((body as { truncated?: unknown }).truncated === true)
    throw dataFormatError(url, 'the git trees listing is truncated');
  return tree as TreeEntry[];
}

/** Every report file name of the pinned folder, byte-wise sorted (two API requests). */
export async function listReportNames(
  endpoints: MtsamplesEndpoints,
  source: ReportSource = REPLICATE_SOURCE,
): Promise<string[]> {
  const rootUrl = treeUrl(endpoints.apiBase, source.revision);
  const folder = (await fetchTree(rootUrl, endpoints.fetchOptions)).find(
    (e) => e.path === source.folder && e.type === 'tree',
  );
  if (!folder) throw dataFormatError(rootUrl, `the commit has no ${source.folder}/ folder`);
  const entries = await fetchTree(treeUrl(endpoints.apiBase, folder.sha), endpoints.fetchOptions);
  const names = entries.filter((e) => e.type === 'blob' && isReportName(e.path)).map((e) => e.path);
  for (const name of names) {
    // A tree entry is a single path component; anything else could write outside the folder.
    if (name.includes('/') || name.includes('\\') || name === '.' || name === '..')
      throw dataFormatError(rootUrl, `unexpected file name ${JSON.stringify(name)}`);
  }
  return names.sort(compareBytes);
}

/** Runs `task` over `items` with at most `limit` in flight; the first failure rejects. */
async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Lists the pinned folder and downloads every report into `dir` (created); returns the names. */
export async function downloadReportFolder(
  dir: string,
  endpoints: MtsamplesEndpoints,
  source: ReportSource = REPLICATE_SOURCE,
): Promise<string[]> {
  const names = await listReportNames(endpoints, source);
  if (names.length === 0)
    throw dataFormatError(treeUrl(endpoints.apiBase, source.revision), 'the folder lists no .txt file');
  await mkdir(dir, { recursive: true });
  await forEachLimited(names, endpoints.concurrency ?? 8, async (name) => {
    await fetchUrlToFile(rawFileUrl(endpoints.rawBase, name, source), join(dir, name), endpoints.fetchOptions);
  });
  return names;
}
