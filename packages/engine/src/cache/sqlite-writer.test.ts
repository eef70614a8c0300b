import { Buffer } from 'node:buffer';
import { createHook } from 'node:async_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import KeyvSqlite from '@keyv/sqlite';
import { openSqliteCache } from './index.js';
import { SAMPLE_ANSWER as value } from '../../test-support/cached-response.js';

let recording: string[] = [];
/** Within `sqliteTrips`: how many pieces of work it has seen so far, asked at any moment. */
const tripsSoFar = () => {
  const trips = recording;
  return () => trips.length;
};

/** The pieces of thread-pool work sqlite3 starts while `work` runs (each is a trip there and back). */
async function sqliteTrips(work: () => Promise<unknown>): Promise<string[]> {
  const trips: string[] = [];
  recording = trips;
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

  it('starts the next batch before the answers of the batch before are released (their next requests go meanwhile)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-cache-')), 'cache.db');
    const cache = await openSqliteCache(file, 'model', () => undefined);
    await cache.set('first', value);
    let startedWhenReleased = -1;
    const trips = await sqliteTrips(async () => {
      const trips = tripsSoFar();
      const first = cache.set('a', value).then(() => void (startedWhenReleased = trips()));
      await Promise.all([first, cache.set('b', value), cache.set('c', value)]);
    });
    expect(trips).toEqual(['sqlite3.Statement.Run', 'sqlite3.Statement.Run']);
    expect(startedWhenReleased).toBe(2);
    await cache.close();
  });

  it("stores the very bytes keyv's own set stores (escaped strings and Buffers included)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-cache-'));
    const odd = {
      ...value,
      response: { text: ':x', more: ['::y', ':base64:AAEC', 'é\u2028"\\'], bytes: Buffer.from([0, 1, 2]) },
      request_time_s: 1e-7,
    };
    const cache = await openSqliteCache(join(dir, 'ours.db'), 'model', () => undefined);
    await Promise.all([cache.set('k', odd), cache.set('plain', value)]);
    await cache.close();
    const theirs = new KeyvSqlite({ uri: `sqlite://${join(dir, 'theirs.db')}` });
    const plain = new Keyv({ store: theirs, namespace: 'model' });
    await plain.set('k', odd);
    await plain.set('plain', value);
    const ours = new KeyvSqlite({ uri: `sqlite://${join(dir, 'ours.db')}` });
    const rows = 'SELECT key, value FROM keyv ORDER BY key';
    expect(await ours.query(rows)).toEqual(await theirs.query(rows));
    await ours.disconnect();
    await plain.disconnect();
  });

  it("while keyv's own connection reads and writes the same file", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-cache-')), 'cache.db');
    const cache = await openSqliteCache(file, 'model', () => undefined);
    // With a busy timeout, as the cache's own connections: without one, a write that meets the writer's lock fails.
    const plain = new Keyv({
      store: new KeyvSqlite({ uri: `sqlite://${file}`, busyTimeout: 10_000 }),
      namespace: 'model',
    });
    const [, stored] = await Promise.all([cache.set('k1', value), plain.set('k2', { ...value, request_time_s: 2 })]);
    expect(stored).toBe(true);
    expect((await cache.getMany(['k1', 'k2'])).map((v) => v?.request_time_s)).toEqual([0.5, 2]);
    expect(await plain.get('k1')).toEqual(value);
    await cache.close();
    await plain.disconnect();
  });
});
