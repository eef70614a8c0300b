/**
 * The `model_configs/` folder (docs/configuration.md): written by the model-configs package, read by the engine.
 * Names of environment variables only, never their values.
 */
import type { JudgeAuth } from './judge-auth.js';

/** HELM's client classes for an OpenAI-compatible endpoint, by endpoint type. */
export const HELM_OPENAI_CLIENTS = {
  chat: 'helm.clients.openai_client.OpenAIClient',
  completions: 'helm.clients.openai_client.OpenAILegacyCompletionsClient',
} as const;

/** The tokenizer named in deployments: HELM's cl100k_base, as no model's own tokenizer is known here. */
export const HELM_DEFAULT_TOKENIZER = 'openai/cl100k_base';

/** File names inside `model_configs/`. */
export const MODEL_CONFIG_FILES = {
  deployments: 'model_deployments.yaml',
  metadata: 'model_metadata.yaml',
  judges: 'judges.yaml',
} as const;

/** The providers model-configs writes and the engine speaks (its readers reject any other name). */
export const PROVIDER_NAMES = ['openai_compatible', 'nvcf', 'nvidia_anthropic'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];
export type MaxTokensField = 'max_tokens' | 'max_completion_tokens';

/** The evaluated model's `auth` block: the NAME of the key's variable, or no key. */
export type ModelAuth = { readonly kind: 'api_key'; readonly env: string } | { readonly kind: 'none' };

export interface NvcfSettings {
  /** Speak the NVCF protocol (function URL, or use_nvcf on the build.nvidia.com gateway). */
  readonly enabled: boolean;
  /** Apply the NVCF retry policy and poll header, also for build.nvidia.com without use_nvcf. */
  readonly backed: boolean;
  /** The URL is a function URL: POST, then poll `/v2/nvcf/pexec/status/<reqid>` on 202. */
  readonly is_function: boolean;
  readonly poll_seconds: number;
}

/**
 * The adapter_config knobs the engine applies per request (docs/configuration.md). The request cache is not one of
 * them: `use_caching` / `caching_dir` reach the engine only as its `--disable-cache` / `--cache-path` flags, which
 * framework.yml's command renders (one route, the one run_config.yml records).
 */
export interface RequestSettings {
  readonly params_to_add: Readonly<Record<string, unknown>>;
  readonly params_to_remove: readonly string[];
  readonly params_to_rename: Readonly<Record<string, string>>;
  readonly use_system_prompt: boolean;
  readonly custom_system_prompt: string | null;
  readonly process_reasoning_traces: boolean;
  readonly start_reasoning_token: string;
  readonly end_reasoning_token: string;
  readonly use_request_logging: boolean;
  readonly max_logged_requests: number | null;
  readonly use_response_logging: boolean;
  readonly max_logged_responses: number | null;
  readonly tracking_requests_stats: boolean;
}

/** The request settings of an adapter_config that sets none (also the judges'). */
export const DEFAULT_REQUEST_SETTINGS: RequestSettings = {
  params_to_add: {},
  params_to_remove: [],
  params_to_rename: {},
  use_system_prompt: false,
  custom_system_prompt: null,
  process_reasoning_traces: false,
  start_reasoning_token: '<think>',
  end_reasoning_token: '</think>',
  use_request_logging: false,
  max_logged_requests: null,
  use_response_logging: false,
  max_logged_responses: null,
  tracking_requests_stats: true,
};

/**
 * HELM's own part of a deployment (`helm.benchmark.model_deployment_registry`): HELM's loader registers the model
 * from these fields and ignores ours, so `helm-run --local-path model_configs` and `run_suite --local-path` read
 * the same file.
 */
export interface HelmClientSpec {
  /** `helm.clients.openai_client.OpenAIClient` (chat) or `…OpenAILegacyCompletionsClient` (completions). */
  readonly class_name: string;
  readonly args: { readonly base_url: string | null; readonly openai_model_name: string };
}

/** One entry of `model_deployments` (the file the engine reads to build its client, in HELM's schema). */
export interface ModelDeployment {
  readonly name: string;
  readonly model_name: string;
  /** HELM's tokenizer for prompt-window checks: `openai/cl100k_base` (the model's own is unknown here). */
  readonly tokenizer_name: string;
  readonly client_spec: HelmClientSpec;
  readonly provider: ProviderName;
  readonly endpoint_type: 'chat' | 'completions';
  /** `null` for NVCF function URLs, which have no OpenAI-style base. */
  readonly base_url: string | null;
  readonly request_url: string;
  readonly auth: ModelAuth;
  readonly nvcf: NvcfSettings;
  readonly max_tokens_field: MaxTokensField;
  readonly request_settings: RequestSettings;
  /** Extra HTTP headers of every request (`target.api_endpoint.headers` over `headers_to_add`). */
  readonly headers: Readonly<Record<string, string>>;
}

/** One entry of `model_metadata.yaml` (HELM's model metadata shape). */
export interface ModelMetadata {
  readonly name: string;
  readonly display_name: string;
  /** HELM's registry raises on a missing or null `str` field: these are always strings. */
  readonly description: string;
  readonly creator_organization_name: string;
  readonly access: string;
  readonly tags: readonly string[];
}

/** One entry of `judges.yaml` (docs/configuration.md#judges). */
export interface JudgeEntry {
  readonly role: string;
  readonly provider: ProviderName;
  /** `null` for providers that POST to the URL verbatim (nvidia_anthropic) or NVCF function URLs. */
  readonly base_url: string | null;
  readonly request_url: string;
  readonly model_id: string;
  readonly auth: JudgeAuth;
  /** Header carrying the credential, value sent bare; `null` = `Authorization: Bearer …`. */
  readonly auth_header: string | null;
  readonly max_tokens: number;
  readonly temperature: number;
  readonly nvcf_backed: boolean;
}
