/**
 * The merged "Evaluation" (docs/configuration.md): exactly five top-level keys. Hand-written next to the checked-in
 * JSON Schema (`schema/run-config.schema.json`); `schema/drift.test.ts` fails when the key lists below, the schema
 * and framework.yml's defaults disagree.
 */

export type EndpointType = 'chat' | 'completions';

/** One judge of `extra.judges` (docs/configuration.md#judges); open, deep-merged key by key. */
export interface JudgeConfig {
  readonly enabled?: boolean;
  readonly provider?: string;
  readonly url?: string | null;
  readonly model_id?: string | null;
  readonly auth?: string;
  readonly oauth_service?: string;
  readonly max_tokens?: number;
  readonly temperature?: number;
  readonly [key: string]: unknown;
}

/** `config.params.extra`: open, but these keys are always present (null when unset). */
export interface EvaluationExtra {
  readonly num_train_trials: number | null;
  readonly max_length: number | null;
  readonly num_output_tokens: number | null;
  readonly data_path: string | null;
  readonly subject: string | null;
  readonly condition: string | null;
  readonly subset: string | null;
  readonly gpt_judge_api_key: string | null;
  readonly llama_judge_api_key: string | null;
  readonly claude_judge_api_key: string | null;
  readonly report_corrected: boolean | null;
  readonly prompt_texts: string | null;
  readonly max_failure_rate: number | null;
  readonly allow_data_drift: boolean | null;
  /** Client-side limits for the evaluated endpoint (off when null). */
  readonly requests_per_minute: number | null;
  readonly tokens_per_minute: number | null;
  readonly judges: Readonly<Record<string, JudgeConfig>> | null;
  /** A custom benchmark's definition file (docs/custom-benchmarks.md); absolute after resolution. */
  readonly benchmark: string | null;
  readonly [key: string]: unknown;
}

export interface EvaluationParams {
  readonly limit_samples: number | null;
  readonly parallelism: number | null;
  readonly max_new_tokens: number | null;
  readonly temperature: number | null;
  readonly top_p: number | null;
  readonly max_retries: number | null;
  readonly request_timeout: number | null;
  readonly task: string | null;
  readonly extra: EvaluationExtra;
}

export interface EvaluationConfig {
  readonly type: string;
  readonly output_dir: string;
  readonly supported_endpoint_types: readonly string[];
  readonly params: EvaluationParams;
}

/** Legacy flat adapter_config (docs/configuration.md); validated by `rules/adapter-config.ts`. */
export type AdapterConfig = Readonly<Record<string, unknown>>;

export interface ApiEndpoint {
  readonly url: string;
  readonly model_id: string;
  readonly type: EndpointType;
  /** NAME of the environment variable holding the key; null = no Authorization header. */
  readonly api_key_name: string | null;
  /** Present (same value as api_key_name) only when the user wrote `api_key`, so outputs round-trip it. */
  readonly api_key?: string | null;
  readonly stream?: boolean | null;
  readonly adapter_config: AdapterConfig;
}

export interface Evaluation {
  /** The UNrendered Handlebars command template. */
  readonly command: string;
  readonly framework_name: string;
  readonly pkg_name: string;
  readonly config: EvaluationConfig;
  readonly target: { readonly api_endpoint: ApiEndpoint };
}

/** A merged object that passed the schema but not yet the named rules (endpoint fields may still be missing). */
export interface EvaluationDraft extends Omit<Evaluation, 'target'> {
  readonly target: {
    readonly api_endpoint: Partial<Omit<ApiEndpoint, 'url' | 'model_id' | 'type'>> & {
      readonly url?: string | null;
      readonly model_id?: string | null;
      readonly type?: string | null;
    };
  };
}

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
] as const satisfies readonly (keyof EvaluationExtra & string)[];
export const API_ENDPOINT_KEYS = allKeys<ApiEndpoint>()([
  'url',
  'model_id',
  'type',
  'api_key_name',
  'api_key',
  'stream',
  'adapter_config',
]);

/** Extra keys holding env-var NAMES for judge keys (docs/configuration.md). */
export const JUDGE_KEY_NAME_FIELDS = ['gpt_judge_api_key', 'llama_judge_api_key', 'claude_judge_api_key'] as const;
