/**
 * Runs `worker` over `items` with at most `limit` in flight, refilling a slot as soon as one frees up (no batch
 * barriers). Stops taking new items once `shouldStop()` is true; items never started are reported as skipped.
 */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  worker: (item: T, index: number) => Promise<void>,
  shouldStop: () => boolean,
): Promise<{ started: number }> {
  return runIndexed(items.length, limit, (index) => worker(items[index], index), shouldStop);
}

/** `runPool` over the indices `0 … count-1`, for work whose items are made when their turn comes. */
export async function runIndexed(
  count: number,
  limit: number,
  worker: (index: number) => Promise<void>,
  shouldStop: () => boolean,
): Promise<{ started: number }> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, count)) }, async () => {
    while (next < count && !shouldStop()) await worker(next++);
  });
  await Promise.all(lanes);
  return { started: next };
}
