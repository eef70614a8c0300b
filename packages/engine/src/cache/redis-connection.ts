/**
 * One Redis connection of the shared tiers (the request cache and the endpoint budget, docs/scale.md), with a
 * deadline on everything it does. A Redis that stops answering without closing its sockets (a paused VM, a long
 * fork, a partition without RST) would otherwise hold every request of the run forever: past the deadline the tier
 * is dropped and the run goes on locally.
 */
import { registerSecret } from '@eval-factory/errors';
import { CACHE_PASSWORD_ENV } from '@eval-factory/types';
import type { RedisClientType } from '@keyv/redis';

/**
 * How long any Redis call may take: connecting (with its handshake), a lookup, a write or a budget script. Redis
 * answers in well under a millisecond on a healthy network; 2 s rides out a slow fork or a busy server, and a stalled
 * one costs a run at most this much, once.
 */
export const REDIS_DEADLINE_MS = 2000;

export type RedisClient = RedisClientType;

/** `work`, or a rejection once REDIS_DEADLINE_MS has passed (the timer never keeps the process alive). */
export async function withDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_DEADLINE_MS / 1000} s`)), REDIS_DEADLINE_MS);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A connected client, or a rejection within the deadline (the half-open client then destroyed, so no socket keeps
 * the process alive). It never reconnects and never queues commands while offline: the local tier answers instead.
 */
export async function connectRedis(url: string): Promise<RedisClient> {
  // Loaded only for a run that has a Redis tier: the client is ~40 % of the engine's modules (~30 ms at start-up).
  const { createClient } = await import('@keyv/redis');
  const password = process.env[CACHE_PASSWORD_ENV] || undefined;
  registerSecret(password);
  const client = createClient({
    url,
    ...(password ? { password } : {}),
    disableOfflineQueue: true,
    socket: { connectTimeout: REDIS_DEADLINE_MS, reconnectStrategy: false },
    // node-redis' own per-command deadline; withDeadline covers what it does not (the handshake, MULTI).
    commandOptions: { timeout: REDIS_DEADLINE_MS },
  });
  client.on('error', () => undefined); // surfaced through the awaited calls
  try {
    await withDeadline(client.connect());
    return client as unknown as RedisClient;
  } catch (error) {
    dropClient(client as unknown as RedisClient);
    throw error;
  }
}

/** Closes the socket now, failing whatever is pending: a stalled server is never waited for. */
export function dropClient(client: RedisClient): void {
  // @keyv/redis connects a client it finds closed: a lookup already under way when the tier was dropped would open
  // a new socket that nothing closes, and the process would never exit.
  client.connect = () => Promise.reject(new Error('the shared tier was dropped'));
  try {
    if (client.isOpen) client.destroy();
  } catch {
    // already closed
  }
}

/** A graceful close (pending writes sent) within the deadline, then the socket closed whatever happened. */
export async function closeClient(client: RedisClient): Promise<void> {
  if (client.isOpen) await withDeadline(client.close()).catch(() => undefined);
  dropClient(client);
}

/**
 * One Redis tier that fails soft: every call is made within the deadline; the first failure (refused, closed,
 * late) calls `onDown` once, closes the socket, and every later call returns its fallback at once.
 */
export interface FailSoftRedis {
  /** Connects; null (and down) when it cannot within the deadline. */
  connect(url: string): Promise<RedisClient | null>;
  call<T>(fallback: T, work: () => Promise<T>): Promise<T>;
  readonly down: boolean;
  close(): Promise<void>;
}

export function failSoftRedis(onDown: (error: Error) => void): FailSoftRedis {
  let client: RedisClient | null = null;
  let down = false;
  const off = (error: unknown) => {
    if (!down) onDown(error as Error);
    down = true;
    if (client) dropClient(client);
  };
  return {
    get down() {
      return down;
    },
    async connect(url) {
      try {
        client = await connectRedis(url);
      } catch (error) {
        off(error);
      }
      return client;
    },
    async call(fallback, work) {
      if (down) return fallback;
      try {
        return await withDeadline(work());
      } catch (error) {
        off(error);
        return fallback;
      }
    },
    async close() {
      if (!down && client) await closeClient(client);
      down = true;
    },
  };
}
