import { createHook } from 'node:async_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import KeyvSqlite from '@keyv/sqlite';
import { openSqliteCache } from './index.js';

const value = {
  request: { a: 1 },
  response: { choices: [] },
  request_time_s: 0.5,
  created_at: 'now',
  engine_version: '0',
};

/** The pieces of thread-pool work sqlite3 starts while `work` runs (each is a trip there and back). */
async function sqliteTrips(work: () => Promise<unknown>): Promise<string[]> {
  const trips: string[] = [];
  const hook = createHook({ init: (_id, type) => void (type.startsWith('sqlite3.') && trips.push(type)) });
  hook.enable();
  try {
    await work();
  } finally {
    hook.disable();
  }
  return trips;
}

describe('the request cache writes', () => {
  it('a batch of answers in one trip to the thread pool (its statement is not prepared again)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-cache-')), 'cache.db');
    const cache = await openSqliteCache(file, 'model', () => undefined);
    await cache.set('first', value);
    expect(await sqliteTrips(() => cache.set('one', value))).toEqual(['sqlite3.Statement.Run']);
    // A burst: the first answer goes alone, the others wait for it and go together.
    const burst = await sqliteTrips(() => Promise.all(['a', 'b', 'c'].map((k) => cache.set(k, value))));
    expect(burst).toEqual(['sqlite3.Statement.Run', 'sqlite3.Statement.Run']);
    await cache.close();
    const plain = new Keyv({ store: new KeyvSqlite({ uri: `sqlite://${file}` }), namespace: 'model' });
    expect(await plain.getMany(['first', 'one', 'a', 'b', 'c'])).toEqual(Array(5).fill(value));
    await plain.disconnect();
  });

  it("while keyv's own connection reads and writes the same file", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-cache-')), 'cache.db');
    const cache = await openSqliteCache(file, 'model', () => undefined);
    const plain = new Keyv({ store: new KeyvSqlite({ uri: `sqlite://${file}` }), namespace: 'model' });
    await Promise.all([cache.set('k1', value), plain.set('k2', { ...value, request_time_s: 2 })]);
    expect((await cache.getMany(['k1', 'k2'])).map((v) => v?.request_time_s)).toEqual([0.5, 2]);
    expect(await plain.get('k1')).toEqual(value);
    await cache.close();
    await plain.disconnect();
  });
});
