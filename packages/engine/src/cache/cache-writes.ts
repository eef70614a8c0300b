import type Keyv from 'keyv';
import { fromDiskFull, InternalError, isUserError, UserError } from '@eval-factory/errors';
import type { CachedResponse } from './cached-response.js';
import { storedKey } from './sqlite-rows.js';
import { openSqliteWriter, type SqliteWriter } from './sqlite-writer.js';
import { batchedWrites, type StoredRow } from './batched-writes.js';
import { keyvSerializer, storedText } from './stored-text.js';

export interface CacheWrites {
  /** Resolves once the value is durably written. */
  set(key: string, value: CachedResponse): Promise<void>;
  /** Waits for the writes given so far and closes the writer; a `set` after it is an internal error. */
  close(): Promise<void>;
}

/**
 * The cache's writes: each entry as keyv's own `set` writes it (its serialiser, `<namespace>:<key>`), but a batch at
 * a time, as one statement and one transaction prepared once, on a connection of its own (sqlite-writer.ts), without
 * keyv's promise per entry. That connection opens with the first batch: a cache only read (a `--merge-units` unit's,
 * a resume served from the cache) costs neither its trips to the thread pool nor its open files. Rows given while it
 * opens wait in the next batch, in order; a failed open fails every batch.
 */
export function cacheWrites(file: string, keyv: Keyv<CachedResponse>, namespace: string, busyMs: number): CacheWrites {
  const keyvText = keyvSerializer(keyv);
  let opening: Promise<SqliteWriter> | null = null;
  const opened = () =>
    (opening ??= openSqliteWriter(file, UPSERT_MANY, busyMs).catch((error: unknown) =>
      Promise.reject(cacheWriteError(file, error)),
    ));
  // A write that fails (SQLITE_FULL) stops the run: sending on would pay for answers that cannot be kept.
  const rows = batchedWrites(async (text) =>
    (await opened()).run(text).catch((error: unknown) => Promise.reject(cacheWriteError(file, error))),
  );
  let closed = false;
  return {
    // Not an async function: its own promise would release each answer a microtask later.
    set: (key, value) => {
      if (closed) return Promise.reject(new InternalError(`the request cache ${file} was given an answer after close`));
      let row: StoredRow;
      try {
        row = [storedKey(namespace, key), storedText({ value, expires: undefined }, keyvText)];
      } catch (error) {
        return Promise.reject(error);
      }
      return rows.set(row);
    },
    close: async () => {
      closed = true;
      await rows.flush();
      const writer = await opening?.catch(() => null);
      await writer?.close();
    },
  };
}

/**
 * A full disk is EF_OUTPUT_WRITE (as everywhere); any other failure to store answers, or to open the cache for a
 * reason other than a corrupt file, is EF_CACHE_WRITE naming the cache file. A cache another process holds (SQLite's
 * busy timeout ran out) gets its own hint: its file is fine, only its user is not done.
 */
export function cacheWriteError(file: string, failure: unknown, doing = 'store answers in'): unknown {
  if (isUserError(failure) || failure instanceof InternalError) return failure;
  const diskFull = fromDiskFull(failure);
  if (diskFull !== failure) return diskFull;
  // Read as a property: sqlite3's native errors are not `instanceof Error` in every realm (jest's, for one).
  const message = (failure as { message?: unknown } | null)?.message;
  const why = typeof message === 'string' ? message : 'the store refused the write';
  return new UserError('EF_CACHE_WRITE', `cannot ${doing} the request cache ${file} (${why})`, cacheHint(failure));
}

const AGAIN = 'then re-run the same command: answers already stored are not sent again (docs/errors.md).';

function cacheHint(failure: unknown): string {
  const code = (failure as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
    return `Another run may be using this cache: wait for it to end, or give this run a cache folder of its own (target.api_endpoint.adapter_config.caching_dir; by default the cache is in config.output_dir); ${AGAIN}`;
  return `Check that the cache file and its folder are writable (target.api_endpoint.adapter_config.caching_dir, or the output folder), ${AGAIN}`;
}

/** One statement for a whole batch (keyv's table: key, value; the last entry of a key wins, as with single sets). */
const UPSERT_MANY = `INSERT INTO keyv (key, value)
  SELECT json_extract(e.value, '$[0]'), json_extract(e.value, '$[1]') FROM json_each(?) e WHERE true
  ON CONFLICT(key) DO UPDATE SET value = excluded.value`;
