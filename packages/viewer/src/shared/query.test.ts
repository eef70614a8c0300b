import { describe, expect, it } from '@jest/globals';
import type { InstanceRecord, Verdict } from './api-types.js';
import { isBinary, parseInstanceQuery, queryInstances, queryParams, snippet, toRow, verdictOf } from './query.js';

/** A self-written record; `i` decides its id, text and verdict. */
function record(i: number, verdict: Verdict, over: Partial<InstanceRecord> = {}): InstanceRecord {
  return {
    index: i,
    id: `q${i}`,
    trial: 0,
    status: verdict === 'failed' ? 'failed' : verdict === 'unscored' ? 'unscored' : 'ok',
    verdict,
    variant: null,
    split: 'test',
    input: `Question ${i} about invented enzyme ${i % 3 === 0 ? 'glimmerase' : 'moonase'}`,
    references: [
      { text: 'yes', correct: i % 2 === 0 },
      { text: 'no', correct: i % 2 === 1 },
    ],
    prediction: verdict === 'failed' ? null : 'A',
    mapped_output: verdict === 'failed' ? null : 'yes',
    extracted: null,
    metrics: {},
    main_value: verdict === 'correct' ? 1 : verdict === 'wrong' ? 0 : null,
    reason: verdict === 'failed' ? 'server_error: HTTP 503' : null,
    flags: [],
    annotations: null,
    ...over,
  };
}

const params = (s: string) => new URLSearchParams(s);

// 103 records: every 10th failed (11), every other 7th unscored (13), the rest correct when odd (44) or wrong (35).
const RECORDS = Array.from({ length: 103 }, (_, i) =>
  record(i, i % 10 === 0 ? 'failed' : i % 7 === 0 ? 'unscored' : i % 2 ? 'correct' : 'wrong'),
);

describe('verdictOf', () => {
  it.each([
    ['failed', null, true, 'failed'],
    ['failed', 1, true, 'failed'],
    ['unscored', null, true, 'unscored'],
    ['ok', null, true, 'unscored'],
    ['ok', 1, true, 'correct'],
    ['ok', 0, true, 'wrong'],
    ['ok', 4.5, false, 'scored'],
    ['ok', 1, false, 'scored'],
  ] as const)('status %s, value %s, binary %s → %s', (status, value, binary, expected) => {
    expect(verdictOf(status, value, binary)).toBe(expected);
  });

  it('calls a metric binary only when every value is 0 or 1 and there is one', () => {
    expect(isBinary([0, 1, 1])).toBe(true);
    expect(isBinary([0, 0.5])).toBe(false);
    expect(isBinary([])).toBe(false);
  });
});

describe('parseInstanceQuery', () => {
  it('reads every parameter', () => {
    expect(parseInstanceQuery(params('q=%20enzyme%20&verdict=failed&page=3&page_size=25'))).toEqual({
      q: 'enzyme',
      verdict: 'failed',
      page: 3,
      page_size: 25,
    });
  });

  it('falls back to defaults for anything malformed, and caps the page size', () => {
    expect(parseInstanceQuery(params('verdict=bogus&page=-2&page_size=x'))).toEqual({
      q: '',
      verdict: 'all',
      page: 1,
      page_size: 50,
    });
    expect(parseInstanceQuery(params('page=2.5&page_size=100000')).page_size).toBe(200);
    expect(parseInstanceQuery(params('page=2.5')).page).toBe(1);
  });

  it('round-trips through queryParams, leaving defaults out', () => {
    const q = { q: 'a b&c', verdict: 'wrong', page: 2, page_size: 100 } as const;
    expect(parseInstanceQuery(params(queryParams(q)))).toEqual(q);
    expect(queryParams({ q: '', verdict: 'all', page: 1, page_size: 50 })).toBe('');
  });
});

describe('queryInstances', () => {
  const all = { q: '', verdict: 'all', page: 1, page_size: 50 } as const;

  it('pages in results order and counts every verdict', () => {
    const page = queryInstances(RECORDS, all);
    expect(page.total).toBe(103);
    expect(page.pages).toBe(3);
    expect(page.rows.map((r) => r.index)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(page.counts).toEqual({ all: 103, failed: 11, unscored: 13, correct: 44, wrong: 35, scored: 0 });
    const last = queryInstances(RECORDS, { ...all, page: 3 });
    expect(last.rows.map((r) => r.index)).toEqual([100, 101, 102]);
  });

  it('clamps a page past the end to the last page', () => {
    const page = queryInstances(RECORDS, { ...all, page: 99 });
    expect(page.query.page).toBe(3);
    expect(page.rows).toHaveLength(3);
  });

  it('filters by verdict; the chips keep counting every verdict', () => {
    const page = queryInstances(RECORDS, { ...all, verdict: 'failed' });
    expect(page.total).toBe(11);
    expect(page.rows.every((r) => r.verdict === 'failed')).toBe(true);
    expect(page.rows[0]).toMatchObject({ id: 'q0', prediction: null, reason: 'server_error: HTTP 503' });
    expect(page.counts.all).toBe(103);
  });

  it('searches id, input, answer, references and reason, case-insensitively', () => {
    expect(queryInstances(RECORDS, { ...all, q: 'GLIMMERASE' }).total).toBe(35);
    expect(queryInstances(RECORDS, { ...all, q: 'q42' }).rows.map((r) => r.id)).toEqual(['q42']);
    expect(queryInstances(RECORDS, { ...all, q: 'http 503' }).total).toBe(11);
    const both = queryInstances(RECORDS, { ...all, q: 'glimmerase', verdict: 'failed' });
    expect(both.rows.map((r) => r.id)).toEqual(['q0', 'q30', 'q60', 'q90']);
    expect(both.counts.all).toBe(35);
  });

  it('gives one empty page when nothing matches', () => {
    const page = queryInstances(RECORDS, { ...all, q: 'nothing like this' });
    expect(page).toMatchObject({ total: 0, pages: 1, rows: [] });
  });
});

describe('rows', () => {
  it('cut long texts and show the chosen option next to the letter', () => {
    const row = toRow(record(2, 'wrong', { input: `${'word '.repeat(100)}end` }));
    expect(row.input.length).toBe(160);
    expect(row.input.endsWith('…')).toBe(true);
    expect(row.prediction).toBe('A → yes');
    expect(row.gold).toBe('yes');
  });

  it('collapse whitespace', () => {
    expect(snippet(' a\n\n b\t c ')).toBe('a b c');
    expect(snippet(null)).toBe('');
  });
});
