import type { CachedResponse, RequestCache } from './request-cache.js';

/**
 * The local cache first, then the other tiers in order (a shared Redis, or the caches of a job's shards when they
 * are merged). An answer found in another tier is written to the local cache too, so the run's own cache.db holds
 * every answer it used (a merge, or a resume without Redis, needs nothing else); new answers go to the local cache
 * first, then to the writable tiers.
 */
export function layeredCache(
  local: RequestCache,
  tiers: readonly { readonly cache: RequestCache; readonly writable: boolean }[],
): RequestCache {
  if (tiers.length === 0) return local;
  const keep = async (key: string, value: CachedResponse) => {
    await local.set(key, value);
    return value;
  };
  /** `found` (what the local cache has of `keys`) completed from the other tiers, in order. */
  const fillFromTiers = async <T>(keys: readonly string[], found: (T | CachedResponse | undefined)[]) => {
    for (const tier of tiers) {
      const missing = keys.filter((_k, i) => found[i] === undefined);
      if (missing.length === 0) break;
      const more = await tier.cache.getMany(missing);
      let j = 0;
      for (let i = 0; i < keys.length; i++) {
        if (found[i] !== undefined) continue;
        const value = more[j++];
        if (value) found[i] = await keep(keys[i], value);
      }
    }
    return found;
  };
  return {
    stores: true,
    async get(key) {
      const own = await local.get(key);
      if (own) return own;
      for (const tier of tiers) {
        const found = await tier.cache.get(key);
        if (found) return keep(key, found);
      }
      return undefined;
    },
    getMany: async (keys) => fillFromTiers(keys, await local.getMany(keys)),
    getAnswers: async (keys) => fillFromTiers(keys, await local.getAnswers(keys)),
    async set(key, value) {
      await local.set(key, value);
      for (const tier of tiers) if (tier.writable) await tier.cache.set(key, value);
    },
    async close() {
      await local.close();
      for (const tier of tiers) await tier.cache.close();
    },
  };
}
