import { describe, expect, it } from '@jest/globals';
import type { EventStore, LabelRow } from './meds.js';
import { buildEhrshotInstances, priorEventCount, sortedPositions } from './instances.js';
import { ehrshotInputText, promptHead } from './prompt.js';
import { countCl100kTokens, lineTokens, PromptTokenCounter } from './token-count.js';

// Codes chosen to stress cl100k's pre-tokenizer at line ends: punctuation (which swallows following newlines),
// trailing spaces, digits, contractions, non-Latin letters, empty and missing codes, embedded newlines and dashes.
const AWKWARD: (string | null)[] = [
  'SNOMED/59621000',
  'ICD9CM/410.',
  'Note/see (x)',
  'Note/trailing  ',
  'LOINC/2951-2',
  "Note/patient's",
  'Note/中文',
  '',
  null,
  'Note/a\nb',
  'Note/line\n- fake',
  '!!!',
  'Note/  \t',
  '12345678901',
  'Visit/IP',
  'Note/🙂',
  'ends-with-dash-',
];

function fastCount(head: string, codes: readonly (string | null)[]): number {
  const counter = new PromptTokenCounter(head);
  if (codes.length === 0) return counter.total(0, null);
  const inner = codes.slice(0, -1).reduce((sum, c) => sum + lineTokens(c).inner, 0);
  return counter.total(inner, lineTokens(codes[codes.length - 1]).last);
}

describe('prompt token counts from per-line counts equal whole-text cl100k counts', () => {
  it.each([
    'guo_los',
    'new_acutemi',
    'lab_thrombocytopenia',
  ] as const)('%s: every prefix of the awkward timeline', (task) => {
    for (let m = 0; m <= AWKWARD.length; m++) {
      const codes = AWKWARD.slice(0, m);
      expect([m, fastCount(promptHead(task), codes)]).toEqual([m, countCl100kTokens(ehrshotInputText(task, codes))]);
    }
  });

  it('every pair of awkward codes in both orders', () => {
    for (const a of AWKWARD) {
      for (const b of AWKWARD) {
        expect(fastCount(promptHead('guo_icu'), [a, b])).toBe(countCl100kTokens(ehrshotInputText('guo_icu', [a, b])));
      }
    }
  });
});

describe('max_length boundary through buildEhrshotInstances', () => {
  const codes = AWKWARD.slice(0, 9);
  const events: EventStore = {
    codes,
    timelines: new Map([[7, { times: Float64Array.from(codes.keys()), codeIds: Int32Array.from(codes.keys()) }]]),
  };
  // One label per prefix length 0..9: label at time m-1 sees the first m events.
  const frame: LabelRow[] = Array.from({ length: 10 }, (_, m) => ({
    row: m,
    subject: 7,
    time: m - 1,
    positive: m % 2 === 0,
  }));

  it('keeps a prompt of exactly max_length tokens and drops one token more', () => {
    for (const m of [0, 1, 5, 9]) {
      const length = countCl100kTokens(ehrshotInputText('guo_los', codes.slice(0, m)));
      const atLimit = buildEhrshotInstances(frame, events, { task: 'guo_los', maxLength: length, dataFile: 'd' });
      expect(atLimit.instances).toHaveLength(m + 1);
      const below = buildEhrshotInstances(frame, events, { task: 'guo_los', maxLength: length - 1, dataFile: 'd' });
      expect(below.instances).toHaveLength(m);
      expect(below.dropped).toBe(10 - m);
      expect(atLimit.misaligned).toBe(0);
    }
  });
});

describe('ordering helpers', () => {
  const row = (r: number, subject: number | string, time: number | null): LabelRow => ({
    row: r,
    subject,
    time,
    positive: false,
  });

  it('sorts by subject then time, stable on ties, missing times last (pandas lexsort)', () => {
    const frame = [row(0, 2, 5), row(1, 1, null), row(2, 1, 3), row(3, 2, 5), row(4, 1, 1), row(5, 10, 0)];
    expect(sortedPositions(frame)).toEqual([4, 2, 1, 0, 3, 5]);
    expect(sortedPositions([row(0, 'b', 1), row(1, 'a', 2), row(2, 'B', 0)])).toEqual([2, 1, 0]);
  });

  it('counts events at or before the time (an event exactly at the prediction time counts)', () => {
    const timeline = { times: Float64Array.from([1, 3, 3, 7, NaN]), codeIds: Int32Array.from([0, 1, 2, 3, 4]) };
    expect([0, 1, 3, 6, 7, 100].map((t) => priorEventCount(timeline, t))).toEqual([0, 1, 3, 3, 4, 4]);
    expect(priorEventCount(timeline, null)).toBe(0);
    expect(priorEventCount(undefined, 5)).toBe(0);
  });
});
