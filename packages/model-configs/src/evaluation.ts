/**
 * The part of the merged Evaluation (docs/configuration.md) that the model-config generator reads. Declared locally
 * so this package does not depend on the config package; every field is optional because the merged object keeps
 * nulls and may lack keys the schema leaves out.
 */

export type EndpointType = 'chat' | 'completions';

export interface AdapterConfigInput {
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
  readonly [key: string]: unknown;
}

export interface ApiEndpointInput {
  readonly url: string;
  readonly model_id: string;
  readonly type: EndpointType;
  /** NAME of the environment variable holding the key (never the key). */
  readonly api_key_name?: string | null;
  /** Legacy spelling of `api_key_name` (docs/configuration.md). */
  readonly api_key?: string | null;
  readonly stream?: boolean | null;
  readonly adapter_config?: AdapterConfigInput | null;
}

/** One judge of `config.params.extra.judges` (docs/configuration.md#judges). */
export interface JudgeInput {
  readonly enabled?: boolean | null;
  readonly provider?: string | null;
  readonly url?: string | null;
  readonly model_id?: string | null;
  readonly auth?: 'auto' | 'api_key' | 'api_key_if_set' | 'oauth' | 'none' | null;
  readonly oauth_service?: string | null;
  readonly oauth_scope?: string | null;
  readonly auth_header?: string | null;
  readonly max_tokens?: number | null;
  readonly temperature?: number | null;
}

export interface EvaluationInput {
  readonly config: {
    readonly output_dir?: string | null;
    readonly params?: {
      readonly extra?: {
        readonly judges?: Readonly<Record<string, JudgeInput | null>> | null;
        readonly [key: string]: unknown;
      } | null;
      readonly [key: string]: unknown;
    } | null;
    readonly [key: string]: unknown;
  };
  readonly target: { readonly api_endpoint: ApiEndpointInput };
  readonly [key: string]: unknown;
}
