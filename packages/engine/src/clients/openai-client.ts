import OpenAI, { APIUserAbortError } from 'openai';
import type { Completion } from '@eval-factory/types';
import { BadResponseError } from './classify-error.js';
import { ATTEMPT, type AttemptLimits } from './attempt-limits.js';
import { createNodeFetch } from './node-http-fetch.js';
import { ResponseHeaders } from './loaded-response.js';
import type { ModelDeployment } from './model-deployment.js';
import type { RawSuccess, SendAttempt } from './send-attempt.js';

/**
 * One official `openai` SDK client per deployment, with the SDK's own retries off: attempts, waits and failure
 * classes are counted in one place (retry.ts). No key → no Authorization header at all (local servers).
 * Requests go through `createNodeFetch` (half the CPU of Node's fetch per request).
 */
export function createOpenAISender(deployment: ModelDeployment, apiKey: string | null): SendAttempt {
  const client = new OpenAI({
    apiKey: apiKey ?? 'no-key',
    baseURL: deployment.base_url ?? undefined,
    organization: null,
    project: null,
    maxRetries: 0,
    fetch: createNodeFetch(),
    defaultHeaders: {
      ...(apiKey === null ? { Authorization: null } : {}),
      ...(apiKey !== null && deployment.nvcf.enabled
        ? { 'NVCF-POLL-SECONDS': String(deployment.nvcf.poll_seconds) }
        : {}),
      ...deployment.headers,
    },
  });
  buildHeadersOnce(client);
  buildUrlOnce(client);
  return sdkAttempt(client, deployment.endpoint_type);
}

/**
 * One attempt through an SDK client on `createNodeFetch`. The SDK is given no signal: the attempt's timeout and the
 * run's stop travel to the fetch as its limits (attempt-limits.ts), so no abort listener is wired per request, and
 * none is left on the run's signal. A stop ends the attempt as the SDK would with the signal (`APIUserAbortError`).
 */
export function sdkAttempt(client: OpenAI, type: 'chat' | 'completions'): SendAttempt {
  return async (body, timeoutMs, signal) => {
    if (signal?.aborted) throw new APIUserAbortError();
    const limits: AttemptLimits = signal ? { timeoutMs, stop: signal } : { timeoutMs };
    const options = { timeout: timeoutMs, maxRetries: 0, fetchOptions: { [ATTEMPT]: limits } as never };
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

/** What the SDK's (private) `buildHeaders` is called with, as far as it is read here. */
interface HeaderArgs {
  readonly options: { readonly headers?: unknown; readonly timeout?: number; readonly __security?: unknown };
  readonly method: string;
  readonly bodyHeaders: unknown;
  readonly retryCount: number;
}
type HeaderBuilder = (args: HeaderArgs) => Promise<Headers>;

/**
 * The SDK builds every request's headers anew (user agent, platform, key, the client's defaults, merged through
 * several Headers objects: about a tenth of the engine's CPU per request), yet they are the same on every call to
 * one endpoint with the same timeout and retry count. Here they are built by the SDK once per such combination and
 * the same Headers object is reused; a call with headers of its own, an idempotency key or a key that refreshes is
 * built as the SDK does. Nothing on the path edits a request's Headers: the SDK only does so for workload-identity
 * tokens, which this client never uses.
 */
export function buildHeadersOnce(client: OpenAI): void {
  const sdk = client as unknown as {
    buildHeaders?: HeaderBuilder;
    idempotencyHeader?: string;
    _workloadIdentityAuth?: unknown;
  };
  const build = sdk.buildHeaders;
  // Another SDK version without this method: headers are built per call, as the SDK does anyway.
  if (typeof build !== 'function' || sdk.idempotencyHeader || sdk._workloadIdentityAuth) return;
  const built = new Map<string, Promise<Headers>>();
  sdk.buildHeaders = function (this: OpenAI, args: HeaderArgs) {
    const { options } = args;
    if (options.headers !== undefined) return build.call(this, args);
    const key = JSON.stringify([args.method, args.retryCount, options.timeout, options.__security, args.bodyHeaders]);
    let headers = built.get(key);
    if (headers === undefined) {
      headers = build.call(this, args).then(frozen);
      built.set(key, headers);
      headers.catch(() => built.delete(key));
    }
    return headers;
  };
}

type UrlBuilder = (path: string, query: unknown, defaultBaseURL?: string) => string;

/**
 * The SDK parses and prints every request's URL anew (a `new URL`, its query read back and written: ~3 % of the
 * engine's CPU while sending), yet a call without a query of its own gets the same URL for the same path on one
 * client (its base URL and default query are fixed when it is made). Here it is built by the SDK once per path; a
 * call with a query is built as the SDK does.
 */
export function buildUrlOnce(client: OpenAI): void {
  const sdk = client as unknown as { buildURL?: UrlBuilder };
  const build = sdk.buildURL;
  // Another SDK version without this method: the URL is built per call, as the SDK does anyway.
  if (typeof build !== 'function') return;
  const built = new Map<string, string>();
  sdk.buildURL = function (this: OpenAI, path, query, defaultBaseURL) {
    if (query !== undefined && query !== null) return build.call(this, path, query, defaultBaseURL);
    const key = `${defaultBaseURL ?? ''}\n${path}`;
    let url = built.get(key);
    if (url === undefined) {
      url = build.call(this, path, query, defaultBaseURL);
      built.set(key, url);
    }
    return url;
  };
}

/**
 * The shared headers, read-only (an edit would throw rather than reach every later request) and sorted once: the
 * SDK iterates a request's headers for its debug details on every call, and a `Headers` sorts its names each time.
 */
function frozen(headers: Headers): Headers {
  const raw: string[] = [];
  headers.forEach((value, name) => raw.push(name, value));
  return new ResponseHeaders(raw) as unknown as Headers;
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
