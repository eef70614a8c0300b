import { existsSync, renameSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import Keyv from 'keyv';
import { fromDiskFull, UserError } from '@eval-factory/errors';
import type { CachedResponse, StoredAnswer } from './cached-response.js';
import { readStoredAnswers, readStoredValues } from './sqlite-rows.js';
import { openSqliteWriter } from './sqlite-writer.js';
import { batchedWrites } from './batched-writes.js';
import { keyvSerializer, storedText } from './stored-text.js';

export type { CachedResponse, StoredAnswer } from './cached-response.js';

/** What the cache keeps of a paid answer (model and judge clients alike). */
export function cachedAnswer(
  request: Record<string, unknown>,
  response: unknown,
  requestTimeS: number,
  engineVersion: string,
): CachedResponse {
  return {
    request,
    response,
    request_time_s: requestTimeS,
    created_at: new Date().toISOString(),
    engine_version: engineVersion,
  };
}

export interface RequestCache {
  /** False for the cache that stores nothing: a client then computes no cache key at all. */
  readonly stores: boolean;
  get(key: string): Promise<CachedResponse | undefined>;
  getMany(keys: readonly string[]): Promise<(CachedResponse | undefined)[]>;
  /** `getMany`, reading only what a call reads of each answer (a store may give more). */
  getAnswers(keys: readonly string[]): Promise<(StoredAnswer | undefined)[]>;
  /** Resolves once the value is durably written. Writes are serialised through one queue. */
  set(key: string, value: CachedResponse): Promise<void>;
  close(): Promise<void>;
}

/** A cache that stores nothing (`use_caching: false` / `--disable-cache`). */
export const disabledCache: RequestCache = {
  stores: false,
  get: async () => undefined,
  getMany: async (keys) => keys.map(() => undefined),
  getAnswers: async (keys) => keys.map(() => undefined),
  set: async () => undefined,
  close: async () => undefined,
};

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

/** How long a statement waits for another process's write lock before it fails. */
const BUSY_TIMEOUT_MS = 10_000;

async function openStore(file: string, namespace: string): Promise<RequestCache> {
  // Loaded here, not with the engine: a run with the cache off never needs SQLite's native addon (~7 ms of CPU).
  const { default: KeyvSqlite } = await import('@keyv/sqlite');
  const store = new KeyvSqlite({ uri: `sqlite://${file}`, busyTimeout: BUSY_TIMEOUT_MS });
  await store.query('PRAGMA journal_mode=WAL');
  await store.query('PRAGMA synchronous=NORMAL');
  // A corrupt file fails here rather than half-way through a run.
  await store.query('SELECT count(*) FROM keyv');
  const keyv = new Keyv<CachedResponse>({ store, namespace });
  keyv.on('error', () => undefined); // errors surface through the awaited calls below
  const writes = await openWrites(file, keyv, namespace);
  return {
    stores: true,
    get: async (key) => (await keyv.get(key)) ?? undefined,
    getMany: async (keys) =>
      keys.length === 0
        ? []
        : ((await readStoredValues<CachedResponse>(store, namespace, keys)) ?? (await keyvGetMany(keyv, keys))),
    getAnswers: async (keys) =>
      keys.length === 0 ? [] : ((await readStoredAnswers(store, namespace, keys)) ?? (await keyvGetMany(keyv, keys))),
    set: writes.set,
    close: async () => {
      await writes.close();
      await keyv.disconnect();
    },
  };
}

/**
 * The cache's writes: each entry as keyv's own `set` writes it (its serialiser, `<namespace>:<key>`), but a batch at
 * a time, as one statement and one transaction prepared once (sqlite-writer.ts), without keyv's promise per entry.
 */
async function openWrites(
  file: string,
  keyv: Keyv<CachedResponse>,
  namespace: string,
): Promise<Pick<RequestCache, 'set' | 'close'>> {
  const writer = await openSqliteWriter(file, UPSERT_MANY, BUSY_TIMEOUT_MS);
  // A write that fails (SQLITE_FULL) stops the run: sending on would pay for answers that cannot be kept.
  const writes = batchedWrites((rows) =>
    writer.run(rows).catch((error) => Promise.reject(cacheWriteError(file, error))),
  );
  const keyvText = keyvSerializer(keyv);
  return {
    // Not an async function: its own promise would release each answer a microtask later.
    set: (key, value) => {
      try {
        return writes.set([
          namespace ? `${namespace}:${key}` : key,
          storedText({ value, expires: undefined }, keyvText),
        ]);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    close: async () => {
      await writes.flush();
      await writer.close();
    },
  };
}

/** keyv's own `getMany` (it also deletes expired rows), absent entries as undefined. */
async function keyvGetMany(
  keyv: Keyv<CachedResponse>,
  keys: readonly string[],
): Promise<(CachedResponse | undefined)[]> {
  return ((await keyv.getMany([...keys])) as (CachedResponse | undefined)[]).map((v) => v ?? undefined);
}

/** A full disk is EF_OUTPUT_WRITE (as everywhere); any other failed write names the cache file. */
function cacheWriteError(file: string, failure: unknown): unknown {
  const diskFull = fromDiskFull(failure);
  if (diskFull !== failure) return diskFull;
  const why = failure instanceof Error ? failure.message : 'the store refused the write';
  return new UserError(
    'EF_CACHE_WRITE',
    `cannot store answers in the request cache ${file} (${why})`,
    'Check that the cache file and its folder are writable (config.target.api_endpoint.adapter_config.caching_dir, or the output folder), then re-run the same command: answers already stored are not sent again (docs/errors.md).',
  );
}

/** One statement for a whole batch (keyv's table: key, value; the last entry of a key wins, as with single sets). */
const UPSERT_MANY = `INSERT INTO keyv (key, value)
  SELECT json_extract(e.value, '$[0]'), json_extract(e.value, '$[1]') FROM json_each(?) e WHERE true
  ON CONFLICT(key) DO UPDATE SET value = excluded.value`;
