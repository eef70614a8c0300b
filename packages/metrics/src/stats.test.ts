import { describe, it, expect } from '@jest/globals';
import { addValue, emptyStat, meanOverTrials, mergeStats, percentile, statFromValues, summaryStats } from './stats.js';

const NAME = { name: 'exact_match', split: 'test' };

describe('Stat arithmetic (HELM)', () => {
  it('starts empty', () => {
    expect(emptyStat(NAME)).toEqual({
      name: NAME,
      count: 0,
      sum: 0,
      sum_squared: 0,
      min: null,
      max: null,
      mean: null,
      variance: null,
      stddev: null,
    });
  });
  it('adds values; null is a no-op; booleans count as 0/1', () => {
    const stat = [1, null, false, true, 0.5].reduce((s, v) => addValue(s, v), emptyStat(NAME));
    expect(stat).toMatchObject({ count: 4, sum: 2.5, sum_squared: 2.25, min: 0, max: 1 });
    expect(stat.mean).toBeCloseTo(0.625, 15);
    expect(stat.variance).toBeCloseTo(2.25 / 4 - 0.625 ** 2, 15);
    expect(stat.stddev).toBeCloseTo(Math.sqrt(2.25 / 4 - 0.625 ** 2), 15);
  });
  it('ignores NaN and Infinity so nothing derived is ever non-finite', () => {
    expect(statFromValues(NAME, [NaN, Infinity, -Infinity, 1])).toMatchObject({ count: 1, mean: 1 });
  });
  it('clamps a rounding-negative variance at 0', () => {
    const stat = statFromValues(NAME, [0.1, 0.1, 0.1]);
    expect(stat.variance).toBeGreaterThanOrEqual(0);
    expect(stat.stddev).not.toBeNaN();
  });
  it('merges: counts and sums add, min of mins, max of maxes', () => {
    const merged = mergeStats(statFromValues(NAME, [1, 3]), statFromValues(NAME, [-2]));
    expect(merged).toMatchObject({ name: NAME, count: 3, sum: 2, sum_squared: 14, min: -2, max: 3 });
    expect(merged.mean).toBeCloseTo(2 / 3, 15);
    expect(mergeStats(emptyStat(NAME), emptyStat(NAME))).toEqual(emptyStat(NAME));
    expect(mergeStats(emptyStat(NAME), statFromValues(NAME, [5]))).toMatchObject({ min: 5, max: 5, mean: 5 });
  });
});

describe('summaryStats (results.yml stats block)', () => {
  it('matches the docs/configuration.md example (210 of 1000 correct)', () => {
    const values = [...Array<number>(210).fill(1), ...Array<number>(790).fill(0)];
    const s = summaryStats(values);
    expect(s).toMatchObject({ count: 1000, sum: 210, sum_squared: 210, min: 0, max: 1 });
    expect(s.mean).toBeCloseTo(0.21, 12);
    expect(s.variance).toBeCloseTo(0.1659, 12);
    expect(s.stddev).toBeCloseTo(0.4073, 4);
    expect(s.stderr).toBeCloseTo(0.01289, 5);
  });
  const cases: [string, number[], Record<string, number>][] = [
    ['empty', [], {}],
    [
      'one value: no stderr',
      [0.5],
      { count: 1, sum: 0.5, sum_squared: 0.25, min: 0.5, max: 0.5, mean: 0.5, variance: 0, stddev: 0 },
    ],
    [
      'two values',
      [1, 0],
      { count: 2, sum: 1, sum_squared: 1, min: 0, max: 1, mean: 0.5, variance: 0.25, stddev: 0.5, stderr: 0.5 },
    ],
    [
      'constant values',
      [2, 2, 2, 2],
      { count: 4, sum: 8, sum_squared: 16, min: 2, max: 2, mean: 2, variance: 0, stddev: 0, stderr: 0 },
    ],
  ];
  it.each(cases)('%s', (_label, values, expected) => {
    expect(summaryStats(values)).toEqual(expected);
  });
  it('never contains NaN or Infinity', () => {
    for (const values of [[], [NaN], [1e200, 1e200], [1, NaN, 2]]) {
      for (const v of Object.values(summaryStats(values))) expect(Number.isFinite(v)).toBe(true);
    }
  });
});

describe('meanOverTrials', () => {
  const cases: [(number | null)[], number | null][] = [
    [[0.2, 0.4], 0.30000000000000004],
    [[0.21], 0.21],
    [[null, 0.5], 0.5],
    [[], null],
  ];
  it.each(cases)('%j → %j', (means, expected) => {
    expect(meanOverTrials(means)).toBe(expected);
  });
});

describe('percentile (NumPy linear interpolation)', () => {
  // Expected values from numpy.percentile(values, p).
  const cases: [number[], number, number | null][] = [
    [[1, 2, 3, 4], 50, 2.5],
    [[1, 2, 3, 4], 90, 3.7],
    [[1, 2, 3, 4], 99, 3.9699999999999998],
    [[1, 2, 3, 4], 0, 1],
    [[1, 2, 3, 4], 100, 4],
    [[0.1, 0.2, 0.7], 90, 0.6],
    [[5], 99, 5],
    [[], 50, null],
  ];
  it.each(cases)('%j p%d → %j', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });
});
