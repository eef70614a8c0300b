import type OpenAI from 'openai';
import { APIUserAbortError } from 'openai';
import type { Completion } from '@eval-factory/types';
import { BadResponseError } from './classify-error.js';
import { ATTEMPT, type AttemptLimits } from './attempt-limits.js';
import { SdkClient } from './sdk-client.js';
import type { ModelDeployment } from './model-deployment.js';
import type { RawSuccess, SendAttempt } from './send-attempt.js';

/**
 * One official `openai` SDK client per deployment, with the SDK's own retries off: attempts, waits and failure
 * classes are counted in one place (retry.ts). No key → no Authorization header at all (local servers).
 * Requests go through `createNodeFetch` (half the CPU of Node's fetch per request), see sdk-client.ts.
 */
export function createOpenAISender(deployment: ModelDeployment, apiKey: string | null): SendAttempt {
  const client = new SdkClient({
    apiKey: apiKey ?? 'no-key',
    baseURL: deployment.base_url ?? undefined,
    defaultHeaders: {
      ...(apiKey === null ? { Authorization: null } : {}),
      ...(apiKey !== null && deployment.nvcf.enabled
        ? { 'NVCF-POLL-SECONDS': String(deployment.nvcf.poll_seconds) }
        : {}),
      ...deployment.headers,
    },
  });
  return sdkAttempt(client, deployment.endpoint_type);
}

/**
 * One attempt through an SDK client on `createNodeFetch`. The SDK is given no signal: the attempt's timeout and the
 * run's stop travel to the fetch as its limits (attempt-limits.ts), so no abort listener is wired per request, and
 * none is left on the run's signal. A stop ends the attempt as the SDK would with the signal (`APIUserAbortError`).
 */
export function sdkAttempt(client: OpenAI, type: 'chat' | 'completions'): SendAttempt {
  // A sender's attempts share their timeout and the run's signal: one options object serves them all (the SDK only
  // reads and copies it, and the fetch only reads the limits).
  let last: { readonly timeoutMs: number; readonly signal?: AbortSignal; readonly options: object } | null = null;
  const optionsFor = (timeoutMs: number, signal: AbortSignal | undefined) => {
    if (last === null || last.timeoutMs !== timeoutMs || last.signal !== signal) {
      const limits: AttemptLimits = signal ? { timeoutMs, stop: signal } : { timeoutMs };
      last = { timeoutMs, signal, options: { timeout: timeoutMs, maxRetries: 0, fetchOptions: { [ATTEMPT]: limits } } };
    }
    return last.options as never;
  };
  return async (body, timeoutMs, signal) => {
    if (signal?.aborted) throw new APIUserAbortError();
    const options = optionsFor(timeoutMs, signal);
    let response: unknown;
    try {
      response =
        type === 'chat'
          ? await client.chat.completions.create(body as never, options)
          : await client.completions.create(body as never, options);
    } catch (error) {
      if (signal?.aborted) throw new APIUserAbortError();
      throw error;
    }
    return parseResponse(response, type);
  };
}

/** Reads `choices[i].message.content` (null → "") or `choices[i].text`, finish reasons and usage (docs/configuration.md). */
export function parseResponse(response: unknown, type: 'chat' | 'completions'): RawSuccess {
  const choices = (response as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices) || choices.length === 0) throw new BadResponseError('no choices in the response body');
  type Choice = { message?: { content?: unknown }; text?: unknown; finish_reason?: unknown } | null;
  const completions = choices.map((c: Choice): Completion => {
    const text = type === 'chat' ? c?.message?.content : c?.text;
    if (text !== null && text !== undefined && typeof text !== 'string')
      throw new BadResponseError('completion text is not a string');
    return { text: text ?? '', finish_reason: typeof c?.finish_reason === 'string' ? c.finish_reason : null };
  });
  const u = (response as { usage?: Record<string, unknown> }).usage;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const usage = u
    ? {
        prompt_tokens: num(u.prompt_tokens),
        completion_tokens: num(u.completion_tokens),
        total_tokens: num(u.total_tokens),
      }
    : null;
  return { completions, usage, response };
}
