/**
 * The key lists of the merged Evaluation (declared in @eval-factory/types): `schema/drift.test.ts` fails when these
 * lists, the checked-in JSON Schema (`schema/run-config.schema.json`) and framework.yml's defaults disagree.
 */

import type { ApiEndpoint, Evaluation, EvaluationConfig, EvaluationExtra, EvaluationParams } from '@eval-factory/types';

/** Every-key-listed helper: compile error if a key of T is missing from the list. */
type AllKeys<T, L extends readonly (keyof T)[]> = Exclude<keyof T, L[number]> extends never ? L : never;
const allKeys =
  <T>() =>
  <const L extends readonly (keyof T & string)[]>(list: AllKeys<T, L>): L =>
    list;

export const TOP_LEVEL_KEYS = allKeys<Evaluation>()(['command', 'framework_name', 'pkg_name', 'config', 'target']);
export const CONFIG_KEYS = allKeys<EvaluationConfig>()(['type', 'output_dir', 'supported_endpoint_types', 'params']);
export const PARAM_KEYS = allKeys<EvaluationParams>()([
  'limit_samples',
  'parallelism',
  'max_new_tokens',
  'temperature',
  'top_p',
  'max_retries',
  'request_timeout',
  'task',
  'extra',
]);
/** Declared extra keys (the template may test them, so they must exist; docs/configuration.md). */
export const EXTRA_KEYS = [
  'num_train_trials',
  'max_length',
  'num_output_tokens',
  'data_path',
  'subject',
  'condition',
  'subset',
  'gpt_judge_api_key',
  'llama_judge_api_key',
  'claude_judge_api_key',
  'report_corrected',
  'prompt_texts',
  'max_failure_rate',
  'allow_data_drift',
  'requests_per_minute',
  'tokens_per_minute',
  'judges',
  'benchmark',
  'cache',
  'shard',
  'merge_units',
  'shared_budget',
  'disable_cache',
] as const satisfies readonly (keyof EvaluationExtra & string)[];
export const API_ENDPOINT_KEYS = allKeys<ApiEndpoint>()([
  'url',
  'model_id',
  'type',
  'api_key_name',
  'api_key',
  'stream',
  'headers',
  'adapter_config',
  'helm_model',
  'helm_deployment',
]);

/** Extra keys holding env-var NAMES for judge keys (docs/configuration.md). */
export const JUDGE_KEY_NAME_FIELDS = ['gpt_judge_api_key', 'llama_judge_api_key', 'claude_judge_api_key'] as const;
