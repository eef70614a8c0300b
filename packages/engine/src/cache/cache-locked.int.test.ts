/**
 * A cache.db another process holds (a second real SQLite connection with an exclusive lock, as another run or a
 * sqlite3 shell holds it): opening it waits the busy timeout (10 s), then fails with EF_CACHE_WRITE whose hint says
 * another run may be using that cache and what to do, not the generic "check it is writable".
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import sqlite3 from 'sqlite3';
import { openSqliteCache } from './index.js';

/** A connection of its own to `file` that holds an exclusive lock until `release`. */
async function holdExclusiveLock(file: string): Promise<{ release: () => Promise<void> }> {
  const db = new sqlite3.Database(file);
  const run = (sql: string) => new Promise<void>((resolve, reject) => db.run(sql, (e) => (e ? reject(e) : resolve())));
  await run('PRAGMA locking_mode=EXCLUSIVE');
  await run('BEGIN EXCLUSIVE');
  return {
    release: async () => {
      await run('COMMIT');
      await new Promise<void>((resolve, reject) => db.close((e) => (e ? reject(e) : resolve())));
    },
  };
}

describe('a request cache another run holds', () => {
  it('is EF_CACHE_WRITE naming the file, with a hint to wait or use another cache folder', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-cache-locked-')), 'cache.db');
    await (await openSqliteCache(file, 'model', () => undefined)).close();
    const lock = await holdExclusiveLock(file);
    try {
      const failure = await openSqliteCache(file, 'model', () => undefined).then(
        () => null,
        (error: unknown) => error as { code: string; message: string; hint: string },
      );
      expect(failure).toMatchObject({ code: 'EF_CACHE_WRITE', message: expect.stringContaining(file) });
      expect(failure?.message).toContain('database is locked');
      expect(failure?.hint).toMatch(/^Another run may be using this cache/);
      expect(failure?.hint).toContain('caching_dir');
    } finally {
      await lock.release();
    }
    // Once the other run lets go, the same cache opens.
    await (await openSqliteCache(file, 'model', () => undefined)).close();
  }, 30_000);
});
