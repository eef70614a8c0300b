// Local bindings: under Jest's VM context every lookup of the global `Math` costs ~20× more (prng.ts).
const { imul, floor } = Math;

/** What a bootstrap needs to be reproducible; recorded next to every interval it produces. */
export interface BootstrapOptions {
  /** mulberry32 seed; every interval restarts from it, so a cell's interval does not depend on the other cells. */
  readonly seed: number;
  readonly resamples: number;
  /** Coverage of the interval, e.g. 0.95. */
  readonly level: number;
}

export const DEFAULT_BOOTSTRAP: BootstrapOptions = { seed: 0, resamples: 2000, level: 0.95 };

export interface Interval {
  readonly lo: number;
  readonly hi: number;
}

export interface PairedBootstrapResult {
  /** mean(a) − mean(b) over the pairs. */
  readonly diff: number;
  readonly ci: Interval;
  /** Two-sided p-value of "no difference" (see pairedBootstrap). */
  readonly p: number;
}

/**
 * The q-quantile of sorted values with linear interpolation between order statistics (numpy's default
 * `method="linear"`, Hyndman–Fan type 7), so numpy.percentile reproduces it.
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/**
 * Means of `resamples` resamples (with replacement, same size) of `values`, drawn from mulberry32(`seed`) as
 * `randomIndex(mulberry32(seed), n)` draws them, bit for bit (stats.test.ts checks it against that closure). The
 * generator is written out in the loop: a suite resamples each job as it ends while other jobs still send, and the
 * closure call per draw was most of the 800,000 draws of a 400-instance interval.
 */
function resampleMeans(values: readonly number[], resamples: number, seed: number): Float64Array {
  const n = values.length;
  const v = Float64Array.from(values);
  const means = new Float64Array(resamples);
  let state = seed >>> 0;
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = imul(state ^ (state >>> 15), 1 | state);
      t = (t + imul(t ^ (t >>> 7), 61 | t)) ^ t;
      sum += v[floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)];
    }
    means[r] = sum / n;
  }
  return means;
}

function percentileInterval(means: Float64Array, level: number): Interval {
  const sorted = means.slice().sort();
  const alpha = (1 - level) / 2;
  return { lo: quantileSorted(sorted, alpha), hi: quantileSorted(sorted, 1 - alpha) };
}

function checkOptions(o: BootstrapOptions): void {
  if (!Number.isInteger(o.resamples) || o.resamples < 1)
    throw new RangeError(`bootstrap resamples must be a positive integer, got ${o.resamples}`);
  if (!(o.level > 0 && o.level < 1)) throw new RangeError(`bootstrap level must be in (0, 1), got ${o.level}`);
}

/**
 * Percentile bootstrap interval of the mean over instances: resample the n per-instance values with replacement
 * `resamples` times (index = floor(u·n), u from mulberry32(seed), row by row), take each resample's mean, and
 * return the (1−level)/2 and (1+level)/2 quantiles of those means. `null` for fewer than two values: one value
 * says nothing about its spread.
 * @example bootstrapMeanCI([1, 0, 1, 1, 0], { seed: 0, resamples: 2000, level: 0.95 }) // { lo: 0.2, hi: 1 }
 */
export function bootstrapMeanCI(
  values: readonly number[],
  options: BootstrapOptions = DEFAULT_BOOTSTRAP,
): Interval | null {
  checkOptions(options);
  if (values.length < 2) return null;
  return percentileInterval(resampleMeans(values, options.resamples, options.seed), options.level);
}

/**
 * Paired bootstrap for two systems scored on the same instances (a[i] and b[i] belong to instance i): resamples
 * the per-instance differences d = a − b, giving the percentile interval of mean(d) and the two-sided p-value
 * p = (1 + #{|d*ᵣ − d̄| ≥ |d̄|}) / (1 + resamples): how often a resampled mean, shifted to the null of no
 * difference, lands at least as far from 0 as the observed one (Efron & Tibshirani 1993 §16.4; the +1 keeps a
 * Monte Carlo p-value from being 0). Distances within 1e-12 count as ties (floating sums of 0/1 values).
 */
export function pairedBootstrap(
  a: readonly number[],
  b: readonly number[],
  options: BootstrapOptions = DEFAULT_BOOTSTRAP,
): PairedBootstrapResult | null {
  checkOptions(options);
  if (a.length !== b.length)
    throw new RangeError(`paired bootstrap needs pairs: ${a.length} values against ${b.length}`);
  if (a.length < 2) return null;
  const d = a.map((x, i) => x - b[i]);
  const diff = d.reduce((s, x) => s + x, 0) / d.length;
  const means = resampleMeans(d, options.resamples, options.seed);
  const observed = Math.abs(diff);
  let extreme = 0;
  for (const m of means) if (Math.abs(m - diff) >= observed - 1e-12) extreme++;
  return { diff, ci: percentileInterval(means, options.level), p: (1 + extreme) / (1 + options.resamples) };
}
