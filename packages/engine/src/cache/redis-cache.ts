/**
 * The shared request cache in Redis (docs/scale.md), through keyv's own adapter (@keyv/redis). It is a second tier
 * beside the local SQLite cache, never a replacement: when Redis cannot be reached — at the start or half-way
 * through — the run says so once and goes on with the local cache alone (no request waits for a reconnect).
 */
import { registerSecret, UserError } from '@eval-factory/errors';
import { CACHE_PASSWORD_ENV, cacheUrlProblem } from '@eval-factory/types';
import type { CachedResponse, RequestCache } from './request-cache.js';

/** `redis://HOST[:PORT][/DB]` checked (`cacheUrlProblem`, shared with the factory's checks); EF_CACHE_URL otherwise. */
export function checkRedisUrl(url: string): URL {
  const problem = cacheUrlProblem(url);
  if (problem) throw new UserError('EF_CACHE_URL', problem.message, problem.hint);
  return new URL(url);
}

const CONNECT_TIMEOUT_MS = 2000;

/**
 * A fail-soft Redis tier under `namespace` (one per model endpoint, so teams can share one Redis). Every error —
 * refused connection, timeout, a server killed mid-run — turns the tier off for the rest of the run, with one
 * `EF_CACHE_REMOTE_DOWN` warning.
 */
export async function openRedisCache(
  url: string,
  namespace: string,
  warn: (code: string, message: string) => void,
): Promise<RequestCache> {
  const parsed = checkRedisUrl(url);
  // Loaded only for a run that has a Redis tier: the client is ~40 % of the engine's modules (~30 ms at start-up).
  const { createKeyv } = await import('@keyv/redis');
  const password = process.env[CACHE_PASSWORD_ENV];
  registerSecret(password);
  const keyv = createKeyv(
    {
      url: parsed.toString(),
      ...(password ? { password } : {}),
      // Fail now instead of queueing commands while disconnected: the local cache answers instead.
      disableOfflineQueue: true,
      socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false },
    },
    { namespace, throwOnErrors: true, throwOnConnectError: true, connectionTimeout: CONNECT_TIMEOUT_MS },
  );
  keyv.on('error', () => undefined); // surfaced through the awaited calls below
  (keyv.store as { on?: (event: string, f: () => void) => void }).on?.('error', () => undefined);
  let down = false;
  const off = (error: unknown) => {
    if (!down)
      warn(
        'EF_CACHE_REMOTE_DOWN',
        `the shared cache at ${parsed.host} cannot be reached (${(error as Error).message}); going on with the local cache only`,
      );
    down = true;
    void keyv.disconnect().catch(() => undefined);
  };
  const guarded = async <T>(fallback: T, f: () => Promise<T>): Promise<T> => {
    if (down) return fallback;
    try {
      return await f();
    } catch (error) {
      off(error);
      return fallback;
    }
  };
  return {
    stores: true,
    get: (key) => guarded(undefined, async () => (await keyv.get<CachedResponse>(key)) ?? undefined),
    getMany: (keys) =>
      guarded(
        keys.map(() => undefined),
        async () =>
          keys.length === 0
            ? []
            : ((await keyv.getMany<CachedResponse>([...keys])) as (CachedResponse | undefined)[]).map(
                (v) => v ?? undefined,
              ),
      ),
    set: (key, value) => guarded(undefined, async () => void (await keyv.set(key, value))),
    close: async () => {
      if (!down) await keyv.disconnect().catch(() => undefined);
      down = true;
    },
  };
}
