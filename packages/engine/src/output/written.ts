/** How the output writers say whether a caller must wait for the disk (atomic.ts, helm-files.ts, result-sink.ts). */

/**
 * What the writers here return when nothing waits for the disk: one promise, already resolved, so a caller can tell
 * that there is nothing to wait for (and make no promise of its own per record).
 */
export const WRITTEN: Promise<void> = Promise.resolve();

/** Two writes as one promise: one of them itself when the other does not wait (a run makes one per result). */
export function bothWritten(a: Promise<void>, b: Promise<void>): Promise<void> {
  if (a === WRITTEN) return b;
  if (b === WRITTEN) return a;
  return Promise.all([a, b]).then(() => undefined);
}
