/** Number formatting used by every page, so the server, the report and the tests agree on what is shown. */

/** A metric value: 4 significant decimals for values in [-1, 1] (most metrics), 3 elsewhere. */
export function fmtValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return Math.abs(value) <= 1 ? value.toFixed(4) : value.toFixed(3);
}

/** An interval as `[lo, hi]` with the value's precision. */
export function fmtInterval(interval: { readonly lo: number; readonly hi: number } | null | undefined): string {
  return interval ? `[${fmtValue(interval.lo)}, ${fmtValue(interval.hi)}]` : '—';
}

/** An integer with thousands separators (10,000). */
export function fmtInt(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Seconds, in ms below one second. */
export function fmtSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  if (seconds < 1) return `${(seconds * 1000).toFixed(seconds < 0.01 ? 2 : 1)} ms`;
  return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
}

/** Any number with at most `digits` decimals and no trailing zeros (token means, bin edges). */
export function fmtNumber(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return Number(value.toFixed(digits)).toString();
}
