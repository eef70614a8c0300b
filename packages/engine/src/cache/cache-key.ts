import { canonicalJson, sha256Hex } from './canonical-json.js';

/** Bump when the key or stored value format changes: old entries then simply miss. */
export const CACHE_FORMAT_VERSION = 1;

export type CacheNamespace = 'model' | 'judge';

export interface CacheKeyParts {
  readonly namespace: CacheNamespace;
  readonly provider: string;
  /** The resolved full request URL: a new endpoint must never get another endpoint's answers. */
  readonly request_url: string;
  readonly nvcf: boolean;
  /** The exact JSON body sent (after params_to_add/remove/rename). */
  readonly body: Record<string, unknown>;
  readonly salt?: string;
}

/**
 * sha256 of the canonical JSON of everything that can change the answer (docs/architecture.md). Headers, keys, tokens,
 * timeouts and retry settings are deliberately absent.
 */
export function cacheKey(parts: CacheKeyParts): string {
  return sha256Hex(canonicalJson({ v: CACHE_FORMAT_VERSION, ...parts }));
}

/** What the keys of one endpoint's requests share. */
export type EndpointKeyParts = Omit<CacheKeyParts, 'body' | 'salt'>;

/**
 * `cacheKey` for the requests of one endpoint, each key the same as `cacheKey` gives: the fields every request
 * shares are turned into their canonical JSON once, so a request costs the canonical JSON of its body (and salt)
 * only, where each key copied and sorted the whole key object again (a cached re-run computes a key per request).
 * The fields in canonical order: body, namespace, nvcf, provider, request_url, salt (when given), v.
 * @example endpointCacheKey({ namespace: 'model', provider, request_url, nvcf: false })(body) === cacheKey({ namespace: 'model', provider, request_url, nvcf: false, body })
 */
export function endpointCacheKey(fixed: EndpointKeyParts): (body: Record<string, unknown>, salt?: string) => string {
  const shared = `,"namespace":${canonicalJson(fixed.namespace)},"nvcf":${canonicalJson(fixed.nvcf)},"provider":${canonicalJson(fixed.provider)},"request_url":${canonicalJson(fixed.request_url)}`;
  const end = `,"v":${CACHE_FORMAT_VERSION}}`;
  return (body, salt) => {
    const tail = salt === undefined ? end : `,"salt":${canonicalJson(salt)}${end}`;
    return sha256Hex(`{"body":${canonicalJson(body)}${shared}${tail}`);
  };
}
