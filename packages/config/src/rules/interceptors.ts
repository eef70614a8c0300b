/**
 * NeMo Evaluator's interceptor-style adapter_config (`adapter_config.interceptors: [{name, enabled, config}]`, the
 * form the launcher's examples write) read as the flat legacy keys the engine's request path already applies
 * (docs/configuration.md#interceptors). Each field maps onto the flat key of the same meaning, so the flat rule's
 * type checks and its "accepted, ignored" warning apply to both spellings alike.
 */
import { configError } from '../codes.js';
import { isPlainObject, type Layer } from '../merge.js';

/** Interceptor field → flat adapter_config key, or null for a field with no effect here (stats, file locations). */
type FieldMap = Readonly<Record<string, string | null>>;

interface Supported {
  /** Flat keys the interceptor turns on by being listed. */
  readonly sets: Readonly<Record<string, unknown>>;
  readonly fields: FieldMap;
}

const STATS_FIELDS = ['cache_dir', 'stats_file_saving_interval', 'logging_aggregated_stats_interval'] as const;
const noEffect = (...names: readonly string[]): FieldMap => Object.fromEntries(names.map((n) => [n, null]));

export const INTERCEPTORS: Readonly<Record<string, Supported>> = {
  system_message: {
    sets: { use_system_prompt: true },
    fields: { system_message: 'custom_system_prompt', strategy: null },
  },
  payload_modifier: {
    sets: {},
    fields: {
      params_to_add: 'params_to_add',
      params_to_remove: 'params_to_remove',
      params_to_rename: 'params_to_rename',
      headers_to_add: 'headers_to_add',
      headers_to_remove: 'headers_to_remove',
      headers_to_rename: 'headers_to_rename',
    },
  },
  request_logging: {
    sets: { use_request_logging: true },
    fields: { max_requests: 'max_logged_requests', ...noEffect('log_request_body', 'log_request_headers') },
  },
  response_logging: {
    sets: { use_response_logging: true },
    fields: { max_responses: 'max_logged_responses', ...noEffect('log_response_body', 'log_response_headers') },
  },
  caching: {
    sets: {},
    fields: {
      cache_dir: 'caching_dir',
      reuse_cached_responses: 'use_caching',
      save_requests: 'save_requests',
      save_responses: 'save_responses',
      max_saved_requests: 'max_saved_requests',
      max_saved_responses: 'max_saved_responses',
    },
  },
  reasoning: {
    sets: { process_reasoning_traces: true },
    fields: {
      start_reasoning_token: 'start_reasoning_token',
      end_reasoning_token: 'end_reasoning_token',
      include_if_not_finished: 'include_if_reasoning_not_finished',
      enable_reasoning_tracking: 'track_reasoning',
      ...noEffect('add_reasoning', 'migrate_reasoning_content', 'enable_caching', 'save_individuals', ...STATS_FIELDS),
    },
  },
  // The engine's own client is the endpoint; NVCF is its NVCF mode (function URLs, 202 polling).
  endpoint: { sets: {}, fields: {} },
  nvcf: { sets: { use_nvcf: true }, fields: {} },
  response_stats: {
    sets: { tracking_requests_stats: true },
    fields: noEffect(
      'collect_token_stats',
      'collect_finish_reasons',
      'collect_tool_calls',
      'save_individuals',
      ...STATS_FIELDS,
    ),
  },
  // Listed so a launcher config that has them runs; the flat rule warns that they are accepted and ignored.
  progress_tracking: {
    sets: { use_progress_tracking: true },
    fields: {
      progress_tracking_url: 'progress_tracking_url',
      progress_tracking_interval: 'progress_tracking_interval',
      ...noEffect('request_method', 'output_dir'),
    },
  },
  raise_client_errors: {
    sets: { use_raise_client_errors: true },
    fields: noEffect('exclude_status_codes', 'status_codes', 'status_code_range_start', 'status_code_range_end'),
  },
};

/** Post-evaluation hooks: NeMo's HTML report only (accepted, ignored like its flat key). */
const HOOKS: Readonly<Record<string, Supported>> = {
  post_eval_report: { sets: { generate_html_report: true }, fields: { html_report_size: 'html_report_size' } },
};

const STRATEGIES = ['prepend', 'append', 'replace'];
const PREFIX = 'target.api_endpoint.adapter_config';

interface Entry {
  readonly name: string;
  readonly enabled: boolean;
  readonly config: Layer;
}

/** `- name` (a string) is NeMo's shorthand for `- name: name`. */
function readEntry(raw: unknown, where: string): Entry {
  const entry = typeof raw === 'string' ? { name: raw } : raw;
  if (!isPlainObject(entry) || typeof entry.name !== 'string') {
    throw configError('EF_ADAPTER_CONFIG', `${where}: each entry needs a name (a string, or a mapping with name:)`);
  }
  const extra = Object.keys(entry).filter((k) => !['name', 'enabled', 'config'].includes(k));
  if (extra.length > 0)
    throw configError('EF_ADAPTER_CONFIG', `${where}: unknown key '${extra[0]}' (name, enabled, config)`);
  const config = entry.config ?? {};
  if (!isPlainObject(config)) throw configError('EF_ADAPTER_CONFIG', `${where}.config: must be a mapping`);
  if (entry.enabled !== undefined && typeof entry.enabled !== 'boolean')
    throw configError('EF_ADAPTER_CONFIG', `${where}.enabled: must be boolean`);
  return { name: entry.name, enabled: entry.enabled !== false, config };
}

function flattenEntry(entry: Entry, table: Readonly<Record<string, Supported>>, where: string): Layer {
  const known = table[entry.name];
  if (!known) {
    const names = Object.keys(table).join(', ');
    throw configError('EF_ADAPTER_UNSUPPORTED', `${where}: '${entry.name}' is not supported here; supported: ${names}`);
  }
  if (entry.name === 'system_message') checkSystemMessage(entry.config, where);
  const flat: Layer = { ...known.sets };
  for (const [field, value] of Object.entries(entry.config)) {
    if (!(field in known.fields)) {
      const fields = Object.keys(known.fields);
      throw configError(
        'EF_ADAPTER_CONFIG',
        `${where}.config: '${entry.name}' has no field '${field}'; its fields: ${fields.join(', ') || '(none)'}`,
      );
    }
    const key = known.fields[field];
    if (key) flat[key] = value;
  }
  return flat;
}

function checkSystemMessage(config: Layer, where: string): void {
  if (typeof config.system_message !== 'string' || config.system_message === '')
    throw configError('EF_ADAPTER_CONFIG', `${where}.config.system_message: must be a non-empty string`);
  // The engine's prompts carry no system message of their own, so the three strategies send the same request.
  if (config.strategy !== undefined && !STRATEGIES.includes(config.strategy as string))
    throw configError('EF_ADAPTER_CONFIG', `${where}.config.strategy: must be one of ${STRATEGIES.join(', ')}`);
}

function flattenList(
  value: unknown,
  key: string,
  table: Readonly<Record<string, Supported>>,
  layerName: string,
): Layer {
  if (value === null || value === undefined) return {};
  if (!Array.isArray(value)) throw configError('EF_ADAPTER_CONFIG', `${PREFIX}.${key} (${layerName}): must be a list`);
  const flat: Layer = {};
  value.forEach((raw, i) => {
    const where = `${PREFIX}.${key}[${i}] (${layerName})`;
    const entry = readEntry(raw, where);
    if (entry.enabled) Object.assign(flat, flattenEntry(entry, table, where));
  });
  return flat;
}

/**
 * The adapter_config of one layer with `interceptors` / `post_eval_hooks` replaced by the flat keys they mean;
 * unchanged when it has neither. As in NeMo, one layer may not mix the two forms.
 */
export function flattenInterceptors(adapter: Layer, layerName: string): Layer {
  if (!('interceptors' in adapter) && !('post_eval_hooks' in adapter)) return adapter;
  const { interceptors, post_eval_hooks, ...rest } = adapter;
  const legacy = Object.keys(rest);
  if (legacy.length > 0) {
    throw configError(
      'EF_ADAPTER_CONFIG',
      `${PREFIX} (${layerName}): flat keys (${legacy.join(', ')}) cannot be mixed with interceptors; configure them as interceptors`,
    );
  }
  return {
    ...flattenList(interceptors, 'interceptors', INTERCEPTORS, layerName),
    ...flattenList(post_eval_hooks, 'post_eval_hooks', HOOKS, layerName),
  };
}
