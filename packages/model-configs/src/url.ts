/**
 * Endpoint URL normalisation (docs/configuration.md) and NVCF-backed host detection (§9.3). Users write a base URL
 * (`…/v1`), a full endpoint URL (`…/v1/chat/completions`) or an NVCF function URL; the engine needs both the base
 * (for the OpenAI SDK) and the exact request URL (part of every cache key).
 */
import { UserError } from '@eval-factory/errors';
import type { CodedMessage } from '@eval-factory/types';
import type { EndpointType } from './evaluation.js';

export interface ResolvedEndpointUrl {
  /** Base URL for an OpenAI-compatible client; `null` for NVCF function URLs (they take no suffix). */
  readonly base_url: string | null;
  /** The exact URL requests are POSTed to. */
  readonly request_url: string;
  readonly is_nvcf_function: boolean;
  /** NVCF retry policy and poll header apply (host served through NVCF, or `use_nvcf: true`). */
  readonly nvcf_backed: boolean;
  readonly warnings: readonly CodedMessage[];
}

export interface ResolveUrlOptions {
  readonly useNvcf: boolean;
  /** Config path named in messages; default `target.api_endpoint.url`. */
  readonly field?: string;
}

/** Hosts that are served through NVCF even when the user did not ask for the NVCF protocol (§9.3). */
export const NVCF_BACKED_HOSTS: readonly string[] = ['api.nvcf.nvidia.com', 'integrate.api.nvidia.com'];

const NVCF_FUNCTION_PATH = /^\/v2\/nvcf\/pexec\/functions\/[^/]+(?:\/versions\/[^/]+)?$/;
const CHAT_SUFFIX = '/chat/completions';
const COMPLETIONS_SUFFIX = '/completions';
const SUFFIX_BY_TYPE: Readonly<Record<EndpointType, string>> = { chat: CHAT_SUFFIX, completions: COMPLETIONS_SUFFIX };

/** True when requests to `hostname` go through NVCF (retry 429/5xx but never 504; poll header). */
export function isNvcfBackedHost(hostname: string): boolean {
  return NVCF_BACKED_HOSTS.includes(hostname.toLowerCase());
}

/**
 * Resolves a user-written endpoint URL into base and request URLs.
 * @example resolveEndpointUrl('http://localhost:8000/v1/', 'chat', { useNvcf: false }).request_url
 *   // 'http://localhost:8000/v1/chat/completions'
 */
export function resolveEndpointUrl(url: string, type: EndpointType, opts: ResolveUrlOptions): ResolvedEndpointUrl {
  const field = opts.field ?? 'target.api_endpoint.url';
  const parsed = parseHttpUrl(url, field);
  const origin = `${parsed.protocol}//${parsed.host}`;
  const path = parsed.pathname.replace(/\/+$/, '');
  const isFunction = NVCF_FUNCTION_PATH.test(path);
  checkNvcfTarget(opts.useNvcf, isFunction, parsed.hostname, field);
  const nvcf_backed = opts.useNvcf || isFunction || isNvcfBackedHost(parsed.hostname);
  if (isFunction) {
    return { base_url: null, request_url: origin + path, is_nvcf_function: true, nvcf_backed, warnings: [] };
  }
  const full = splitFullUrl(origin + path, type, field);
  if (full) return { ...full, is_nvcf_function: false, nvcf_backed, warnings: [] };
  const warnings: CodedMessage[] = [];
  let base = origin + path;
  if (path === '') {
    base = `${origin}/v1`;
    warnings.push({
      code: 'EF_URL_ASSUMED_V1',
      message: `${field} has no path; assuming the OpenAI-compatible base ${base}`,
    });
  }
  return { base_url: base, request_url: base + SUFFIX_BY_TYPE[type], is_nvcf_function: false, nvcf_backed, warnings };
}

/** A URL ending in an endpoint suffix: strip it for the base, and check that it agrees with `type`. */
function splitFullUrl(
  url: string,
  type: EndpointType,
  field: string,
): { base_url: string; request_url: string } | null {
  const suffixType: EndpointType | null = url.endsWith(CHAT_SUFFIX)
    ? 'chat'
    : url.endsWith(COMPLETIONS_SUFFIX)
      ? 'completions'
      : null;
  if (suffixType === null) return null;
  if (suffixType !== type) {
    throw new UserError(
      'EF_URL_TYPE_MISMATCH',
      `${field} ends with ${SUFFIX_BY_TYPE[suffixType]} but the endpoint type is '${type}': ${url}`,
      `Set type: ${suffixType}, or write the base URL (…/v1) and let the type choose the suffix.`,
    );
  }
  return { base_url: url.slice(0, -SUFFIX_BY_TYPE[suffixType].length), request_url: url };
}

/** Parses an http(s) URL, refusing credentials, query strings and fragments (they could carry secrets). */
export function parseHttpUrl(raw: string, field: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    throw invalidUrl(field, `is not a valid URL: ${raw}`, 'Write a full URL such as http://localhost:8000/v1.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalidUrl(
      field,
      `must use http or https, got ${parsed.protocol}`,
      'Write a URL starting with http:// or https://.',
    );
  }
  // Credentials or query strings in a URL would end up in model_configs/ and the cache key; refuse them.
  if (parsed.username || parsed.password) {
    throw invalidUrl(
      field,
      'contains user credentials',
      'Remove user:password@ and put the key in an environment variable named by api_key_name.',
    );
  }
  if (parsed.search || parsed.hash) {
    throw invalidUrl(
      field,
      `must not contain a query string or fragment: ${parsed.origin}${parsed.pathname}?…`,
      'Write the endpoint URL without ?… or #….',
    );
  }
  return parsed;
}

function invalidUrl(field: string, what: string, hint: string): UserError {
  return new UserError('EF_URL_INVALID', `${field} ${what}`, hint);
}

/** `use_nvcf: true` only makes sense for an NVCF function URL or build.nvidia.com's gateway (§9.3). */
function checkNvcfTarget(useNvcf: boolean, isFunction: boolean, hostname: string, field: string): void {
  if (!useNvcf || isFunction || hostname.toLowerCase() === 'integrate.api.nvidia.com') return;
  throw new UserError(
    'EF_URL_NVCF_MISMATCH',
    `adapter_config.use_nvcf is true but ${field} is neither an NVCF function URL nor integrate.api.nvidia.com (host: ${hostname})`,
    'Use https://api.nvcf.nvidia.com/v2/nvcf/pexec/functions/<function-id>, or set use_nvcf: false.',
  );
}
