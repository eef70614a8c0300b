/**
 * Building the merge layers of docs/configuration.md from the user's inputs, and completing the merged object so
 * every declared key exists (null when unset) — the template is rendered in strict mode and `__unset__` may have
 * removed a key.
 */
import type { CodedMessage } from '@eval-factory/types';
import { configError } from './codes.js';
import { API_ENDPOINT_KEYS, CONFIG_KEYS, EXTRA_KEYS, PARAM_KEYS, TOP_LEVEL_KEYS } from './evaluation.js';
import { isPlainObject, normalizeApiKeyLayer, type Layer } from './merge.js';
import { renameUseReasoning } from './rules/adapter-config.js';
import { flattenInterceptors } from './rules/interceptors.js';

/** The individual CLI flags (§6.1) that map onto run_config fields. */
export interface ResolveFlags {
  readonly eval_type?: string;
  readonly output_dir?: string;
  readonly model_id?: string;
  readonly model_url?: string;
  readonly model_type?: string;
  readonly api_key_name?: string;
}

export interface UserLayer {
  readonly layer: Layer;
  readonly wroteApiKey: boolean;
  readonly warnings: readonly CodedMessage[];
}

/**
 * Normalises one layer: `api_key` → `api_key_name`, adapter_config `interceptors` → the flat keys,
 * `use_reasoning` → `process_reasoning_traces`.
 */
export function normalizeLayer(layer: Layer, layerName: string): UserLayer {
  const { layer: keyed, wroteApiKey } = normalizeApiKeyLayer(layer, layerName);
  const { layer: renamed, warnings } = renameUseReasoning(withFlatAdapter(keyed, layerName), false);
  return { layer: renamed, wroteApiKey, warnings };
}

function withFlatAdapter(layer: Layer, layerName: string): Layer {
  const target = layer.target;
  const endpoint = isPlainObject(target) ? target.api_endpoint : undefined;
  const adapter = isPlainObject(endpoint) ? endpoint.adapter_config : undefined;
  if (!isPlainObject(adapter)) return layer;
  const flat = flattenInterceptors(adapter, layerName);
  if (flat === adapter) return layer;
  return { ...layer, target: { ...(target as Layer), api_endpoint: { ...(endpoint as Layer), adapter_config: flat } } };
}

/** Splits `metadata` (copied to metadata.yaml, never merged) off the run_config and normalises the rest. */
export function runConfigLayer(runConfig: unknown): UserLayer & { readonly metadata: Layer | null } {
  if (runConfig === null || runConfig === undefined)
    return { layer: {}, wroteApiKey: false, warnings: [], metadata: null };
  if (!isPlainObject(runConfig))
    throw configError('EF_CONFIG_INVALID', 'run_config: expected a mapping at the top level');
  const { metadata, ...rest } = runConfig;
  if (metadata !== undefined && metadata !== null && !isPlainObject(metadata)) {
    throw configError('EF_CONFIG_INVALID', 'Invalid configuration (run_config): metadata: must be object');
  }
  return { ...normalizeLayer(rest, 'run_config'), metadata: (metadata as Layer | undefined) ?? null };
}

/** The CLI-flags layer (§3.1 level 4); unset flags are left out so they never override. */
export function flagsLayer(flags: ResolveFlags): Layer {
  const config: Layer = { type: flags.eval_type, output_dir: flags.output_dir };
  const api_endpoint: Layer = {
    model_id: flags.model_id,
    url: flags.model_url,
    type: flags.model_type,
    api_key_name: flags.api_key_name,
  };
  const defined = (o: Layer): Layer => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return { config: defined(config), target: { api_endpoint: defined(api_endpoint) } };
}

/** Returns `parent[key]` as a mapping, creating it when absent; a non-mapping value is left for the schema to report. */
function child(parent: Layer, key: string): Layer | null {
  const value = parent[key];
  if (value === undefined || value === null) parent[key] = {};
  return isPlainObject(parent[key]) ? (parent[key] as Layer) : null;
}

function fillNulls(container: Layer | null, keys: readonly string[]): void {
  if (!container) return;
  for (const key of keys) if (!(key in container)) container[key] = null;
}

/** Makes every declared key exist (null when unset); mutates `merged`, which must be a private copy. */
export function fillDeclaredKeys(merged: Layer): Layer {
  const config = child(merged, 'config');
  const params = config && child(config, 'params');
  fillNulls(
    params,
    PARAM_KEYS.filter((k) => k !== 'extra'),
  );
  fillNulls(params && child(params, 'extra'), EXTRA_KEYS);
  const endpoint = child(merged, 'target') && child(merged.target as Layer, 'api_endpoint');
  fillNulls(endpoint, ['url', 'model_id', 'type', 'api_key_name']);
  if (endpoint) child(endpoint, 'adapter_config');
  return merged;
}

function ordered(value: unknown, keys: readonly string[]): unknown {
  if (!isPlainObject(value)) return value;
  const first = keys.filter((k) => k in value).map((k) => [k, value[k]] as const);
  const rest = Object.entries(value).filter(([k]) => !keys.includes(k));
  return Object.fromEntries([...first, ...rest]);
}

/** Puts keys in the documented order (command, framework_name, pkg_name, config, target; §6.3) for stable dumps. */
export function orderKeys(merged: Layer): Layer {
  const top = ordered(merged, TOP_LEVEL_KEYS) as Layer;
  const config = ordered(top.config, CONFIG_KEYS);
  if (isPlainObject(config)) config.params = ordered(config.params, PARAM_KEYS);
  const target = top.target;
  const endpoint = isPlainObject(target) ? ordered(target.api_endpoint, API_ENDPOINT_KEYS) : undefined;
  return { ...top, config, ...(isPlainObject(target) ? { target: { ...target, api_endpoint: endpoint } } : {}) };
}
