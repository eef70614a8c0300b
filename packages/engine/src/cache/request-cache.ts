import { existsSync, renameSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import Keyv from 'keyv';
import { fromDiskFull, UserError } from '@eval-factory/errors';
import type { CachedResponse, StoredAnswer } from './cached-response.js';
import { readStoredAnswers, readStoredValues } from './sqlite-rows.js';
import { openSqliteWriter } from './sqlite-writer.js';

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
  // keyv serialises and prefixes the entries of `setMany` itself, then hands them to the store's `setMany` when it
  // has one. @keyv/sqlite has none (keyv would fall back to one statement per entry); this one writes a batch as
  // one statement, one transaction, prepared once (sqlite-writer.ts).
  const writer = await openSqliteWriter(file, UPSERT_MANY, BUSY_TIMEOUT_MS);
  let writeFailure: unknown = null;
  Object.assign(store, {
    setMany: async (entries: { key: string; value: unknown }[]) => {
      try {
        await writer.run(JSON.stringify(entries.map((e) => [e.key, e.value])));
      } catch (error) {
        writeFailure = error; // keyv reports it as `false` per entry; the batch writer throws it (a full disk)
        throw error;
      }
      return entries.map(() => true);
    },
  });
  const keyv = new Keyv<CachedResponse>({ store, namespace });
  keyv.on('error', () => undefined); // errors surface through the awaited calls below
  // A write that fails (SQLITE_FULL) stops the run: sending on would pay for answers that cannot be kept.
  const writes = batchedWrites(async (entries) => {
    writeFailure = null;
    const written = await keyv.setMany(entries);
    if (written.includes(false)) throw cacheWriteError(file, writeFailure);
  });
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
      await writes.flush();
      await writer.close();
      await keyv.disconnect();
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

/**
 * Cache writes, one batch at a time: the answers that arrive while a batch is being written go into the next one.
 * Each `set` resolves once its own batch is written (an answer is in the cache before its result is reported) and
 * rejects if that batch failed, and
 * at a thousand answers a second the cache costs one statement per batch instead of one per answer (preparing a
 * statement per answer was ~6 % of the engine's CPU).
 */
function batchedWrites(setMany: (entries: { key: string; value: CachedResponse }[]) => Promise<unknown>): {
  set(key: string, value: CachedResponse): Promise<void>;
  flush(): Promise<void>;
} {
  let queued: { key: string; value: CachedResponse; done: () => void; failed: (e: unknown) => void }[] = [];
  let writing: Promise<void> | null = null;
  const drain = async () => {
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        await setMany(batch.map(({ key, value }) => ({ key, value })));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    writing = null;
  };
  return {
    set: (key, value) =>
      new Promise<void>((done, failed) => {
        queued.push({ key, value, done, failed });
        writing ??= drain();
      }),
    flush: async () => {
      while (writing) await writing;
    },
  };
}
