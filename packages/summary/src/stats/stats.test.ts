/**
 * Known values for the statistics. The bootstrap references come from a Python copy of mulberry32 and of the
 * resampling loop with numpy.percentile (docs/results.md "Checking the numbers"); the binomial ones from
 * scipy.stats.binomtest 1.17; Holm, McNemar counts and standings by hand.
 */
import { describe, expect, it } from '@jest/globals';
import { bootstrapMeanCI, pairedBootstrap, quantileSorted } from './bootstrap.js';
import { holm } from './holm.js';
import { binomialTestHalf, mcnemarExact } from './mcnemar.js';
import { mulberry32, randomIndex } from './prng.js';
import { standings } from './ranking.js';

describe('mulberry32', () => {
  it.each([
    [0, [0.26642920868471265, 0.0003297457005828619, 0.2232720274478197]],
    [1, [0.6270739405881613, 0.002735721180215478, 0.5274470399599522]],
    [42, [0.6011037519201636, 0.44829055899754167, 0.8524657934904099]],
    [123456789, [0.2577907438389957, 0.9707721115555614, 0.7853280142880976]],
  ])('seed %d gives the reference sequence', (seed, expected) => {
    const rand = mulberry32(seed);
    expect([rand(), rand(), rand()]).toEqual(expected);
  });
});

describe('quantileSorted (numpy linear)', () => {
  it.each([
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4], 0.025, 1.075],
    [[0, 10], 0.975, 9.75],
    [[5], 0.3, 5],
  ])('%j at %d = %d', (xs, q, expected) => expect(quantileSorted(xs, q)).toBeCloseTo(expected, 12));
});

describe('bootstrapMeanCI', () => {
  it.each([
    ['0/1 values', [1, 0, 1, 1, 0], { seed: 0, resamples: 2000, level: 0.95 }, 0.2, 1.0],
    [
      'fractions',
      [0.5, 0.25, 1.0, 0.0, 0.75, 0.1, 0.9],
      { seed: 42, resamples: 1000, level: 0.95 },
      0.22142857142857145,
      0.7714285714285715,
    ],
    ['two values, 90 %', [3.0, 7.5], { seed: 7, resamples: 500, level: 0.9 }, 3.0, 7.5],
    [
      '200 values',
      Array.from({ length: 200 }, (_, i) => ((i * 37) % 11) / 10),
      { seed: 2024, resamples: 2000, level: 0.95 },
      0.4545000000000004,
      0.5405125000000002,
    ],
  ])('%s matches the Python reference', (_name, values, options, lo, hi) => {
    const ci = bootstrapMeanCI(values, options);
    expect(ci?.lo).toBeCloseTo(lo, 12);
    expect(ci?.hi).toBeCloseTo(hi, 12);
  });

  it('is close to scipy.stats.bootstrap (percentile, 20 000 resamples: [0.4525, 0.5405])', () => {
    const ci = bootstrapMeanCI(
      Array.from({ length: 200 }, (_, i) => ((i * 37) % 11) / 10),
      { seed: 5, resamples: 20000, level: 0.95 },
    );
    expect(Math.abs((ci?.lo ?? 0) - 0.4525)).toBeLessThan(0.004);
    expect(Math.abs((ci?.hi ?? 0) - 0.5405)).toBeLessThan(0.004);
  });

  it('is reproducible for a seed and changes with it', () => {
    const values = [0.1, 0.9, 0.4, 0.4, 0.8, 0.3, 0.7];
    expect(bootstrapMeanCI(values, { seed: 9, resamples: 300, level: 0.95 })).toEqual(
      bootstrapMeanCI(values, { seed: 9, resamples: 300, level: 0.95 }),
    );
    expect(bootstrapMeanCI(values, { seed: 10, resamples: 300, level: 0.95 })).not.toEqual(
      bootstrapMeanCI(values, { seed: 9, resamples: 300, level: 0.95 }),
    );
  });

  it('gives no interval below two values and a zero-width one for constant values', () => {
    expect(bootstrapMeanCI([])).toBeNull();
    expect(bootstrapMeanCI([1])).toBeNull();
    expect(bootstrapMeanCI([0.5, 0.5, 0.5])).toEqual({ lo: 0.5, hi: 0.5 });
  });

  it('rejects impossible options', () => {
    expect(() => bootstrapMeanCI([1, 2], { seed: 0, resamples: 0, level: 0.95 })).toThrow(RangeError);
    expect(() => bootstrapMeanCI([1, 2], { seed: 0, resamples: 10, level: 1 })).toThrow(RangeError);
  });
});

describe('the resampling loop', () => {
  /** The loop as prng.ts's generator draws it, one closure call per index: the reference for the inlined one. */
  function referenceMeanCI(values: number[], seed: number, resamples: number, level: number) {
    const rand = mulberry32(seed);
    const means = new Float64Array(resamples);
    for (let r = 0; r < resamples; r++) {
      let sum = 0;
      for (let i = 0; i < values.length; i++) sum += values[randomIndex(rand, values.length)];
      means[r] = sum / values.length;
    }
    const sorted = means.slice().sort();
    const alpha = (1 - level) / 2;
    return { lo: quantileSorted(sorted, alpha), hi: quantileSorted(sorted, 1 - alpha) };
  }

  it.each([
    ['0/1 values', 400, 0, 2000],
    ['fractions', 57, 1234, 700],
    ['a large seed', 31, 0xfffffff0, 300],
    ['two values', 2, 3, 100],
  ])('draws what mulberry32 and randomIndex draw, bit for bit: %s', (name, n, seed, resamples) => {
    const rand = mulberry32(n);
    const values = Array.from({ length: n }, () => (name === '0/1 values' ? Math.round(rand()) : rand()));
    expect(bootstrapMeanCI(values, { seed, resamples, level: 0.95 })).toEqual(
      referenceMeanCI(values, seed, resamples, 0.95),
    );
  });
});

describe('pairedBootstrap', () => {
  it('0/1 pairs match the Python reference', () => {
    const r = pairedBootstrap([1, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 0], [0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0], {
      seed: 0,
      resamples: 2000,
      level: 0.95,
    });
    expect(r?.diff).toBeCloseTo(0.3333333333333333, 14);
    expect(r?.ci.lo).toBeCloseTo(0.08333333333333333, 12);
    expect(r?.ci.hi).toBeCloseTo(0.5833333333333334, 12);
    expect(r?.p).toBeCloseTo(0.028985507246376812, 14);
  });

  it('continuous pairs match the Python reference', () => {
    const r = pairedBootstrap([0.9, 0.4, 0.7, 0.3, 0.8, 0.55], [0.7, 0.5, 0.6, 0.3, 0.6, 0.5], {
      seed: 3,
      resamples: 999,
      level: 0.95,
    });
    expect(r?.diff).toBeCloseTo(0.075, 12);
    expect(r?.ci.lo).toBeCloseTo(-0.008333333333333323, 12);
    expect(r?.ci.hi).toBeCloseTo(0.1666666666666667, 12);
    expect(r?.p).toBeCloseTo(0.125, 14);
  });

  it('identical systems: difference 0, p = 1', () => {
    expect(pairedBootstrap([1, 0, 1], [1, 0, 1], { seed: 0, resamples: 100, level: 0.95 })).toEqual({
      diff: 0,
      ci: { lo: 0, hi: 0 },
      p: 1,
    });
  });

  it('refuses unpaired input and gives nothing below two pairs', () => {
    expect(() => pairedBootstrap([1, 0], [1])).toThrow(RangeError);
    expect(pairedBootstrap([1], [0])).toBeNull();
  });
});

describe('binomialTestHalf (= scipy.stats.binomtest(k, n, 0.5).pvalue)', () => {
  it.each([
    [3, 3, 0.25],
    [0, 5, 0.0625],
    [2, 10, 0.109375],
    [5, 10, 1.0],
    [7, 20, 0.26317596435546875],
    [40, 100, 0.05688793364098089],
    [12, 57, 1.3127443164284712e-5],
    [480, 1000, 0.2174482932041415],
    [4900, 10000, 0.04658552770494645],
    [1, 1, 1.0],
    [0, 0, 1.0],
  ])('k=%d n=%d → %d', (k, n, p) => {
    expect(Math.abs(binomialTestHalf(k, n) - p)).toBeLessThanOrEqual(p * 1e-10);
  });

  it('is symmetric in k and n − k', () => expect(binomialTestHalf(13, 40)).toBe(binomialTestHalf(27, 40)));
});

describe('mcnemarExact', () => {
  it('counts the discordant pairs and tests them', () => {
    // a = 1, b = 0 at 4 instances; a = 0, b = 1 nowhere: p = 2 · (½)^4.
    expect(mcnemarExact([1, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 0], [0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0])).toEqual({
      b: 4,
      c: 0,
      p: 0.125,
    });
    // 2 against 8 discordant pairs: binomtest(2, 10).
    const a = [1, 1, ...Array<number>(8).fill(0), 1, 0];
    const b = [0, 0, ...Array<number>(8).fill(1), 1, 0];
    const r = mcnemarExact(a, b);
    expect([r.b, r.c]).toEqual([2, 8]);
    expect(r.p).toBeCloseTo(0.109375, 14);
  });

  it('no discordant pair → p = 1; non-binary values are refused', () => {
    expect(mcnemarExact([1, 0], [1, 0])).toEqual({ b: 0, c: 0, p: 1 });
    expect(() => mcnemarExact([0.5], [1])).toThrow(RangeError);
  });
});

describe('holm', () => {
  it.each([
    [
      [0.01, 0.04, 0.03],
      [0.03, 0.06, 0.06],
    ],
    [
      [0.5, 0.2, 0.001, 0.04],
      [0.5, 0.4, 0.004, 0.12],
    ],
    [
      [0.02, 0.02],
      [0.04, 0.04],
    ],
    [
      [0.6, 0.7],
      [1, 1],
    ],
    [[0.3], [0.3]],
    [[], []],
  ])('%j → %j', (p, expected) => {
    const adjusted = holm(p);
    expect(adjusted).toHaveLength(expected.length);
    adjusted.forEach((x, i) => expect(x).toBeCloseTo(expected[i], 14));
  });
});

describe('standings (win rate, rank)', () => {
  it('counts ties as ½, skips missing values and single-model columns', () => {
    const s = standings(3, [
      { lowerIsBetter: false, values: [0.9, 0.5, 0.5] },
      { lowerIsBetter: true, values: [10, null, 5] },
      { lowerIsBetter: false, values: [1, null, null] },
    ]);
    expect(s).toEqual([
      { meanWinRate: 0.5, meanRank: 1.5, columns: 2 },
      { meanWinRate: 0.25, meanRank: 2.5, columns: 1 },
      { meanWinRate: 0.625, meanRank: 1.75, columns: 2 },
    ]);
  });

  it('a model alone has no standing', () => {
    expect(standings(1, [{ lowerIsBetter: false, values: [0.7] }])).toEqual([
      { meanWinRate: null, meanRank: null, columns: 0 },
    ]);
  });
});
