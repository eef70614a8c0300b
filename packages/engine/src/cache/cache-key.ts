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
