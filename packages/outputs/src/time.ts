/** Seconds between two ISO-8601 times (millisecond precision); null when either is missing or unparseable. */
export function runtimeSeconds(startedAt: string | null, endedAt: string | null): number | null {
  if (!startedAt || !endedAt) return null;
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) ? Math.round(ms) / 1000 : null;
}
