/**
 * Searching, filtering and paging instance records: the server runs it per request over a run's records, and the
 * static report runs the same code in the browser, so both show the same rows.
 */
import {
  VERDICTS,
  type InstancePage,
  type InstanceQuery,
  type InstanceRecord,
  type InstanceRow,
  type Verdict,
} from './api-types.js';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Characters of each text kept in a browser row; the instance page shows the whole text. */
export const SNIPPET_CHARS = 160;

/**
 * The verdict of one (instance, trial). `binary` = every scored value of the run's main metric is 0 or 1, so 1 is
 * right and 0 wrong; any other metric (a 1–5 judge score, a ROUGE) only says `scored`.
 * @example verdictOf('ok', 1, true) // 'correct'
 */
export function verdictOf(status: string, mainValue: number | null, binary: boolean): Verdict {
  if (status === 'failed') return 'failed';
  if (mainValue === null || status === 'unscored') return 'unscored';
  if (!binary) return 'scored';
  return mainValue === 1 ? 'correct' : mainValue === 0 ? 'wrong' : 'scored';
}

/** Whether every value is 0 or 1 (an empty list is not binary: there is nothing to call right or wrong). */
export function isBinary(values: Iterable<number>): boolean {
  let any = false;
  for (const v of values) {
    if (v !== 0 && v !== 1) return false;
    any = true;
  }
  return any;
}

/** Collapses whitespace and cuts to `max` characters with an ellipsis. */
export function snippet(text: string | null, max = SNIPPET_CHARS): string {
  if (text === null) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The gold answers (references tagged correct), joined with ` | `; empty when none is tagged. */
export function goldText(record: InstanceRecord): string {
  const gold = record.references.filter((r) => r.correct).map((r) => r.text);
  return gold.join(' | ');
}

/** The lower-cased text a search looks in: id, input, answer, references and failure reason. */
export function searchText(record: InstanceRecord): string {
  return [
    record.id,
    record.input,
    record.prediction ?? '',
    record.mapped_output ?? '',
    record.reason ?? '',
    ...record.references.map((r) => r.text),
  ]
    .join('\n')
    .toLowerCase();
}

export function toRow(record: InstanceRecord): InstanceRow {
  return {
    index: record.index,
    id: record.id,
    trial: record.trial,
    verdict: record.verdict,
    input: snippet(record.input),
    prediction:
      record.prediction === null
        ? null
        : snippet(record.mapped_output ? `${record.prediction} → ${record.mapped_output}` : record.prediction),
    gold: snippet(goldText(record)),
    main_value: record.main_value,
    reason: record.reason === null ? null : snippet(record.reason, 240),
  };
}

function intParam(raw: string | null | undefined, fallback: number, min: number, max: number): number {
  const n = raw === null || raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/**
 * A query from URL parameters (`q`, `verdict`, `page`, `page_size`); anything malformed falls back to its default
 * rather than failing, since these come from a link or the address bar.
 * @example parseInstanceQuery(new URLSearchParams('verdict=failed&page=2')) // {q: '', verdict: 'failed', page: 2, page_size: 50}
 */
export function parseInstanceQuery(params: { get(name: string): string | null }): InstanceQuery {
  const verdict = params.get('verdict');
  return {
    q: (params.get('q') ?? '').trim(),
    verdict: verdict !== null && (VERDICTS as readonly string[]).includes(verdict) ? (verdict as Verdict) : 'all',
    page: intParam(params.get('page'), 1, 1, Number.MAX_SAFE_INTEGER),
    page_size: intParam(params.get('page_size'), DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
  };
}

/** The URL parameters of a query, defaults left out (the inverse of parseInstanceQuery). */
export function queryParams(query: Partial<InstanceQuery>): string {
  const parts: string[] = [];
  if (query.q) parts.push(`q=${encodeURIComponent(query.q)}`);
  if (query.verdict && query.verdict !== 'all') parts.push(`verdict=${query.verdict}`);
  if (query.page && query.page > 1) parts.push(`page=${query.page}`);
  if (query.page_size && query.page_size !== DEFAULT_PAGE_SIZE) parts.push(`page_size=${query.page_size}`);
  return parts.join('&');
}

function emptyCounts(): Record<Verdict | 'all', number> {
  return { all: 0, correct: 0, wrong: 0, scored: 0, failed: 0, unscored: 0 };
}

/**
 * One page of the records matching the query, in results.jsonl order. A page past the end is clamped to the last
 * one. `haystack(i)` gives record i's search text (callers may cache it); defaults to computing it.
 */
export function queryInstances(
  records: readonly InstanceRecord[],
  query: InstanceQuery,
  haystack: (i: number) => string = (i) => searchText(records[i]),
): InstancePage {
  const needle = query.q.toLowerCase();
  const counts = emptyCounts();
  const matched: number[] = [];
  for (let i = 0; i < records.length; i++) {
    if (needle && !haystack(i).includes(needle)) continue;
    const verdict = records[i].verdict;
    counts.all++;
    counts[verdict]++;
    if (query.verdict === 'all' || query.verdict === verdict) matched.push(i);
  }
  const pages = Math.max(1, Math.ceil(matched.length / query.page_size));
  const page = Math.min(query.page, pages);
  const start = (page - 1) * query.page_size;
  return {
    query: { ...query, page },
    total: matched.length,
    pages,
    counts,
    rows: matched.slice(start, start + query.page_size).map((i) => toRow(records[i])),
  };
}
