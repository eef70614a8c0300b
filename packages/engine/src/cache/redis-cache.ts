/**
 * The shared request cache in Redis (docs/scale.md), through keyv's own adapter (@keyv/redis). It is a second tier
 * beside the local SQLite cache, never a replacement: when Redis cannot be reached — at the start or half-way
 * through, or it stops answering — the run says so once and goes on with the local cache alone (no request waits for
 * a reconnect).
 */
import { UserError } from '@eval-factory/errors';
import { cacheUrlProblem } from '@eval-factory/types';
import { failSoftRedis } from './redis-connection.js';
import { disabledCache, type CachedResponse, type RequestCache } from './request-cache.js';

/** `redis://HOST[:PORT][/DB]` checked (`cacheUrlProblem`, shared with the factory's checks); EF_CACHE_URL otherwise. */
export function checkRedisUrl(url: string): URL {
  const problem = cacheUrlProblem(url);
  if (problem) throw new UserError('EF_CACHE_URL', problem.message, problem.hint);
  return new URL(url);
}

/**
 * A fail-soft Redis tier under `namespace` (one per model endpoint, so teams can share one Redis). Every error —
 * refused connection, a server killed mid-run, no answer within REDIS_DEADLINE_MS (a stalled server) — turns the
 * tier off for the rest of the run, with one `EF_CACHE_REMOTE_DOWN` warning. The connection is made here, before
 * the first lookup: calls made while it was still connecting would fail ("The client is offline").
 */
export async function openRedisCache(
  url: string,
  namespace: string,
  warn: (code: string, message: string) => void,
  /** Whether a stored response is an answer the run can read (its client's own parser). */
  readable: (response: unknown) => boolean = () => true,
): Promise<RequestCache> {
  const parsed = checkRedisUrl(url);
  const redis = failSoftRedis((error) =>
    warn(
      'EF_CACHE_REMOTE_DOWN',
      `the shared cache at ${parsed.host} cannot be reached (${error.message}); going on with the local cache only`,
    ),
  );
  const client = await redis.connect(parsed.toString());
  if (client === null) return { ...disabledCache, stores: true };
  const { createKeyv } = await import('@keyv/redis');
  const keyv = createKeyv(client, { namespace, throwOnErrors: true, throwOnConnectError: true });
  keyv.on('error', () => undefined); // surfaced through the awaited calls below
  readForeignEntries(keyv);
  const valid = validEntries(parsed.host, warn, readable);
  const getMany = (keys: readonly string[]) =>
    redis.call(
      keys.map(() => undefined),
      async () => (keys.length === 0 ? [] : valid(await keyv.getMany([...keys]))),
    );
  return {
    stores: true,
    get: (key) => redis.call(undefined, async () => valid([await keyv.get(key)])[0]),
    getMany,
    // Redis gives each entry whole.
    getAnswers: getMany,
    set: (key, value) => redis.call(undefined, async () => void (await keyv.set(key, value))),
    close: () => redis.close(),
  };
}

/**
 * Entries of the shared cache as cached responses: one that is not (another program's value under our key, an
 * older format) is a miss — the request is sent again and the entry overwritten — said once per run, and never
 * copied into the run's own cache.db.
 */
function validEntries(
  host: string,
  warn: (code: string, message: string) => void,
  readable: (response: unknown) => boolean,
) {
  let warned = false;
  return (values: readonly unknown[]): (CachedResponse | undefined)[] =>
    values.map((v) => {
      if (v === undefined || v === null) return undefined;
      if (isCachedResponse(v) && readable(v.response)) return v;
      if (!warned)
        warn(
          'EF_CACHE_REMOTE_INVALID',
          `the shared cache at ${host} holds an entry that is not a cached answer; it is treated as a miss (sent again and overwritten)`,
        );
      warned = true;
      return undefined;
    });
}

/** What a Redis value that is not keyv's `{value, expires}` envelope (not JSON, or JSON of another shape) reads as. */
const FOREIGN = { foreign: true } as const;

/** Such a value is read as FOREIGN (a miss, with a warning) rather than failing the lookup or the whole tier. */
function readForeignEntries(keyv: { deserialize: unknown }): void {
  const parse = keyv.deserialize as (data: string) => unknown;
  keyv.deserialize = (data: string) => {
    try {
      const envelope = parse(data);
      return isObject(envelope) && 'value' in envelope ? envelope : { value: FOREIGN };
    } catch {
      return { value: FOREIGN };
    }
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The shape `cachedAnswer` writes: the request and response objects, a latency, when and by which engine. */
export function isCachedResponse(v: unknown): v is CachedResponse {
  return (
    isObject(v) &&
    isObject(v.request) &&
    isObject(v.response) &&
    typeof v.request_time_s === 'number' &&
    Number.isFinite(v.request_time_s) &&
    v.request_time_s >= 0 &&
    typeof v.created_at === 'string' &&
    typeof v.engine_version === 'string'
  );
}
