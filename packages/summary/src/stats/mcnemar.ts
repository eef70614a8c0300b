/**
 * Exact two-sided binomial test of k successes in n trials with p = ½: min(1, 2·P(X ≤ min(k, n−k))),
 * X ~ Binomial(n, ½); equal to scipy.stats.binomtest(k, n, 0.5).pvalue (the distribution is symmetric).
 * log C(n, j) is summed term by term and the tail is walked downwards from j, so 10 000 trials keep ~1e-12
 * relative accuracy without a log-gamma function.
 */
export function binomialTestHalf(k: number, n: number): number {
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || n < 0 || k > n)
    throw new RangeError(`binomial test needs 0 ≤ k ≤ n integers, got k=${k}, n=${n}`);
  if (n === 0) return 1;
  const j = Math.min(k, n - k);
  if (2 * j === n) return 1;
  let logC = 0;
  for (let i = 1; i <= j; i++) logC += Math.log((n - j + i) / i);
  let term = Math.exp(logC - n * Math.LN2);
  let tail = 0;
  // P(X = i−1) = P(X = i)·i / (n−i+1): the terms shrink fast below the mean, so the loop stops early.
  for (let i = j; i >= 0 && term > 0; i--) {
    tail += term;
    if (term < tail * 1e-17) break;
    term *= i / (n - i + 1);
  }
  return Math.min(1, 2 * tail);
}

export interface McNemarResult {
  /** Instances where a = 1 and b = 0. */
  readonly b: number;
  /** Instances where a = 0 and b = 1. */
  readonly c: number;
  /** Exact (binomial) two-sided p-value; 1 when there is no discordant pair. */
  readonly p: number;
}

/**
 * McNemar's exact test for paired 0/1 outcomes (a[i], b[i] of the same instance): under "no difference" the
 * discordant pairs split ½–½, so p is the two-sided binomial test of b among b + c (Fay 2010, exact2x2's
 * `mcnemar.exact`; statsmodels `mcnemar(exact=True)`).
 * @example mcnemarExact([1, 1, 1, 0], [0, 0, 0, 0]) // { b: 3, c: 0, p: 0.25 }
 */
export function mcnemarExact(a: readonly number[], b: readonly number[]): McNemarResult {
  if (a.length !== b.length) throw new RangeError(`McNemar needs pairs: ${a.length} values against ${b.length}`);
  let onlyA = 0;
  let onlyB = 0;
  for (let i = 0; i < a.length; i++) {
    if (!isBinary(a[i]) || !isBinary(b[i]))
      throw new RangeError(`McNemar needs 0/1 values, got ${a[i]} and ${b[i]} at pair ${i}`);
    if (a[i] === 1 && b[i] === 0) onlyA++;
    else if (a[i] === 0 && b[i] === 1) onlyB++;
  }
  return { b: onlyA, c: onlyB, p: binomialTestHalf(onlyA, onlyA + onlyB) };
}

export function isBinary(x: number): boolean {
  return x === 0 || x === 1;
}
