/**
 * Downloads a Hugging Face dataset split through the datasets-server rows API, page by page, into a JSONL file of
 * hub-shaped rows (one JSON object per line), which a loader then reads like a user's local copy.
 * The API serves the dataset's current revision only: callers pin the rows themselves (count + digest,
 * `pinned-rows.ts`), so an upstream change shows up as a checksum error instead of a silently different benchmark.
 */
import { writeFile } from 'node:fs/promises';
import { dataFormatError } from './data-errors.js';
import { downloadError, fetchJson } from './download.js';
import type { FetchOptions } from './download.js';
import type { Fail } from './jsonl-rows.js';

export const HF_ROWS_API = 'https://datasets-server.huggingface.co/rows';
/** The API's maximum page length. */
const PAGE_LENGTH = 100;

export interface HfRowsSource {
  readonly dataset: string;
  readonly config: string;
  readonly split: string;
}

/**
 * Rows API URL of the page starting at `offset`.
 * @example hfRowsUrl(HF_ROWS_API, { dataset: 'a/b', config: 'c', split: 'train' }, 0)
 * // 'https://datasets-server.huggingface.co/rows?dataset=a%2Fb&config=c&split=train&offset=0&length=100'
 */
export function hfRowsUrl(apiBase: string, source: HfRowsSource, offset: number): string {
  const { dataset, config, split } = source;
  const query = `dataset=${encodeURIComponent(dataset)}&config=${encodeURIComponent(config)}&split=${encodeURIComponent(split)}`;
  return `${apiBase}?${query}&offset=${offset}&length=${PAGE_LENGTH}`;
}

interface RowsPage {
  readonly rows: readonly { readonly row: unknown; readonly truncated_cells?: readonly string[] }[];
  readonly num_rows_total: number;
}

async function fetchPage(url: string, fetchOptions?: FetchOptions): Promise<RowsPage> {
  const page = await fetchJson(url, fetchOptions);
  const ok =
    page !== null &&
    typeof page === 'object' &&
    Array.isArray((page as RowsPage).rows) &&
    Number.isInteger((page as RowsPage).num_rows_total);
  if (!ok) throw dataFormatError(url, 'the rows API response has no rows list or num_rows_total');
  return page as RowsPage;
}

export interface HfRowsDownload {
  readonly source: HfRowsSource;
  /** Temporary file to write (the caller renames it into the cache once verified). */
  readonly path: string;
  /** Validates one served row and returns its JSONL line; `fail` throws `EF_DATA_FORMAT` naming the page and row. */
  readonly toLine: (row: unknown, fail: Fail) => string;
  readonly apiBase?: string;
  readonly fetchOptions?: FetchOptions;
}

/** Downloads every row of the split until `num_rows_total` and writes them to `path` as JSONL. */
export async function downloadHfRowsJsonl(opts: HfRowsDownload): Promise<void> {
  const lines: string[] = [];
  let total = Infinity;
  while (lines.length < total) {
    const url = hfRowsUrl(opts.apiBase ?? HF_ROWS_API, opts.source, lines.length);
    const page = await fetchPage(url, opts.fetchOptions);
    total = page.num_rows_total;
    if (page.rows.length === 0 && lines.length < total)
      throw downloadError(url, `no rows after ${lines.length} of ${total}`);
    for (const { row, truncated_cells: truncated } of page.rows) {
      // The API shortens very long cells; a truncated text would silently change the benchmark.
      if (truncated && truncated.length > 0)
        throw downloadError(url, `row ${lines.length} has truncated cells (${truncated.join(', ')})`);
      const index = lines.length;
      lines.push(
        opts.toLine(row, (what) => {
          throw dataFormatError(url, `row ${index}: ${what}`);
        }),
      );
    }
  }
  await writeFile(opts.path, lines.map((line) => `${line}\n`).join(''));
}
