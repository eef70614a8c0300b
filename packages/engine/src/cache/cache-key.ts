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
  const { body, salt, ...endpoint } = parts;
  return endpointCacheKey(endpoint)(body, salt);
}

/** What the keys of one endpoint's requests share: every field of a key but the request's body and salt. */
export type EndpointKeyParts = Omit<CacheKeyParts, 'body' | 'salt'>;

/**
 * The key function of one endpoint's requests (what `cacheKey` is made of, so there is one layout): the canonical
 * JSON of `{ v, ...fixed, body, salt }`, its shared fields turned into JSON once, so a request costs the canonical
 * JSON of its body (and salt) only (a cached re-run computes a key per request). The shared fields are read from
 * `fixed` itself, not listed here: a field added to CacheKeyParts is in every key without a change here.
 */
export function endpointCacheKey(fixed: EndpointKeyParts): (body: Record<string, unknown>, salt?: string) => string {
  // As canonicalJson lays an object out: keys in UTF-16 order, undefined fields left out. body and salt are the
  // slots; `v` first in the spread, as cacheKey always had it (a field of `fixed` named v would win).
  const shared: Record<string, unknown> = { v: CACHE_FORMAT_VERSION, ...fixed };
  const fields = Object.keys(shared)
    .filter((k) => k !== 'body' && k !== 'salt' && shared[k] !== undefined)
    .sort()
    .map((k) => ({ key: k, json: `${JSON.stringify(k)}:${canonicalJson(shared[k])}` }));
  const joined = (from: string, to: string | null) =>
    fields
      .filter((f) => f.key > from && (to === null || f.key < to))
      .map((f) => `,${f.json}`)
      .join('');
  const beforeBody = fields.filter((f) => f.key < 'body').map((f) => `${f.json},`);
  const head = `{${beforeBody.join('')}"body":`;
  const untilSalt = `${joined('body', 'salt')},"salt":`;
  const afterSalt = `${joined('salt', null)}}`;
  const withoutSalt = `${joined('body', null)}}`;
  return (body, salt) =>
    sha256Hex(
      salt === undefined
        ? `${head}${canonicalJson(body)}${withoutSalt}`
        : `${head}${canonicalJson(body)}${untilSalt}${canonicalJson(salt)}${afterSalt}`,
    );
}
