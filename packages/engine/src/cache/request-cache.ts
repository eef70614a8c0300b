import { existsSync, renameSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import Keyv from 'keyv';
import KeyvSqlite from '@keyv/sqlite';

export interface CachedResponse {
  readonly request: Record<string, unknown>;
  readonly response: unknown;
  readonly request_time_s: number;
  readonly created_at: string;
  readonly engine_version: string;
}

export interface RequestCache {
  get(key: string): Promise<CachedResponse | undefined>;
  getMany(keys: readonly string[]): Promise<(CachedResponse | undefined)[]>;
  /** Resolves once the value is durably written. Writes are serialised through one queue. */
  set(key: string, value: CachedResponse): Promise<void>;
  close(): Promise<void>;
}

/** A cache that stores nothing (`use_caching: false` / `--disable-cache`). */
export const disabledCache: RequestCache = {
  get: async () => undefined,
  getMany: async (keys) => keys.map(() => undefined),
  set: async () => undefined,
  close: async () => undefined,
};

/** The pending writes of every cache still open, for a process that must exit now (a second Ctrl-C). */
const OPEN_CACHES = new Set<() => Promise<void>>();

/**
 * Waits (at most `limitMs`) until every answer handed to an open cache is written: a second Ctrl-C ends the process
 * at once, but never before the answers already received are in cache.db (issue 12.8).
 */
export async function flushOpenCaches(limitMs = 3000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  await Promise.race([Promise.all([...OPEN_CACHES].map((flush) => flush())), limit]);
  clearTimeout(timer);
}

/**
 * Opens the SQLite request cache (keyv + @keyv/sqlite), WAL mode and a busy timeout. Only this module knows the
 * store is SQLite: swapping in keyv's Redis or PostgreSQL store changes `openSqliteCache` alone.
 */
export async function openSqliteCache(
  file: string,
  namespace: string,
  warn: (code: string, message: string) => void,
): Promise<RequestCache> {
  await mkdir(dirname(file), { recursive: true });
  try {
    return await openStore(file, namespace);
  } catch (error) {
    if (!existsSync(file)) throw error;
    const moved = `${file}.corrupt-${Date.now()}`;
    renameSync(file, moved);
    warn(
      'EF_CACHE_CORRUPT',
      `cache file ${file} could not be opened (${(error as Error).message}); moved to ${moved} and started a new one`,
    );
    return openStore(file, namespace);
  }
}

async function openStore(file: string, namespace: string): Promise<RequestCache> {
  const store = new KeyvSqlite({ uri: `sqlite://${file}`, busyTimeout: 10_000 });
  await store.query('PRAGMA journal_mode=WAL');
  await store.query('PRAGMA synchronous=NORMAL');
  // A corrupt file fails here rather than half-way through a run.
  await store.query('SELECT count(*) FROM keyv');
  const keyv = new Keyv<CachedResponse>({ store, namespace });
  keyv.on('error', () => undefined); // errors surface through the awaited calls below
  let queue: Promise<unknown> = Promise.resolve();
  const flush = () => queue.then(() => undefined);
  OPEN_CACHES.add(flush);
  return {
    get: async (key) => (await keyv.get(key)) ?? undefined,
    getMany: async (keys) =>
      keys.length === 0
        ? []
        : ((await keyv.getMany([...keys])) as (CachedResponse | undefined)[]).map((v) => v ?? undefined),
    set: (key, value) => {
      const next = queue.then(() => keyv.set(key, value));
      queue = next.catch(() => undefined);
      return next.then(() => undefined);
    },
    close: async () => {
      await queue;
      OPEN_CACHES.delete(flush);
      await keyv.disconnect();
    },
  };
}
