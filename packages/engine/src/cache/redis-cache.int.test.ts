import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { findRedisServer, startRedisServer, type RedisServer } from '@eval-factory/testkit';
import { checkRedisUrl, openRequestCache, openSqliteCache } from './index.js';

const binary = findRedisServer();
if (binary === null)
  process.stderr.write('redis-cache.int.test: SKIPPED, redis-server is not installed (apt-get install redis-server)\n');
const describeRedis = binary === null ? describe.skip : describe;

const value = (n: number) => ({
  request: { n },
  response: { choices: [{ message: { content: `answer ${n}` } }] },
  request_time_s: 0.5,
  created_at: 'now',
  engine_version: 't',
});
const setup = (dir: string, redisUrl: string | null) => ({ file: join(dir, 'cache.db'), redisUrl, unitsOf: null });

describeRedis('shared Redis cache tier (real redis-server)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer(binary);
  });
  afterAll(async () => redis?.stop());

  it('an answer one worker stored is found by another with its own local cache, and copied into it', async () => {
    const a = await openRequestCache(
      setup(mkdtempSync(join(tmpdir(), 'ef-a-')), redis.url),
      'model',
      'm@http://x/v1',
      () => undefined,
    );
    await a.set('k1', value(1));
    await a.set('k3', value(3));
    await a.close();
    const dirB = mkdtempSync(join(tmpdir(), 'ef-b-'));
    const b = await openRequestCache(setup(dirB, redis.url), 'model', 'm@http://x/v1', () => undefined);
    expect((await b.getMany(['k1', 'k2'])).map((v) => v?.request)).toEqual([{ n: 1 }, undefined]);
    // What a run's prefetch reads: the answer, and the whole entry is copied into the local cache.
    expect((await b.getAnswers(['k3']))[0]?.response).toEqual(value(3).response);
    await b.close();
    const localB = await openSqliteCache(join(dirB, 'cache.db'), 'model', () => undefined);
    expect(await localB.get('k1')).toEqual(value(1));
    expect(await localB.get('k3')).toEqual(value(3));
    await localB.close();
    // Another endpoint's namespace does not see it.
    const other = await openRequestCache(
      setup(mkdtempSync(join(tmpdir(), 'ef-c-')), redis.url),
      'model',
      'other@http://y/v1',
      () => undefined,
    );
    expect(await other.get('k1')).toBeUndefined();
    await other.close();
  });

  it('Redis killed mid-run: one warning, every later answer still stored locally', async () => {
    const own = await startRedisServer(binary);
    const dir = mkdtempSync(join(tmpdir(), 'ef-kill-'));
    const warnings: string[] = [];
    const cache = await openRequestCache(setup(dir, own.url), 'model', 'm', (code) => warnings.push(code));
    await cache.set('before', value(1));
    await own.kill();
    const started = Date.now();
    for (let i = 0; i < 20; i++) await cache.set(`after${i}`, value(i));
    expect(await cache.get('missing')).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5000); // no waiting for a reconnect per request
    await cache.close();
    expect(warnings).toEqual(['EF_CACHE_REMOTE_DOWN']);
    const local = await openSqliteCache(join(dir, 'cache.db'), 'model', () => undefined);
    expect((await local.getMany(['before', ...Array.from({ length: 20 }, (_, i) => `after${i}`)])).every(Boolean)).toBe(
      true,
    );
    await local.close();
  });

  it('27.3 lookups made all at once on a just-opened tier are all answered (no "The client is offline")', async () => {
    const tmp = () => mkdtempSync(join(tmpdir(), 'ef-judge-'));
    const a = await openRequestCache(setup(tmp(), redis.url), 'judge', 'judges', () => undefined);
    await a.set('verdict', value(7));
    await a.close();
    const warnings: string[] = [];
    const b = await openRequestCache(setup(tmp(), redis.url), 'judge', 'judges', (code, m) =>
      warnings.push(`${code} ${m}`),
    );
    const found = await Promise.all(Array.from({ length: 8 }, () => b.get('verdict')));
    await b.close();
    expect(warnings).toEqual([]);
    expect(found.map((v) => v?.request)).toEqual(Array.from({ length: 8 }, () => ({ n: 7 })));
  });

  it('27.2 Redis stalled (SIGSTOP) mid-run: calls return, one warning, answers kept locally', async () => {
    const own = await startRedisServer(binary);
    const dir = mkdtempSync(join(tmpdir(), 'ef-stall-'));
    const warnings: string[] = [];
    try {
      const cache = await openRequestCache(setup(dir, own.url), 'model', 'm', (code) => warnings.push(code));
      await cache.set('before', value(1));
      own.process.kill('SIGSTOP');
      await cache.set('after', value(2));
      expect(await cache.getMany(['missing', 'after'])).toEqual([undefined, value(2)]);
      await cache.close();
      expect(warnings).toEqual(['EF_CACHE_REMOTE_DOWN']);
    } finally {
      own.process.kill('SIGCONT');
      await own.stop();
    }
  });

  it('Redis down from the start: the run goes on with the local cache, saying so once', async () => {
    const warnings: string[] = [];
    const cache = await openRequestCache(
      setup(mkdtempSync(join(tmpdir(), 'ef-down-')), 'redis://127.0.0.1:1'),
      'model',
      'm',
      (code) => warnings.push(code),
    );
    await cache.set('k', value(1));
    expect(await cache.get('k')).toEqual(value(1));
    expect(await cache.getMany(['k', 'x'])).toEqual([value(1), undefined]);
    await cache.close();
    expect(warnings).toEqual(['EF_CACHE_REMOTE_DOWN']);
  });
});

describe('checkRedisUrl', () => {
  it.each(['redis://h:6379', 'redis://h', 'redis://h:1/2', 'rediss://h:6380/0'])('accepts %s', (url) =>
    expect(() => checkRedisUrl(url)).not.toThrow());
  it.each(['http://h:6379', 'redis://', 'h:6379', 'redis://h/x'])('refuses %s', (url) =>
    expect(() => checkRedisUrl(url)).toThrow(/EF_CACHE_URL|not redis/));
  it('refuses a password in the URL, naming the variable to use', () =>
    expect(() => checkRedisUrl('redis://:hunter22@h:6379')).toThrow(/password/));
});
