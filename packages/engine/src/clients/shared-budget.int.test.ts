import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { findRedisServer, startRedisServer, type RedisServer } from '@eval-factory/testkit';
import { openSharedBudget } from './shared-budget.js';

const binary = findRedisServer();
if (binary === null)
  process.stderr.write(
    'shared-budget.int.test: SKIPPED, redis-server is not installed (apt-get install redis-server)\n',
  );

/** Whether the promise settles within `ms`. */
const settlesWithin = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

(binary === null ? describe.skip : describe)('shared endpoint budget (real redis-server)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer(binary);
  });
  afterAll(async () => redis?.stop());
  const options = (endpoint: string, parallelism: number, requestsPerMinute: number | null) => ({
    url: redis.url,
    endpoint,
    parallelism,
    requestsPerMinute,
    leaseMs: 60_000,
    warn: () => undefined,
  });

  it('parallelism is held across two workers: the third slot waits for a release on the other worker', async () => {
    const [a, b] = [await openSharedBudget(options('p', 2, null)), await openSharedBudget(options('p', 2, null))];
    const releaseA = await a.acquire();
    await b.acquire();
    const third = b.acquire();
    expect(await settlesWithin(third, 300)).toBe(false);
    releaseA();
    expect(await settlesWithin(third, 2000)).toBe(true);
    await a.close();
    await b.close();
  });

  it('requests per minute are counted across workers', async () => {
    const [a, b] = [await openSharedBudget(options('r', 100, 4)), await openSharedBudget(options('r', 100, 4))];
    for (const w of [a, b, a, b]) (await w.acquire())();
    expect(await settlesWithin(a.acquire(), 500)).toBe(false);
    await a.close();
    await b.close();
  });

  it('Redis unreachable: one warning, and the worker goes on with its own limits', async () => {
    const warnings: string[] = [];
    const budget = await openSharedBudget({
      url: 'redis://127.0.0.1:1',
      endpoint: 'x',
      parallelism: 1,
      requestsPerMinute: null,
      leaseMs: 1000,
      warn: (code) => warnings.push(code),
    });
    for (let i = 0; i < 3; i++) await budget.acquire();
    expect(warnings).toEqual(['EF_BUDGET_REMOTE_DOWN']);
    await budget.close();
  });
});
