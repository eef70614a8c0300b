import { describe, expect, it } from '@jest/globals';
import { perInstanceStatsJson, singleValueStat, StatTexts } from './per-instance-stats.js';

const omitNull = (_key: string, value: unknown): unknown => (value === null ? undefined : value);
/** How a per_instance_stats element was written before its text was templated: the byte-for-byte reference. */
function reference(id: unknown, trial: unknown, split: unknown, values: Record<string, unknown>): string {
  const stats = Object.entries(values).map(([name, v]) => singleValueStat(name, split as string, v as number));
  return JSON.stringify({ instance_id: id, train_trial_index: trial, stats }, omitNull, 2);
}

describe('perInstanceStatsJson', () => {
  it.each<[string, unknown, unknown, unknown, Record<string, unknown>]>([
    [
      'typical values',
      'id0',
      0,
      'test',
      { exact_match: 1, 'exact_match@5': 0, num_prompt_tokens: 182, inference_runtime: 0.11407906099999997 },
    ],
    [
      'awkward numbers',
      'id1',
      3,
      'valid',
      { a: -0, b: 1e21, c: 1e-7, d: -2.5, e: 1e200, f: 5e-324, g: Number.MAX_SAFE_INTEGER },
    ],
    ['non-finite numbers are null', 'id2', 0, 'test', { nan: NaN, inf: Infinity, ninf: -Infinity, big: 1e300 }],
    ['names and ids needing escapes', 'a"b\\c\n\u2028', 0, 'te"st', { 'q"uote': 1, 'new\nline': 0, 'é\u{1F600}': 2 }],
    ['integer-like metric names come first', 'id3', 0, 'test', { b: 1, 10: 2, 9: 3 }],
    ['no values', 'id4', 1, 'test', {}],
    ['a NaN trial index', 'id5', NaN, 'test', { a: 1 }],
    ['a numeric id (not a string): the general path', 7, 0, 'test', { a: 1 }],
    ['a missing id: the general path', undefined, 0, 'test', { a: 1 }],
    ['a null split: the general path', 'id6', 0, null, { a: 1 }],
    ['a non-number value: the general path', 'id7', 0, 'test', { a: 1, b: null, c: '2' }],
  ])('%s: same text as JSON.stringify with the null-omitting replacer', (_label, id, trial, split, values) => {
    const texts = new StatTexts();
    const text = perInstanceStatsJson(
      texts,
      id as string,
      trial as number,
      split as string,
      values as Record<string, number>,
    );
    expect(text).toBe(reference(id, trial, split, values));
    // A second time from the kept texts.
    expect(
      perInstanceStatsJson(texts, id as string, trial as number, split as string, values as Record<string, number>),
    ).toBe(text);
  });

  it('keeps texts apart by split and value, past the number of values it keeps', () => {
    const texts = new StatTexts();
    for (let i = 0; i < 5000; i++) {
      const values = { m: i % 7, runtime: i / 3, zero: 0 };
      const split = i % 2 ? 'test' : 'valid';
      expect(perInstanceStatsJson(texts, `id${i}`, i % 3, split, values)).toBe(
        reference(`id${i}`, i % 3, split, values),
      );
    }
  });
});
