/**
 * The `fetch` the openai SDK clients use: one request on `node:http` / `node:https` with keep-alive agents, the
 * whole body read, then a `Response` that reads from those bytes (loaded-response.ts). Node's built-in fetch
 * (undici) spends about twice the CPU per request (1000 requests at 32 in flight against the loopback server: 1.2 s
 * of client CPU against 0.5 s), and at hundreds of requests per second that CPU, not the endpoint, is what a run
 * waits for on a small machine (docs/performance.md).
 *
 * Only what the SDK sends takes this path: an http(s) URL with a string or byte body. Anything else (a streamed or
 * form body, a `Request` object) and any redirect go to the built-in fetch, so the behaviour stays fetch's:
 * failures reject with `TypeError('fetch failed', { cause })`, an abort rejects with the signal's reason.
 */
import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ATTEMPT, Deadlines, Stops, type AttemptLimits } from './attempt-limits.js';
import { LoadedResponse, PlainHeaders, ResponseHeaders } from './loaded-response.js';
import { outgoingHeaders, target, tlsName } from './outgoing-request.js';
import { headerList } from './sent-headers.js';

type Fetch = typeof globalThis.fetch;

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
const DECODERS: Readonly<Record<string, (b: Buffer) => Buffer>> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** How `createNodeFetch` answers. */
export interface NodeFetchOptions {
  /**
   * Whether a response's headers may be plain (loaded-response.ts) rather than a `Headers` to `instanceof`, asked
   * per response: the openai SDK formats every response's headers for its debug log, on or off, and skips plain
   * ones. Default: never (as fetch).
   */
  readonly plainHeaders?: () => boolean;
}

/**
 * A fetch with its own keep-alive connection pools (idle sockets do not keep the process alive).
 * @example
 * const client = new OpenAI({ baseURL, apiKey, fetch: createNodeFetch() });
 */
export function createNodeFetch(fallback: Fetch = globalThis.fetch, options: NodeFetchOptions = {}): Fetch {
  const plainHeaders = options.plainHeaders ?? (() => false);
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  const limits = { deadlines: new Deadlines(), stops: new Stops() };
  const nodeFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
    const protocol = url?.startsWith('https:') ? 'https:' : url?.startsWith('http:') ? 'http:' : null;
    const body = init.body ?? null;
    // A sender's limits replace the SDK's signal, which aborts only at the same deadline (attempt-limits.ts).
    const attempt = (init as { [ATTEMPT]?: AttemptLimits })[ATTEMPT];
    // The built-in fetch honours a signal: the attempt's deadline and stop are added to the caller's own.
    const viaFallback = () =>
      fallback(input, attempt ? { ...init, signal: attemptSignal(init.signal, attempt) } : init);
    if (
      url === null ||
      protocol === null ||
      !(body === null || typeof body === 'string' || body instanceof Uint8Array)
    ) {
      return viaFallback();
    }
    const signal = attempt ? (attempt.stop ?? null) : (init.signal ?? null);
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const transport = protocol === 'https:' ? https : http;
      const to = target(url);
      const method = init.method ?? 'GET';
      const list = headerList(init.headers);
      const req = transport.request({
        protocol: to.protocol,
        hostname: to.hostname,
        port: to.port,
        path: to.path,
        servername: tlsName(to, list),
        method,
        headers: outgoingHeaders(to, list, body, method),
        agent: agents[protocol],
      });
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        unwatch();
        outcome();
      };
      const fail = (error: unknown) =>
        settle(() => {
          req.destroy();
          reject(new TypeError('fetch failed', { cause: error }));
        });
      const abortWith = (reason: unknown) =>
        settle(() => {
          req.destroy();
          reject(reason);
        });
      const unwatch = attempt ? watchLimits(limits, attempt, abortWith) : watchSignal(signal, abortWith);
      req.on('error', fail);
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECT_STATUS.has(status) && res.headers.location !== undefined && init.redirect !== 'manual') {
          res.resume();
          settle(() => resolve(viaFallback()));
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('close', () => {
          if (!res.complete)
            fail(
              Object.assign(new Error('the connection closed before the response was complete'), {
                code: 'ECONNRESET',
              }),
            );
        });
        res.on('end', () => {
          let response: Response;
          try {
            // One chunk (most answers) is the body as it is, not a copy.
            const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
            response = toResponse(res, raw, init.method === 'HEAD', url, plainHeaders());
          } catch (error) {
            fail(error);
            return;
          }
          settle(() => resolve(response));
        });
      });
      req.end(body ?? undefined);
    });
  };
  return nodeFetch as Fetch;
}

/** A sender's limits as one signal, with the caller's own (the SDK gives none to a call with limits: sdk-client.ts). */
function attemptSignal(signal: AbortSignal | null | undefined, attempt: AttemptLimits): AbortSignal {
  const signals = [AbortSignal.timeout(attempt.timeoutMs)];
  if (signal) signals.push(signal);
  if (attempt.stop) signals.push(attempt.stop);
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}

/** A fetch's own `signal`, as fetch does: one listener for this request. Returns what removes it. */
function watchSignal(signal: AbortSignal | null, abortWith: (reason: unknown) => void): () => void {
  if (signal === null) return () => undefined;
  const onAbort = () => abortWith(abortReason(signal));
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

/**
 * A sender's limits: its deadline ends the request as the SDK's timeout would (an `AbortError`, which the SDK reads
 * as a timeout), its stop signal with that signal's reason. Returns what cancels both.
 */
function watchLimits(
  limits: { deadlines: Deadlines; stops: Stops },
  attempt: AttemptLimits,
  abortWith: (reason: unknown) => void,
): () => void {
  const cancelDeadline = limits.deadlines.add(Date.now() + attempt.timeoutMs, () =>
    abortWith(new DOMException('This operation was aborted', 'AbortError')),
  );
  const stop = attempt.stop;
  if (stop === undefined) return cancelDeadline;
  const cancelStop = limits.stops.add(stop, () => abortWith(abortReason(stop)));
  return () => {
    cancelDeadline();
    cancelStop();
  };
}

/** What the caller aborted with; fetch rejects with the signal's reason (an `AbortError` by default). */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function toResponse(res: http.IncomingMessage, raw: Buffer, head: boolean, url: string, plain: boolean): Response {
  const status = res.statusCode ?? 0;
  // As fetch's Response constructor: no final status outside 200-599.
  if (status < 200 || status > 599) throw new RangeError(`status ${status} is outside 200-599`);
  const headers = plain ? new PlainHeaders(res.rawHeaders) : new ResponseHeaders(res.rawHeaders);
  // We never ask for compression; a server that compresses anyway is decoded as fetch would.
  const decode = DECODERS[(headers.get('content-encoding') ?? '').toLowerCase()];
  const body = head || NULL_BODY_STATUS.has(status) ? null : decode ? decode(raw) : raw;
  // Duck-typed: the SDK reads status, headers and json()/text() (loaded-response.ts).
  return new LoadedResponse(status, res.statusMessage ?? '', headers, body, url) as unknown as Response;
}
