import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_FILES, UNITS_DIR } from '@eval-factory/types';
import { layeredCache } from './layered-cache.js';
import { openRedisCache } from './redis-cache.js';
import { disabledCache, openSqliteCache, type RequestCache } from './request-cache.js';
import type { CacheNamespace } from './cache-key.js';

/** Where a run's answers are kept: its SQLite file, and optionally a shared Redis and the caches of its shards. */
export interface CacheSetup {
  /** The run's own SQLite cache; null = caching off (`use_caching: false` / `--disable-cache`). */
  readonly file: string | null;
  /** `--cache-url redis://…` (docs/scale.md). */
  readonly redisUrl: string | null;
  /** `--merge-units`: the run folder whose `units/<shard>/cache.db` files are read (never written). */
  readonly unitsOf: string | null;
}

/**
 * The request cache of one stage (`model` or `judge`). `endpoint` names the Redis namespace
 * (`eval-factory:<stage>:<endpoint>`), so teams sharing one Redis can see and drop one endpoint's answers; the key
 * inside it is the same `cacheKey` as in SQLite.
 */
export async function openRequestCache(
  setup: CacheSetup,
  namespace: CacheNamespace,
  endpoint: string,
  warn: (code: string, message: string) => void,
  /** Whether a response from the shared cache is one this stage can read; one that is not is a miss. */
  readable?: (response: unknown) => boolean,
): Promise<RequestCache> {
  if (setup.file === null) return disabledCache;
  const local = await openSqliteCache(setup.file, namespace, warn);
  const tiers: { cache: RequestCache; writable: boolean }[] = [];
  if (setup.redisUrl)
    tiers.push({
      cache: await openRedisCache(setup.redisUrl, `eval-factory:${namespace}:${endpoint}`, warn, readable),
      writable: true,
    });
  for (const file of unitCacheFiles(setup.unitsOf))
    tiers.push({ cache: await openSqliteCache(file, namespace, warn), writable: false });
  return layeredCache(local, tiers);
}

/** `<run>/units/*\/cache.db`, in folder order. */
export function unitCacheFiles(runDir: string | null): string[] {
  if (runDir === null) return [];
  const units = join(runDir, UNITS_DIR);
  if (!existsSync(units)) return [];
  return readdirSync(units, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(units, d.name, RUN_FILES.cache))
    .filter((f) => existsSync(f))
    .sort();
}
