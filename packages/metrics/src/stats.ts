/** HELM `Stat` arithmetic (docs/architecture.md) and the results.yml summary block (docs/configuration.md). */
import type { Stat, StatName, SummaryStats } from '@eval-factory/types';

/**
 * A Stat with no values: count 0, sums 0, derived fields null.
 * @example emptyStat({ name: 'exact_match', split: 'test' })
 */
export function emptyStat(name: StatName): Stat {
  return { name, count: 0, sum: 0, sum_squared: 0, min: null, max: null, mean: null, variance: null, stddev: null };
}

/** A finite number, else null: derived values must never be NaN or Infinity (docs/architecture.md). */
function finiteOrNull(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/** Recomputes mean, population variance (clamped at 0 against rounding) and stddev from the sums. */
function withDerived(stat: Omit<Stat, 'mean' | 'variance' | 'stddev'>): Stat {
  if (stat.count === 0) return { ...stat, mean: null, variance: null, stddev: null };
  const mean = finiteOrNull(stat.sum / stat.count);
  const rawVariance = mean === null ? NaN : stat.sum_squared / stat.count - mean * mean;
  const variance = finiteOrNull(Math.max(0, rawVariance));
  return { ...stat, mean, variance, stddev: variance === null ? null : Math.sqrt(variance) };
}

/**
 * Adds one value: null (and, defensively, NaN/±Infinity) is a no-op; booleans count as 0/1.
 * @example addValue(emptyStat(name), true).sum // 1
 */
export function addValue(stat: Stat, value: number | boolean | null): Stat {
  if (value === null) return stat;
  const x = typeof value === 'boolean' ? Number(value) : value;
  if (!Number.isFinite(x)) return stat;
  return withDerived({
    name: stat.name,
    count: stat.count + 1,
    sum: stat.sum + x,
    sum_squared: stat.sum_squared + x * x,
    min: stat.min === null ? x : Math.min(stat.min, x),
    max: stat.max === null ? x : Math.max(stat.max, x),
  });
}

function minOfNullable(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}

function maxOfNullable(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.max(a, b);
}

/**
 * Merges two Stats (HELM `Stat.merge`): counts and sums add, min of mins, max of maxes. Keeps `a`'s name.
 * @example mergeStats(statFromValues(n, [1]), statFromValues(n, [0])).mean // 0.5
 */
export function mergeStats(a: Stat, b: Stat): Stat {
  return withDerived({
    name: a.name,
    count: a.count + b.count,
    sum: a.sum + b.sum,
    sum_squared: a.sum_squared + b.sum_squared,
    min: minOfNullable(a.min, b.min),
    max: maxOfNullable(a.max, b.max),
  });
}

/**
 * A Stat holding every value of `values` (nulls skipped).
 * @example statFromValues({ name: 'exact_match', split: 'test' }, [1, 0, 1]).count // 3
 */
export function statFromValues(name: StatName, values: readonly (number | boolean | null)[]): Stat {
  const acc = new StatAccumulator();
  for (const value of values) acc.add(value);
  return acc.stat(name);
}

/**
 * Running count, sum, sum of squares, min and max, one value at a time (nulls and non-finite values skipped): the
 * arithmetic of folding `addValue` without deriving mean and variance at every step, so a run of a million
 * instances aggregates as its results pass instead of keeping them.
 */
export class StatAccumulator {
  count = 0;
  sum = 0;
  sumSquared = 0;
  min: number | null = null;
  max: number | null = null;

  add(value: number | boolean | null | undefined): void {
    if (value === null || value === undefined) return;
    const x = typeof value === 'boolean' ? Number(value) : value;
    if (!Number.isFinite(x)) return;
    this.count++;
    this.sum += x;
    this.sumSquared += x * x;
    this.min = this.min === null || x < this.min ? x : this.min;
    this.max = this.max === null || x > this.max ? x : this.max;
  }

  stat(name: StatName): Stat {
    return withDerived({
      name,
      count: this.count,
      sum: this.sum,
      sum_squared: this.sumSquared,
      min: this.min,
      max: this.max,
    });
  }

  /** The results.yml `stats` block of the values added so far (see `summaryStats`). */
  summary(): SummaryStats {
    const stat = this.stat({ name: '', split: '' });
    if (stat.count === 0 || stat.mean === null || stat.variance === null || stat.stddev === null) return {};
    const n = stat.count;
    const base = {
      count: n,
      sum: stat.sum,
      sum_squared: stat.sum_squared,
      min: stat.min!,
      max: stat.max!,
      mean: stat.mean,
      variance: stat.variance,
      stddev: stat.stddev,
    };
    const stderr = n >= 2 ? finiteOrNull(Math.sqrt((stat.variance * n) / (n - 1)) / Math.sqrt(n)) : null;
    return stderr === null ? base : { ...base, stderr };
  }
}

/**
 * The results.yml `stats` block over per-(instance, trial) values: `{}` when empty; `stderr` only when n ≥ 2.
 * @example summaryStats([1, 0])
 *   // {count: 2, sum: 1, sum_squared: 1, min: 0, max: 1, mean: 0.5, variance: 0.25, stddev: 0.5, stderr: 0.5}
 */
export function summaryStats(values: readonly number[]): SummaryStats {
  const acc = new StatAccumulator();
  for (const value of values) acc.add(value);
  return acc.summary();
}

/**
 * HELM's headline number (docs/architecture.md): the mean of per-trial means; null when there is no trial with a value.
 * @example meanOverTrials([0.2, 0.4]) // 0.3
 */
export function meanOverTrials(perTrialMeans: readonly (number | null)[]): number | null {
  return statFromValues({ name: '', split: '' }, perTrialMeans).mean;
}

/**
 * Percentile `p` (0–100) of ascending `sortedValues` with linear interpolation (NumPy's default); null when empty.
 * @example percentile([1, 2, 3, 4], 50) // 2.5
 */
export function percentile(sortedValues: readonly number[], p: number): number | null {
  const n = sortedValues.length;
  if (n === 0 || !Number.isFinite(p)) return null;
  const position = (n - 1) * (Math.min(100, Math.max(0, p)) / 100);
  const lower = Math.floor(position);
  const a = sortedValues[lower]!;
  const b = sortedValues[Math.min(n - 1, lower + 1)]!;
  const t = position - lower;
  // NumPy's _lerp interpolates from the nearer end, which decides the last bit of the result.
  return finiteOrNull(t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t);
}
