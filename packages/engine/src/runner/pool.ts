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

/**
 * `runPool` over the indices `0 … count-1`, for work whose items are made when their turn comes. A failed item
 * (a cache lookup that cannot be read, a full disk) stops every lane from taking more, and the pool rejects with the
 * first failure only once the items in flight have ended: its caller closes the cache and the output files next, and
 * a request still sending then would be paid for and its answer lost.
 *
 * Given `othersAfter`, the first lane starts alone: the others start once it settles (the first item has handed its
 * work out) or the first lane ends, and then the event loop has polled once. A request's connection opens,
 * and node:http writes its bytes, only when the loop polls, so a run's first request leaves before the other lanes
 * build theirs (~0.4 ms of CPU each: ~14 ms at parallelism 32) rather than after them, even when it waited for its
 * cache lookup or its data. Two immediates: started from an I/O callback (the engine starts from stdin's), the
 * first would run in the same turn of the loop, before it polls again.
 */
export async function runIndexed(
  count: number,
  limit: number,
  worker: (index: number) => Promise<void>,
  shouldStop: () => boolean,
  othersAfter?: Promise<unknown>,
): Promise<{ started: number }> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (next < count && !failure && !shouldStop()) {
      try {
        await worker(next++);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const first = lane();
  if (othersAfter) {
    await Promise.race([othersAfter.catch(() => undefined), first]);
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  }
  const lanes = [first, ...Array.from({ length: Math.max(1, Math.min(limit, count)) - 1 }, lane)];
  await Promise.all(lanes);
  if (failure) throw (failure as { error: unknown }).error;
  return { started: next };
}
