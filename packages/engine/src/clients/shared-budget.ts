/**
 * An endpoint's budget held across every worker of a cluster run (docs/scale.md): `parallelism` requests in flight
 * and `requests_per_minute` in total, whatever the number of workers, through Redis' own atomic scripts. Each
 * attempt takes a lease (a member of a sorted set scored by Redis' clock) before it is sent and gives it back after;
 * a worker that dies leaves its leases, which expire after the request timeout. Redis down: the run says so once
 * or stalled (no answer within REDIS_DEADLINE_MS): the run says so once and goes on with its own (local) limits.
 */
import { randomUUID } from 'node:crypto';
import { failSoftRedis } from '../cache/redis-connection.js';

const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 25 end
local rpm = tonumber(ARGV[3])
if rpm > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - 60000)
  if redis.call('ZCARD', KEYS[2]) >= rpm then
    local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
    return math.max(1, tonumber(oldest[2]) + 60000 - now)
  end
  redis.call('ZADD', KEYS[2], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[2], 120000)
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]) * 2)
return 0
`;

export interface SharedBudget {
  /** Waits for a slot in the endpoint's shared budget; returns the release. */
  acquire(signal?: AbortSignal): Promise<() => void>;
  close(): Promise<void>;
}

export interface SharedBudgetOptions {
  readonly url: string;
  /** The endpoint's name in Redis (one budget per model endpoint). */
  readonly endpoint: string;
  readonly parallelism: number;
  readonly requestsPerMinute: number | null;
  /** A lease older than this is a dead worker's: the request timeout and a margin. */
  readonly leaseMs: number;
  readonly warn: (code: string, message: string) => void;
}

export async function openSharedBudget(o: SharedBudgetOptions): Promise<SharedBudget> {
  const redis = failSoftRedis((error) =>
    o.warn(
      'EF_BUDGET_REMOTE_DOWN',
      `the shared endpoint budget in Redis cannot be reached (${error.message}); going on with this worker's own limits`,
    ),
  );
  const client = await redis.connect(o.url);
  const keys = [`eval-factory:budget:${o.endpoint}:inflight`, `eval-factory:budget:${o.endpoint}:minute`];
  const args = (token: string) => [String(o.leaseMs), String(o.parallelism), String(o.requestsPerMinute ?? 0), token];
  const unbudgeted = () => undefined;
  return {
    async acquire(signal) {
      if (client === null) return unbudgeted;
      const token = randomUUID();
      for (;;) {
        if (signal?.aborted || redis.down) return unbudgeted;
        const wait = await redis.call(null, async () =>
          Number(await client.eval(ACQUIRE, { keys, arguments: args(token) })),
        );
        if (wait === null) return unbudgeted;
        if (wait === 0) break;
        // Short naps, so a closed budget or an aborted run stops waiting soon.
        await new Promise((r) => setTimeout(r, Math.min(wait, 250)));
      }
      return () => void redis.call(undefined, async () => void (await client.zRem(keys[0]!, token)));
    },
    close: () => redis.close(),
  };
}
