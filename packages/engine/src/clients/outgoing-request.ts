/**
 * Where a `createNodeFetch` request goes and the headers it is sent with, as node:http takes them: options parsed
 * once per URL, and the headers as one list with what node:http itself would add to headers given as an object.
 */
import { urlToHttpOptions } from 'node:url';
import type { HeaderList } from './sent-headers.js';

/** Where a request goes, as `node:http` options, and the headers node:http would add for it. */
export interface Target {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: number | undefined;
  readonly path: string;
  readonly servername: string | undefined;
  /** The Host header node:http sends: the host name (in brackets for IPv6), and the port unless the default. */
  readonly host: string;
  /** Basic credentials of a URL with a user name or password, as node:http sends them. */
  readonly authorization: string | null;
}

/**
 * A URL as `node:http` options, parsed once: a run sends every request to the same URL, and parsing it anew (which
 * `request(url)` does) was a few percent of a request's CPU. Kept for a bounded number of URLs.
 */
const targets = new Map<string, Target>();
export function target(url: string): Target {
  let found = targets.get(url);
  if (found === undefined) {
    if (targets.size >= 64) targets.clear();
    const parsed = urlToHttpOptions(new URL(url));
    const hostname = parsed.hostname ?? 'localhost';
    const port = parsed.port === undefined ? undefined : Number(parsed.port);
    found = {
      protocol: parsed.protocol ?? 'http:',
      hostname,
      port,
      path: parsed.path ?? '/',
      // Over plain HTTP no TLS name is sent, yet the agent works one out from the Host header for every request
      // (~2 % of the engine's CPU while sending) unless it is given; over HTTPS the agent's own choice stands.
      servername: parsed.protocol === 'http:' ? '' : undefined,
      host: `${hostname.includes(':') ? `[${hostname}]` : hostname}${port === undefined ? '' : `:${port}`}`,
      authorization: parsed.auth ? `Basic ${Buffer.from(parsed.auth).toString('base64')}` : null,
    };
    targets.set(url, found);
  }
  return found;
}

// node:http sends a request of these methods without a body and without a length; any other would go chunked.
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

/**
 * The request's headers as node:http's list, with what node:http adds to headers given as an object: the body's
 * length, the Host and a URL's credentials (headers given as a list are sent as they are).
 *
 * What node:http does with headers given as an object, and how this list differs (on purpose):
 * - a header set twice replaces the first: here none repeats (a `Headers` joins repeats; the caller's content-length
 *   and transfer-encoding are left out, HeaderList; Host and credentials are added only when the caller gave none);
 * - the agent takes the TLS name from a Host header: it cannot read one in a list, so `tlsName` hands it over;
 * - `req.getHeader()` / `getHeaders()` give the headers: here nothing (a list is written at once), so code that
 *   reads or edits them on the request, or edits `options.headers` as an object (some tracing hooks), sees none;
 * - names keep the caller's case: here lower case, as a `Headers` gives them (HTTP names are case-insensitive).
 * Unchanged: each name and value is still validated, and Connection, Expect and chunking are still worked out by
 * node:http from the list.
 */
export function outgoingHeaders(
  to: Target,
  list: HeaderList,
  body: string | Uint8Array | null,
  method: string,
): string[] {
  const { pairs, hasHost, hasAuthorization } = list;
  const out = pairs.slice();
  // A known length instead of chunked encoding: some local servers (llama.cpp, older vLLM) reject chunked bodies.
  if (body !== null)
    out.push('content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  else if (!BODYLESS_METHODS.has(method.toUpperCase())) out.push('content-length', '0');
  if (!hasHost) out.push('Host', to.host);
  if (to.authorization !== null && !hasAuthorization) out.push('Authorization', to.authorization);
  return out;
}

/**
 * The TLS name to hand node:http: over HTTPS the one node:http's agent would take from a Host of the caller's (it
 * does not read a header list), otherwise the URL's (`Target.servername`).
 */
export function tlsName(to: Target, list: HeaderList): string | undefined {
  return to.protocol === 'https:' && list.tlsName !== undefined ? list.tlsName : to.servername;
}
