import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { InternalError } from '@eval-factory/errors';
import { openSqliteCache } from './index.js';
import { SAMPLE_ANSWER as value } from '../../test-support/cached-response.js';

/** The files under `dir` this process holds open (Linux's /proc/self/fd), by name, one entry per descriptor. */
function openFiles(dir: string): string[] {
  const held: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(`${dir}/`)) held.push(target.slice(dir.length + 1));
    } catch {
      // closed meanwhile (readdir's own descriptor)
    }
  }
  return held.sort();
}

const noWarnings = (code: string) => {
  throw new Error(`unexpected warning ${code}`);
};

describe('opening the request cache', () => {
  it('opens no writer connection until the first answer is stored (a cache only read holds one)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-cache-'));
    const cache = await openSqliteCache(join(dir, 'cache.db'), 'model', noWarnings);
    expect(await cache.getMany(['absent'])).toEqual([undefined]);
    expect(openFiles(dir).filter((f) => f === 'cache.db')).toHaveLength(1);
    await cache.set('k', value);
    expect(openFiles(dir).filter((f) => f === 'cache.db')).toHaveLength(2);
    await cache.close();
    expect(openFiles(dir)).toEqual([]);
  });

  it('a writer that cannot open is EF_CACHE_WRITE for each answer, and close() still lets go of the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-cache-'));
    const file = join(dir, 'cache.db');
    const cache = await openSqliteCache(file, 'model', noWarnings);
    // keyv's connection keeps the file it opened; the writer meets a folder in its place (SQLITE_CANTOPEN).
    renameSync(file, join(dir, 'elsewhere.db'));
    mkdirSync(file);
    const failed = await Promise.allSettled([cache.set('a', value), cache.set('b', value)]);
    for (const f of failed) expect((f as PromiseRejectedResult).reason).toMatchObject({ code: 'EF_CACHE_WRITE' });
    await cache.close();
    expect(openFiles(dir)).toEqual([]);
  });

  it.each([
    ['folder', 'caching_dir'],
    ['parent folder', 'caching_dir/model'],
  ])("a file where the cache's %s should be is EF_CACHE_WRITE naming the cache and that file", async (_, sub) => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-cache-'));
    const blocker = join(dir, 'caching_dir');
    writeFileSync(blocker, 'in the way\n');
    const file = join(dir, sub, 'cache.db');
    await expect(openSqliteCache(file, 'model', noWarnings)).rejects.toMatchObject({
      code: 'EF_CACHE_WRITE',
      message: `cannot open the request cache ${file}: ${blocker} is not a folder`,
      hint: expect.stringMatching(new RegExp(`^Move away ${blocker}, or choose another .*caching_dir`)),
    });
  });

  it('a file that fails to open for a reason other than corruption is EF_CACHE_WRITE and stays where it is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-cache-'));
    const file = join(dir, 'cache.db');
    mkdirSync(file);
    const warnings: string[] = [];
    await expect(openSqliteCache(file, 'model', (code) => warnings.push(code))).rejects.toMatchObject({
      code: 'EF_CACHE_WRITE',
      message: expect.stringContaining(file),
    });
    expect(warnings).toEqual([]);
    expect(readdirSync(dir)).toEqual(['cache.db']);
    expect(openFiles(dir)).toEqual([]);
  });

  it('moves a corrupt file aside with its -wal and -shm, and keeps none of them open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-cache-'));
    const file = join(dir, 'cache.db');
    writeFileSync(file, 'not a database '.repeat(300));
    writeFileSync(`${file}-wal`, 'its wal');
    writeFileSync(`${file}-shm`, 'its shm');
    const warnings: string[] = [];
    const cache = await openSqliteCache(file, 'model', (code) => warnings.push(code));
    await cache.set('k', value);
    expect(await cache.get('k')).toEqual(value);
    await cache.close();
    expect(warnings).toEqual(['EF_CACHE_CORRUPT']);
    const moved = readdirSync(dir).find((f) => /^cache\.db\.corrupt-\d+$/.test(f)) ?? 'none';
    expect(readFileSync(join(dir, `${moved}-wal`), 'utf8')).toBe('its wal');
    // The -shm is SQLite's index of the -wal, rebuilt by whoever opens it: moved, whatever it holds.
    expect(existsSync(join(dir, `${moved}-shm`))).toBe(true);
    expect(openFiles(dir)).toEqual([]);
  });

  it('an answer stored after close() is an internal error (a bug), not a cache the user must fix', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-cache-'));
    const cache = await openSqliteCache(join(dir, 'cache.db'), 'model', noWarnings);
    await cache.set('k', value);
    await cache.close();
    await expect(cache.set('late', value)).rejects.toBeInstanceOf(InternalError);
  });
});
