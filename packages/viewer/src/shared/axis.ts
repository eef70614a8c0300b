/** Chart axes: the domain (a metric's declared range first) and round ticks. Plain data, for pages and tests. */
import type { IntervalView } from './api-types.js';

/** A round step near `span / 4`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceStep(span: number): number {
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw * 0.999) ?? 10;
  return step * power;
}

/**
 * The axis: the metric's declared range when it has one (a 1–5 jury score runs 1–5), widened only if a
 * value falls outside it; else [0, 1] when everything fits, else from min(0, lowest) to the highest value or whisker,
 * rounded out to a whole step.
 */
export function domainOf(
  rows: readonly { value: number | null; interval: IntervalView | null }[],
  declared: readonly [number, number] | null = null,
): [number, number] {
  const xs = rows
    .flatMap((r) => [r.value, r.interval?.lo ?? null, r.interval?.hi ?? null])
    .filter((x): x is number => x !== null && Number.isFinite(x));
  if (declared) return [Math.min(declared[0], ...xs), Math.max(declared[1], ...xs)];
  if (xs.length === 0) return [0, 1];
  const lo = Math.min(0, ...xs);
  const hi = Math.max(...xs);
  if (lo >= 0 && hi <= 1) return [0, 1];
  if (hi === lo) return [lo, lo + 1];
  const step = niceStep(hi - lo);
  return [Math.floor(lo / step) * step, Math.ceil(hi / step) * step];
}

/** Ticks at whole steps inside the domain (both ends included when they are round). */
export function axisTicks([d0, d1]: readonly [number, number]): number[] {
  const step = niceStep(d1 - d0);
  const ticks: number[] = [];
  for (let v = Math.ceil(d0 / step - 1e-9) * step; v <= d1 + step * 1e-9; v += step)
    ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** A tick label with no more decimals than the step needs: `1`, `2.5`, `0.25`. */
export function tickLabel(v: number): string {
  return String(Number(v.toFixed(6)));
}
