/**
 * The official openai SDK client as a run uses it: on `createNodeFetch`, with the per-call work a run never needs
 * done once per endpoint or left out. The SDK stays the client (its request building, errors and parsing); what is
 * changed here is only how often it repeats itself.
 */
import OpenAI, { type ClientOptions } from 'openai';
import { ATTEMPT } from './attempt-limits.js';
import { createNodeFetch } from './node-http-fetch.js';
import { sentHeaders } from './sent-headers.js';

type Fetch = typeof globalThis.fetch;

/**
 * For every call the SDK makes an abort signal, a timer and a closure only to abort the fetch at its timeout; a
 * sender's calls carry their limits to the fetch instead (attempt-limits.ts: one timer for every deadline in flight).
 * Such a call goes straight to the fetch through the SDK's public `fetchWithTimeout` hook; a call without limits,
 * or with a signal of its own, keeps the SDK's timeout.
 */
export class SdkClient extends OpenAI {
  readonly #fetch: Fetch;

  constructor(options: Omit<ClientOptions, 'fetch'>) {
    let client: SdkClient | null = null;
    // Responses' headers are shown by the SDK's debug log only when they are a `Headers` (loaded-response.ts).
    const fetch = createNodeFetch(globalThis.fetch, { plainHeaders: () => client?.logLevel !== 'debug' });
    // A run counts its own attempts (retry.ts) and sends no organization or project of the environment's.
    super({ organization: null, project: null, maxRetries: 0, ...options, fetch });
    client = this;
    this.#fetch = fetch;
    buildHeadersOnce(this);
    buildUrlOnce(this);
    encodeJsonBodies(this);
  }

  override fetchWithTimeout(
    url: string | URL | Request,
    init: RequestInit | undefined,
    ms: number,
    controller: AbortController,
  ): Promise<Response> {
    if (init === undefined || init.signal || !(ATTEMPT in init))
      return super.fetchWithTimeout(url, init, ms, controller);
    // As the SDK does: custom methods are sent in capitals.
    return this.#fetch.call(undefined, url, { ...init, method: init.method?.toUpperCase() ?? 'GET' });
  }
}

// The SDK sends its class's name as the User-Agent (`OpenAI/JS 6.x`), which servers log and proxies may match on.
Object.defineProperty(SdkClient, 'name', { value: OpenAI.name });

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
    // The SDK's debug log shows each request's headers: only a `Headers` shows them (sent-headers.ts).
    const debug = this.logLevel === 'debug';
    const key = JSON.stringify([
      debug,
      args.method,
      args.retryCount,
      options.timeout,
      options.__security,
      args.bodyHeaders,
    ]);
    let headers = built.get(key);
    if (headers === undefined) {
      headers = build.call(this, args).then((h) => sentHeaders(h, debug));
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

/** What the SDK's (private) `buildBody` is called with and gives, as far as it is read here. */
type BodyBuilder = (args: { readonly options: { readonly body?: unknown; readonly headers?: unknown } }) => {
  readonly bodyHeaders: unknown;
  readonly body: unknown;
  readonly isStreamingBody: boolean;
};

/** A JSON body's own header, as the SDK's encoder gives it; one object for every call (the SDK only reads it). */
const JSON_BODY_HEADERS = Object.freeze({ 'content-type': 'application/json' });

/**
 * For every call the SDK merges the call's own headers into a new `Headers` (a sender's calls have none) and tests
 * the body against seven kinds of binary, form and stream bodies, only to end, for the plain object every sender
 * passes, in its JSON encoder: the body stringified and a content type. Such a body, on a call without headers of
 * its own, is encoded here as that encoder does; any other goes through the SDK's own steps.
 */
function encodeJsonBodies(client: OpenAI): void {
  const sdk = client as unknown as { buildBody?: BodyBuilder };
  const build = sdk.buildBody;
  // Another SDK version without this method: bodies are built as the SDK does anyway.
  if (typeof build !== 'function') return;
  sdk.buildBody = function (this: OpenAI, args) {
    const { body, headers } = args.options;
    if (headers !== undefined || !isPlainObject(body)) return build.call(this, args);
    return { bodyHeaders: JSON_BODY_HEADERS, body: JSON.stringify(body), isStreamingBody: false };
  };
}

/** An object literal's kind of object, which the SDK encodes as JSON (not iterable, so not streamed). */
function isPlainObject(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    !(Symbol.iterator in value) &&
    !(Symbol.asyncIterator in value)
  );
}
