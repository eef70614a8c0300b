/**
 * The request headers `createNodeFetch` sends, read once into the name/value list node:http takes as it is. An
 * endpoint's SDK calls share one headers object (sdk-client.ts), so each call only adds its own content length and
 * Host to a copy of the list: node:http then stores no header one by one (a `setHeader` and a [name, value] pair
 * each, for the dozen headers the SDK sends).
 */
import { isIP } from 'node:net';
import { PlainHeaders, ResponseHeaders } from './loaded-response.js';

/**
 * An endpoint's request headers as the SDK built them once (sdk-client.ts), read-only (an edit would throw rather
 * than reach every later request), sorted once, and their list for node:http made now. While the SDK's debug log is
 * off they are PlainHeaders: not a `Headers`, and without fields of their own, which the SDK reads as no headers
 * when it formats every request's headers for that log, on or off (`formatRequestDetails`, each header copied and
 * its name compared six times: about a tenth of the SDK's allocations per call). With the log on they are a
 * `Headers` to `instanceof` (ResponseHeaders), which the log shows. Either is iterable as [name, value] pairs, so
 * `new Headers(…)` and the built-in fetch read them whole.
 */
export function sentHeaders(headers: Headers, debug: boolean): Headers {
  const list = headerListOf(headers);
  const sent = debug ? new ResponseHeaders(list.pairs) : new PlainHeaders(list.pairs);
  lists.set(sent, list);
  return sent as unknown as Headers;
}

/**
 * A request's headers as name, value, name, value… (lower-case names, as a `Headers` gives them), without a length
 * or transfer coding of the caller's: the body's own length is added per request, and node:http sends a list as
 * it is (a second content-length, which a server answers with 400).
 */
export interface HeaderList {
  readonly pairs: readonly string[];
  /** Whether the caller set these itself: node:http's own are not added then. */
  readonly hasHost: boolean;
  readonly hasAuthorization: boolean;
  /** The TLS name node:http's agent takes from the caller's Host (see `tlsNameOf`); undefined without one. */
  readonly tlsName: string | undefined;
}

/** Sent per request from the body, never the caller's (see `HeaderList`). */
const BODY_FRAMING = new Set(['content-length', 'transfer-encoding']);

/** The list of each headers object read once: `sentHeaders`' own, and any `Headers` a fetch was given. */
const lists = new WeakMap<object, HeaderList>();

/**
 * Any fetch `headers` as a list, read once per object: the SDK passes the same headers object on every call to an
 * endpoint, and iterating a `Headers` sorts its names each time.
 */
export function headerList(headers: RequestInit['headers']): HeaderList {
  // A WeakMap answers undefined for what is not an object (no headers).
  const known = lists.get(headers as object);
  if (known !== undefined) return known;
  const shared = headers instanceof Headers;
  // The SDK passes a Headers object: read as it is rather than copied into a new one.
  const list = headerListOf(shared ? headers : new Headers(headers));
  if (shared) lists.set(headers, list);
  return list;
}

function headerListOf(headers: Headers): HeaderList {
  const pairs: string[] = [];
  headers.forEach((value, name) => {
    if (!BODY_FRAMING.has(name)) pairs.push(name, value);
  });
  const host = headers.get('host');
  return {
    pairs,
    hasHost: host !== null,
    hasAuthorization: headers.has('authorization'),
    tlsName: host ? tlsNameOf(host) : undefined,
  };
}

/**
 * The TLS name (SNI, and the name the certificate is checked against) for a Host header, as node:http's agent
 * works it out when the Host is set on the request (`calculateServerName`): the name without port or brackets, none
 * for an IP. Headers handed over as a list are not read by the agent, so it is given this instead.
 */
function tlsNameOf(host: string): string {
  const close = host.startsWith('[') ? host.indexOf(']') : -1;
  const name = host.startsWith('[') ? (close === -1 ? host : host.slice(1, close)) : host.split(':', 1)[0];
  return isIP(name) ? '' : name;
}
