/**
 * Legacy flat `adapter_config` (docs/configuration.md): known keys pass (with a type check), the NeMo list of
 * accepted-but-unimplemented keys gives one warning, anything else is an error. A run_config's interceptors are flat
 * keys by now (interceptors.ts); only `--overrides` can leave them here.
 */
import type { CodedMessage, EvaluationDraft } from '@eval-factory/types';
import { isPlainObject, type Layer } from '../merge.js';
import { combine, fail, OK, warn, type RuleResult } from './result.js';

type ValueCheck = (v: unknown) => boolean;
const bool: ValueCheck = (v) => typeof v === 'boolean';
const str: ValueCheck = (v) => typeof v === 'string';
const count: ValueCheck = (v) => Number.isInteger(v) && (v as number) >= 0;
const dict: ValueCheck = isPlainObject;
const strList: ValueCheck = (v) => Array.isArray(v) && v.every(str);

/** Implemented keys and what their (non-null) value must be. */
export const ADAPTER_KEYS: Readonly<Record<string, readonly [ValueCheck, string]>> = {
  use_nvcf: [bool, 'boolean'],
  use_caching: [bool, 'boolean'],
  caching_dir: [str, 'string'],
  use_system_prompt: [bool, 'boolean'],
  custom_system_prompt: [str, 'string'],
  params_to_add: [dict, 'mapping'],
  params_to_remove: [strList, 'list of strings'],
  params_to_rename: [dict, 'mapping'],
  process_reasoning_traces: [bool, 'boolean'],
  start_reasoning_token: [str, 'string'],
  end_reasoning_token: [str, 'string'],
  use_request_logging: [bool, 'boolean'],
  max_logged_requests: [count, 'integer >= 0'],
  use_response_logging: [bool, 'boolean'],
  max_logged_responses: [count, 'integer >= 0'],
  tracking_requests_stats: [bool, 'boolean'],
  headers_to_add: [(v) => dict(v) && Object.values(v as object).every(str), 'mapping of strings'],
};

/** NeMo keys accepted for compatibility but not implemented (warning "accepted, ignored"). */
export const ADAPTER_IGNORED_KEYS: readonly string[] = [
  'use_omni_info',
  'headers_to_remove',
  'headers_to_rename',
  'save_requests',
  'save_responses',
  'max_saved_requests',
  'max_saved_responses',
  'generate_html_report',
  'html_report_size',
  'use_progress_tracking',
  'progress_tracking_url',
  'progress_tracking_interval',
  'use_raise_client_errors',
  'mode',
  'endpoint_type',
  'log_failed_requests',
  'output_dir',
  'logging_aggregated_stats_interval',
  'include_json',
  'track_reasoning',
  'include_if_reasoning_not_finished',
];

/** The new-style (2025+) NeMo adapter lists: read from a run_config (interceptors.ts), not from --overrides. */
export const ADAPTER_UNSUPPORTED_KEYS: readonly string[] = ['interceptors', 'post_eval_hooks'];

const PREFIX = 'target.api_endpoint.adapter_config';

function checkKey(key: string, value: unknown): RuleResult {
  if (ADAPTER_UNSUPPORTED_KEYS.includes(key)) {
    return fail(
      'EF_ADAPTER_UNSUPPORTED',
      `${PREFIX}.${key}: interceptors are read from the run_config only, not from --overrides`,
    );
  }
  const known = ADAPTER_KEYS[key];
  if (!known) {
    if (ADAPTER_IGNORED_KEYS.includes(key)) return OK;
    const valid = [...Object.keys(ADAPTER_KEYS), ...ADAPTER_IGNORED_KEYS, 'use_reasoning'];
    return fail('EF_ADAPTER_CONFIG', `${PREFIX}: Invalid parameter '${key}'. Valid params: [${valid.join(', ')}]`);
  }
  const [isValid, expected] = known;
  if (value === null || value === undefined || isValid(value)) return OK;
  return fail('EF_ADAPTER_CONFIG', `${PREFIX}.${key}: must be ${expected}`);
}

/** Validates the merged adapter_config keys. */
export function checkAdapterConfig(ev: EvaluationDraft): RuleResult {
  const adapter = ev.target.api_endpoint.adapter_config ?? {};
  const keys = Object.keys(adapter);
  const ignored = keys.filter((k) => ADAPTER_IGNORED_KEYS.includes(k) && adapter[k] !== null);
  return combine([
    ...keys.map((k) => checkKey(k, adapter[k])),
    ignored.length > 0 ? warn('EF_ADAPTER_IGNORED', `${PREFIX} keys accepted, ignored: ${ignored.join(', ')}`) : OK,
  ]);
}

/**
 * `use_reasoning` is the old name of `process_reasoning_traces` and is honoured (§2.5). Within one user layer the
 * new name wins when both are written; `oldWins` is for the final pass, where only --overrides can have left it.
 */
export function renameUseReasoning(layer: Layer, oldWins: boolean): { layer: Layer; warnings: CodedMessage[] } {
  const target = layer.target;
  const endpoint = isPlainObject(target) ? target.api_endpoint : undefined;
  const adapter = isPlainObject(endpoint) ? endpoint.adapter_config : undefined;
  if (!isPlainObject(adapter) || !('use_reasoning' in adapter)) return { layer, warnings: [] };
  const { use_reasoning: old, ...rest } = adapter;
  const keepNew = !oldWins && rest.process_reasoning_traces !== undefined && rest.process_reasoning_traces !== null;
  const renamed = keepNew || old === null ? rest : { ...rest, process_reasoning_traces: old };
  const message = `${PREFIX}.use_reasoning is the old name of process_reasoning_traces; honoured`;
  return {
    layer: {
      ...layer,
      target: { ...(target as Layer), api_endpoint: { ...(endpoint as Layer), adapter_config: renamed } },
    },
    warnings: [{ code: 'EF_ADAPTER_DEPRECATED', message }],
  };
}
