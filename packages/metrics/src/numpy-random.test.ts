import { describe, it, expect } from '@jest/globals';
import { NumpyLegacyRandom, pandasSamplePositions } from './numpy-random.js';

// docs/architecture.md vectors, plus more taken from NumPy 2.x (np.random.seed(s); np.random.permutation(n)) and
// NumPy 2.4 (np.random.RandomState(s).permutation(n) / .choice(n, k, replace=False)).
describe('NumpyLegacyRandom', () => {
  it('first three next32() after seed(0)', () => {
    const rng = new NumpyLegacyRandom(0);
    expect([rng.next32(), rng.next32(), rng.next32()]).toEqual([2357136044, 2546248239, 3071714933]);
  });

  const permutations: [number, number, number[]][] = [
    [0, 5, [2, 0, 1, 3, 4]],
    [0, 10, [2, 8, 4, 9, 1, 6, 7, 3, 0, 5]],
    [0, 1, [0]],
    [0, 2, [1, 0]],
    [0, 0, []],
    [4294967295, 8, [1, 7, 6, 0, 5, 4, 2, 3]],
  ];
  it.each(permutations)('seed(%d).permutation(%d) = %j', (seed, n, expected) => {
    expect(new NumpyLegacyRandom(seed).permutation(n)).toEqual(expected);
  });

  const prefixes: [number, number[]][] = [
    [20, [18, 1, 19, 8, 10]], // choice(20, 5, replace=False) is permutation(20)[:5]
    [100, [26, 86, 2, 55, 75, 93, 16, 73, 54, 95]],
    [1047, [897, 736, 767, 793, 887, 1019, 413, 453, 670, 491]],
    [2675, [1827, 217, 2204, 728, 1213, 1030, 1798, 1869, 1058, 909]],
  ];
  it.each(prefixes)('seed(0).permutation(%d) starts %j', (n, expected) => {
    expect(new NumpyLegacyRandom(0).permutation(n).slice(0, expected.length)).toEqual(expected);
  });

  it.each([
    [7, [6, 2, 1, 0, 4, 3, 5]],
    [12000, [7163, 10385, 1902, 3397, 11695, 6443, 10786, 9406]],
    [300000, [205179, 101710, 89106, 193046, 99093, 105506]],
  ])('RandomState(1).permutation(%d) starts %j', (n, expected) => {
    expect(new NumpyLegacyRandom(1).permutation(n).slice(0, expected.length)).toEqual(expected);
  });

  it('permutation is a permutation', () => {
    const p = new NumpyLegacyRandom(0).permutation(2675);
    expect([...p].sort((a, b) => a - b)).toEqual(Array.from({ length: 2675 }, (_, i) => i));
  });

  it('bounded(max) stays in [0, max]; bounded(0) draws nothing', () => {
    const rng = new NumpyLegacyRandom(0);
    expect(rng.bounded(0)).toBe(0);
    expect(rng.next32()).toBe(2357136044);
    for (const max of [1, 2, 3, 7, 1000, 0x7fffffff, 0xffffffff]) {
      for (let i = 0; i < 50; i++) {
        const v = rng.bounded(max);
        expect(v >= 0 && v <= max && Number.isInteger(v)).toBe(true);
      }
    }
  });

  it.each([-1, 0.5, 1.5, 2 ** 32, NaN])('rejects seed %p', (seed) => {
    expect(() => new NumpyLegacyRandom(seed)).toThrow(RangeError);
  });
});

describe('pandasSamplePositions (df.sample(n, random_state=seed))', () => {
  it('is the prefix of the permutation, in permutation order', () => {
    expect(pandasSamplePositions(7, 3, 1)).toEqual([6, 2, 1]);
    const positions = pandasSamplePositions(12000, 10000, 1);
    expect(positions.slice(0, 3)).toEqual([7163, 10385, 1902]);
    expect(positions.slice(-3)).toEqual([1706, 1464, 3800]);
    expect(new Set(positions).size).toBe(10000);
  });

  it('refuses a sample larger than the table, like pandas', () => {
    expect(() => pandasSamplePositions(5, 6, 1)).toThrow(RangeError);
  });
});
