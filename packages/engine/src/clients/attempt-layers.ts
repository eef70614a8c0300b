/**
 * The layers every attempt of a model request goes through (model-client.ts stacks them): the answer stored
 * before the slot is released, the endpoint's shared budget, and the rate limiter.
 */
import { scrubValue } from '@eval-factory/errors';
import { classifyError } from './classify-error.js';
import { estimateTokens, type RequestLimiter } from './rate-limiter.js';
import type { RawSuccess, SendAttempt } from './send-attempt.js';
import type { SharedBudget } from './shared-budget.js';

/**
 * One attempt that stores its answer before it returns (and so before its slot is released). An answer that repeats
 * a secret (a model echoing its prompt, a proxy echoing headers) is cached and written without it. Once the run has
 * stopped nothing more goes on the wire: a request that was waiting for its slot is not sent. `store` null: nothing
 * is cached (use_caching: false).
 */
export function storedAttempt(
  send: SendAttempt,
  store: ((raw: RawSuccess, request_time_s: number) => Promise<void>) | null,
  run: AbortSignal | undefined,
): SendAttempt {
  return async (body, timeoutMs, signal) => {
    run?.throwIfAborted();
    const started = performance.now();
    const raw = scrubValue(await send(body, timeoutMs, signal));
    if (store) await store(raw, (performance.now() - started) / 1000);
    return raw;
  };
}

/** Every attempt also holds a slot of the endpoint's shared budget while it is on the wire. */
export function budgeted(send: SendAttempt, budget: SharedBudget): SendAttempt {
  return async (body, timeoutMs, signal) => {
    const release = await budget.acquire(signal);
    try {
      return await send(body, timeoutMs, signal);
    } finally {
      release();
    }
  };
}

/** Every attempt (retries included) waits for the limiter and tells it whether the endpoint pushed back. */
export function limited(send: SendAttempt, limiter: RequestLimiter, nvcfBacked: boolean): SendAttempt {
  return async (body, timeoutMs, signal) => {
    // The estimate serialises the whole prompt: only worth it when a tokens-per-minute limit will read it.
    const tokens = limiter.countsTokens
      ? estimateTokens(body, Number(body.max_tokens ?? body.max_completion_tokens ?? 0))
      : 0;
    const release = await limiter.acquire(tokens);
    try {
      const result = await send(body, timeoutMs, signal);
      release('ok');
      return result;
    } catch (error) {
      release(classifyError(error, nvcfBacked).error_kind === 'rate_limited' ? 'rate_limited' : 'error');
      throw error;
    }
  };
}
