/**
 * The merged "Evaluation" (docs/configuration.md): a run_config merged with framework.yml's defaults, validated by
 * the config package's JSON Schema, then read by every factory package (model-configs, executor, outputs, cli).
 * Declared once here; the schema (`config/src/schema/run-config.schema.json`) and these types are tied by the
 * config package's drift test.
 */

export type EndpointType = 'chat' | 'completions';

/** How a judge authenticates (docs/configuration.md#judges). */
export type JudgeAuthMode = 'auto' | 'api_key' | 'api_key_if_set' | 'oauth' | 'none';

/** One judge of `extra.judges` (docs/configuration.md#judges); open, deep-merged key by key. */
export interface JudgeConfig {
  readonly enabled?: boolean | null;
  readonly provider?: string | null;
  readonly url?: string | null;
  readonly model_id?: string | null;
  readonly auth?: JudgeAuthMode | null;
  readonly oauth_service?: string | null;
  /** OAuth scope when the service has no default one. */
  readonly oauth_scope?: string | null;
  /** Header carrying the key instead of `Authorization: Bearer`. */
  readonly auth_header?: string | null;
  readonly max_tokens?: number | null;
  readonly temperature?: number | null;
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
  readonly judges: Readonly<Record<string, JudgeConfig | null>> | null;
  /** A custom benchmark's definition file (docs/custom-benchmarks.md); absolute after resolution. */
  readonly benchmark: string | null;
  /** Work units and the shared cache (docs/scale.md): `redis://…`, a shard `K/N`, a merge of a job's shards. */
  readonly cache: string | null;
  readonly shard: string | null;
  readonly merge_units: boolean | null;
  readonly shared_budget: boolean | null;
  /** NeMo's switch for the request cache: true sends every request and stores nothing. */
  readonly disable_cache?: boolean | null;
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

/** The legacy flat adapter_config (docs/configuration.md): open, these keys are the ones the generator reads. */
export interface AdapterConfig {
  readonly use_nvcf?: boolean | null;
  readonly use_caching?: boolean | null;
  readonly caching_dir?: string | null;
  readonly use_system_prompt?: boolean | null;
  readonly custom_system_prompt?: string | null;
  readonly params_to_add?: Readonly<Record<string, unknown>> | null;
  readonly params_to_remove?: readonly string[] | null;
  readonly params_to_rename?: Readonly<Record<string, string>> | null;
  readonly process_reasoning_traces?: boolean | null;
  /** Old name of `process_reasoning_traces`, still honoured (docs/configuration.md). */
  readonly use_reasoning?: boolean | null;
  readonly start_reasoning_token?: string | null;
  readonly end_reasoning_token?: string | null;
  readonly use_request_logging?: boolean | null;
  readonly max_logged_requests?: number | null;
  readonly use_response_logging?: boolean | null;
  readonly max_logged_responses?: number | null;
  readonly tracking_requests_stats?: boolean | null;
  /** Headers added to every request, under the endpoint's own `headers`. */
  readonly headers_to_add?: Readonly<Record<string, string>> | null;
  readonly [key: string]: unknown;
}

export interface ApiEndpoint {
  readonly url: string;
  readonly model_id: string;
  readonly type: EndpointType;
  /** NAME of the environment variable holding the key (never the key); null = no Authorization header. */
  readonly api_key_name: string | null;
  /** Old spelling of `api_key_name`, kept only on input (outputs write `api_key_name`). */
  readonly api_key?: string | null;
  readonly stream?: boolean | null;
  /** HTTP headers sent on every request (docs/configuration.md#headers); `${VAR}` references are filled in by the engine. */
  readonly headers?: Readonly<Record<string, string>> | null;
  readonly adapter_config: AdapterConfig;
  /**
   * HELM's name of the model when the server knows it by another (`run_suite --local-path`: model_name of HELM's
   * model_deployments.yaml, `model_id` being its openai_model_name): run names, results and leaderboards use it.
   */
  readonly helm_model?: string | null;
  /** HELM's deployment name (`stanfordhealthcare/gpt-4o-2024-05-13`): the run name's `model_deployment=`. */
  readonly helm_deployment?: string | null;
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
