/**
 * Layer merging (docs/configuration.md): dicts merge key by key, lists and scalars replace, `null` in a higher layer
 * is skipped, and the project's `__unset__` string removes a key. Written by hand rather than with `deepmerge`
 * because deepmerge cannot skip nulls or delete keys, and because YAML can carry `__proto__` keys we must drop.
 */
import { configError } from './codes.js';

/** The escape hatch that removes a key from the merged result (never emitted in outputs). */
export const UNSET = '__unset__';

export type Layer = Record<string, unknown>;

export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** True for `{…}` objects as produced by YAML/JSON (not arrays, not null). */
export function isPlainObject(value: unknown): value is Layer {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep copy of YAML data without `__unset__` markers and unsafe keys (so the marker never reaches an output). */
export function cleanCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== UNSET).map(cleanCopy);
  if (!isPlainObject(value)) return value;
  const out: Layer = {};
  for (const [k, v] of Object.entries(value)) {
    if (!UNSAFE_KEYS.has(k) && v !== UNSET) out[k] = cleanCopy(v);
  }
  return out;
}

/**
 * Merges `upper` over `lower` (neither is modified).
 * @example mergeTwo({ a: { b: 1, c: 2 } }, { a: { b: null, c: '__unset__' } }) // → { a: { b: 1 } }
 */
export function mergeTwo(lower: Layer, upper: Layer): Layer {
  const out: Layer = { ...(cleanCopy(lower) as Layer) };
  for (const [key, value] of Object.entries(upper)) {
    if (UNSAFE_KEYS.has(key)) continue;
    if (value === UNSET) {
      delete out[key];
    } else if (value === null || value === undefined) {
      // A null never overrides (§3.2); it only records the key when no lower layer has it.
      if (!(key in out)) out[key] = null;
    } else if (isPlainObject(value) && isPlainObject(out[key])) {
      out[key] = mergeTwo(out[key] as Layer, value);
    } else {
      out[key] = cleanCopy(value);
    }
  }
  return out;
}

/**
 * Stacks `upper` over `lower` into one layer that merges over the layers below as the two would one after the other
 * (a suite YAML's task params over its `evaluation.params`, the pair then a run_config over framework.yml): the rules
 * of mergeTwo, except that a `__unset__` in either stays in the result, so it still removes the key from the layers
 * below (framework.yml's default) rather than only from `lower`.
 * @example stackLayers({ a: 1, b: 2, c: '__unset__' }, { a: null, b: '__unset__' }) // → { a: 1, b: '__unset__', c: '__unset__' }
 */
export function stackLayers(lower: Layer, upper: Layer): Layer {
  const out: Layer = { ...(safeCopy(lower) as Layer) };
  for (const [key, value] of Object.entries(upper)) {
    if (UNSAFE_KEYS.has(key)) continue;
    if (value === null || value === undefined) {
      if (!(key in out)) out[key] = null;
    } else if (isPlainObject(value) && isPlainObject(out[key])) {
      out[key] = stackLayers(out[key] as Layer, value);
    } else {
      out[key] = safeCopy(value);
    }
  }
  return out;
}

/** Deep copy of YAML data without unsafe keys; `__unset__` markers are kept (stackLayers). */
function safeCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(safeCopy);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !UNSAFE_KEYS.has(k))
      .map(([k, v]) => [k, safeCopy(v)]),
  );
}

/** Merges layers lowest-precedence first. */
export function mergeLayers(layers: readonly Layer[]): Layer {
  return layers.reduce<Layer>((acc, layer) => mergeTwo(acc, layer), {});
}

/** Describes a key-name value for an error message without ever printing what may be a secret. */
export function describeKeyName(value: unknown): string {
  const text = String(value);
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) && text.length < 32 ? `'${text}'` : `'…${text.slice(-4)}'`;
}

export interface NormalizedLayer {
  readonly layer: Layer;
  /** The layer spelled the key name `api_key` (outputs then write both spellings, §2.4). */
  readonly wroteApiKey: boolean;
}

/**
 * Per-layer `api_key` → `api_key_name` normalisation (§2.4, §3.2), so a CLI `--api_key_name` overrides a file's
 * `api_key`. Both set to different values → `EF_API_KEY_CONFLICT`. `layerName` names the layer in the message.
 */
export function normalizeApiKeyLayer(layer: Layer, layerName: string): NormalizedLayer {
  const target = layer.target;
  const endpoint = isPlainObject(target) ? target.api_endpoint : undefined;
  if (!isPlainObject(endpoint) || !('api_key' in endpoint)) return { layer, wroteApiKey: false };
  const { api_key: apiKey, ...rest } = endpoint;
  const name = rest.api_key_name;
  if (apiKey === null || apiKey === undefined) return { layer: withEndpoint(layer, rest), wroteApiKey: false };
  if (name !== null && name !== undefined && name !== apiKey) {
    throw configError(
      'EF_API_KEY_CONFLICT',
      `${layerName}: target.api_endpoint.api_key (${describeKeyName(apiKey)}) and api_key_name (${describeKeyName(name)}) differ`,
    );
  }
  return { layer: withEndpoint(layer, { ...rest, api_key_name: apiKey }), wroteApiKey: true };
}

function withEndpoint(layer: Layer, endpoint: Layer): Layer {
  const target = layer.target as Layer;
  return { ...layer, target: { ...target, api_endpoint: endpoint } };
}
