import type { PromptRequest } from '@eval-factory/types';
import type { RequestCache } from '../cache/index.js';

/** One batch of prefetch: its requests' keys, each key once, and the store's answers for them (being read). */
export function lookUpBatch(
  cache: RequestCache,
  slice: readonly PromptRequest[],
  keyFor: (r: PromptRequest) => string,
) {
  const keys = slice.map((r) => keyFor(r));
  const batch = [...new Set(keys)];
  const hits = cache.getAnswers(batch);
  // Read after the batch before it: a failure is thrown then, by the await, never left unhandled meanwhile.
  hits.catch(() => undefined);
  return { slice, keys, batch, started: performance.now(), hits };
}
