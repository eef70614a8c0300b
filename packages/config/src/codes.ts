/**
 * Every `EF_*` code this package raises, with its one hint (docs/errors.md mirrors this table). Rules return plain
 * `CodedMessage`s; the hint is attached here, once, when a message becomes a `UserError`.
 */
import { UserError } from '@eval-factory/errors';
import type { CodedMessage } from '@eval-factory/types';

const LS_HINT = 'Run `eval-factory ls` to see the available tasks.';

export const ERROR_HINTS = {
  EF_FILE_NOT_FOUND: 'Check the path; relative paths are resolved from the current directory.',
  EF_YAML: 'Fix the YAML at the position shown; duplicate keys and alias expansion bombs are rejected.',
  EF_FRAMEWORK_INVALID: 'framework.yml ships with eval-factory; restore it or fix the field named.',
  EF_MISSING_ARG: 'Pass the CLI flag shown or set the field in the --run_config file.',
  EF_EVAL_TYPE_SYNTAX: 'Write the task name (medcalc_bench) or framework.task (helm.medcalc_bench).',
  EF_UNKNOWN_FRAMEWORK: LS_HINT,
  EF_UNKNOWN_EVALUATION: LS_HINT,
  EF_AMBIGUOUS_EVALUATION: 'Prefix the task with the framework that should run it, e.g. helm.<task>.',
  EF_TASK_NOT_AVAILABLE: LS_HINT,
  EF_CONFIG_INVALID: 'Fix the fields listed (run_config, CLI flags or --overrides); see docs/configuration.md.',
  EF_API_KEY_CONFLICT: 'Keep only api_key_name: the name of the environment variable that holds the key.',
  EF_OVERRIDE_SYNTAX:
    'Write --overrides as comma-separated dotted.path=value pairs; quote values with commas: k="a,b".',
  EF_ENDPOINT_TYPE: 'Set target.api_endpoint.type (CLI: --model_type) to one of the supported types.',
  EF_MISSING_ENDPOINT: 'Set target.api_endpoint.url, model_id and type, or pass --model_url, --model_id, --model_type.',
  EF_API_KEY_LOOKS_LIKE_SECRET: `put the key in an environment variable and give its name (e.g. NVIDIA_API_KEY); in a header, write \${VAR} (docs/configuration.md#headers).`,
  EF_MISSING_DATA_PATH:
    'This task uses gated or private data: obtain it under its license and set config.params.extra.data_path (and subject/condition).',
  EF_JUDGE_CONFIG:
    'Enable at least one judge with url and model_id in config.params.extra.judges (docs/configuration.md#judges).',
  EF_NVCF_URL:
    'Use an https://api.nvcf.nvidia.com/v2/nvcf/pexec/functions/<id> or https://integrate.api.nvidia.com/v1 URL, or set use_nvcf: false.',
  EF_LIMIT_SAMPLES: 'Use an integer >= 1 (number of instances) or a fraction strictly between 0 and 1.',
  EF_MODEL_ID:
    "Use the id the server lists under /v1/models: no commas (run entries separate with ','), spaces or control characters.",
  EF_CACHE_URL:
    'Write the cache as redis://HOST:PORT or redis://HOST:PORT/DB; put a password in the environment variable REDISCLI_AUTH (docs/scale.md).',
  EF_ADAPTER_CONFIG:
    'Remove the key or fix its spelling; the accepted keys are listed in docs/configuration.md#adapter_config.',
  EF_ADAPTER_UNSUPPORTED:
    'Use a supported interceptor (docs/configuration.md#interceptors) or the flat adapter_config keys, and write interceptors in the run_config, not in --overrides.',
  EF_OUTPUT_DIR_MISMATCH: 'Use a new --output_dir, or restore the previous settings to resume that run.',
  EF_CUSTOM_BENCHMARK_MISSING:
    'Set config.params.extra.benchmark to your definition file, or write its path as config.type (docs/custom-benchmarks.md).',
  EF_CUSTOM_BENCHMARK_NOT_FOUND:
    "Check the path: in a run_config it is relative to the run_config's folder, on the command line to the working directory.",
  EF_CUSTOM_NAME_CLASH:
    'Give each definition in the benchmarks folder its own name, or run it by path (config.type: path/to/benchmark.yml).',
  EF_BENCHMARKS_DIR_NOT_FOUND:
    'Point --benchmarks_dir or EF_BENCHMARKS_DIR at an existing folder of benchmark definitions (*.yml), or unset it.',
} as const;

export type ConfigErrorCode = keyof typeof ERROR_HINTS;

/** Warning codes (printed once each, never fatal). */
export const WARNING_CODES = [
  'EF_VLM_DEPRECATED',
  'EF_STREAM_IGNORED',
  'EF_ADAPTER_IGNORED',
  'EF_ADAPTER_DEPRECATED',
  'EF_UNUSED_PARAMS',
  'EF_CUSTOM_DEFINITION_SKIPPED',
  'EF_CUSTOM_NAME_CLASH',
] as const;

/** Builds the `UserError` for a code of this package, with its registered hint. */
export function configError(code: ConfigErrorCode, message: string): UserError {
  return new UserError(code, message, ERROR_HINTS[code]);
}

/** Turns a rule's `CodedMessage` into a `UserError` (unknown codes get no hint rather than a wrong one). */
export function toUserError(message: CodedMessage): UserError {
  const hint = (ERROR_HINTS as Record<string, string>)[message.code];
  return new UserError(message.code, message.message, hint);
}
