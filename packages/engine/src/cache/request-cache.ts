import { Buffer } from 'node:buffer';
import { closeSync, existsSync, openSync, readSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeDirSync } from '@eval-factory/files';
import { UserError } from '@eval-factory/errors';
import Keyv from 'keyv';
import type { CachedResponse, StoredAnswer } from './cached-response.js';
import { readStoredAnswers, readStoredValues } from './sqlite-rows.js';
import { type CacheWrites, cacheWrites, cacheWriteError } from './cache-writes.js';

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
 * Opens the SQLite request cache (keyv + @keyv/sqlite), WAL mode and a busy timeout. keyv's connection reads;
 * answers are written on a connection of its own with keyv's table and serialiser (cache-writes.ts), and read back
 * in keyv's row format (sqlite-rows.ts): a store other than SQLite would change those two files and this function.
 *
 * A file that is not a SQLite database, or a corrupt one, is moved aside (with its -wal and -shm) and a new one
 * started; any other failure to open it (a locked file, too many open files, a folder in its place) stops the run
 * and leaves the file where it is.
 */
export async function openSqliteCache(
  file: string,
  namespace: string,
  warn: (code: string, message: string) => void,
): Promise<RequestCache> {
  let why: string;
  try {
    makeCacheDir(file);
    if (!foreignHeader(file)) return await openStore(file, namespace);
    why = 'not a SQLite database';
  } catch (error) {
    if (!isCorrupt(error) || !existsSync(file)) throw cacheWriteError(file, error, 'open');
    why = (error as Error).message;
  }
  const moved = `${file}.corrupt-${Date.now()}`;
  // Its -wal and -shm belong to it: left behind, SQLite would read them as the new file's.
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, moved + suffix);
  warn('EF_CACHE_CORRUPT', `cache file ${file} could not be opened (${why}); moved to ${moved} and started a new one`);
  return openStore(file, namespace).catch((again: unknown) => Promise.reject(cacheWriteError(file, again, 'open')));
}

/**
 * The cache's folder. A file where it (or a folder above it) should be is EF_CACHE_WRITE naming that file, as any
 * other failure to open the cache is EF_CACHE_WRITE (makeDirSync's ENOTDIR names the entry in the way).
 */
function makeCacheDir(file: string): void {
  try {
    makeDirSync(dirname(file));
  } catch (error) {
    const { code, path } = error as NodeJS.ErrnoException;
    if (code !== 'ENOTDIR' || path === undefined) throw error;
    throw new UserError(
      'EF_CACHE_WRITE',
      `cannot open the request cache ${file}: ${path} is not a folder`,
      `Move away ${path}, or choose another target.api_endpoint.adapter_config.caching_dir (by default the cache is in config.output_dir), then re-run the same command (docs/errors.md).`,
    );
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0');

/**
 * Whether `file` holds something other than a SQLite database (an empty or absent file is a new one). Read before
 * keyv opens it: @keyv/sqlite loses its connection when its first statement fails (SQLITE_NOTADB), and that
 * connection would hold the file and its -wal open for the rest of the process.
 */
function foreignHeader(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return false; // absent, or unreadable: SQLite's own error says why
  }
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return read > 0 && (read < head.length || !head.equals(SQLITE_HEADER));
  } catch {
    return false; // a folder: SQLite's own error says why
  } finally {
    closeSync(fd);
  }
}

/** SQLite's own word that the file is not a database, or a damaged one (its primary result code). */
function isCorrupt(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB';
}

/** How long a statement waits for another process's write lock before it fails. */
const BUSY_TIMEOUT_MS = 10_000;

async function openStore(file: string, namespace: string): Promise<RequestCache> {
  // Loaded here, not with the engine: a run with the cache off never needs SQLite's native addon (~7 ms of CPU).
  const { default: KeyvSqlite } = await import('@keyv/sqlite');
  const store = new KeyvSqlite({ uri: `sqlite://${file}`, busyTimeout: BUSY_TIMEOUT_MS });
  let keyv: Keyv<CachedResponse>;
  let writes: CacheWrites;
  try {
    await store.query('PRAGMA journal_mode=WAL');
    await store.query('PRAGMA synchronous=NORMAL');
    // A corrupt file fails here rather than half-way through a run.
    await store.query('SELECT count(*) FROM keyv');
    keyv = new Keyv<CachedResponse>({ store, namespace });
    keyv.on('error', () => undefined); // errors surface through the awaited calls below
    writes = cacheWrites(file, keyv, namespace, BUSY_TIMEOUT_MS);
  } catch (error) {
    // The connection would hold the file (and its -wal) open for the rest of the process.
    await store.disconnect().catch(() => undefined);
    throw error;
  }
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
      // The read connection closes even when the last writes fail (a full disk): it would hold cache.db open.
      try {
        await writes.close();
      } finally {
        await keyv.disconnect();
      }
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
