/**
 * Builds the plain data behind model_deployments.yaml and model_metadata.yaml (docs/configuration.md) for the
 * evaluated endpoint. The templates only lay this data out; every decision is made here.
 */
import type { CodedMessage } from '@eval-factory/types';
import { modelAuth, type ModelAuth } from './auth.js';
import type { AdapterConfigInput, EndpointType, EvaluationInput } from './evaluation.js';
import {
  chooseProvider,
  maxTokensField,
  nvcfSettings,
  type MaxTokensField,
  type NvcfSettings,
  type ProviderName,
} from './providers.js';
import { resolveEndpointUrl } from './url.js';

/** The adapter_config knobs the engine applies per request (docs/configuration.md, docs/architecture.md). */
export interface RequestSettings {
  readonly params_to_add: Readonly<Record<string, unknown>>;
  readonly params_to_remove: readonly string[];
  readonly params_to_rename: Readonly<Record<string, string>>;
  readonly use_system_prompt: boolean;
  readonly custom_system_prompt: string | null;
  readonly process_reasoning_traces: boolean;
  readonly start_reasoning_token: string;
  readonly end_reasoning_token: string;
  readonly use_caching: boolean;
  readonly caching_dir: string | null;
  readonly use_request_logging: boolean;
  readonly max_logged_requests: number | null;
  readonly use_response_logging: boolean;
  readonly max_logged_responses: number | null;
  readonly tracking_requests_stats: boolean;
}

/** One entry of `model_deployments` (the file the engine reads to build its client). */
export interface ModelDeployment {
  readonly name: string;
  readonly model_name: string;
  readonly provider: ProviderName;
  readonly endpoint_type: EndpointType;
  readonly base_url: string | null;
  readonly request_url: string;
  readonly auth: ModelAuth;
  readonly nvcf: NvcfSettings;
  readonly max_tokens_field: MaxTokensField;
  readonly request_settings: RequestSettings;
}

export interface ModelMetadata {
  readonly name: string;
  readonly display_name: string;
  readonly creator_organization_name: string | null;
  readonly access: string | null;
  readonly tags: readonly string[];
}

/**
 * HELM-style deployment name: `eval-factory/` + the model id with every `/` replaced by `_`.
 * @example deploymentName('meta/llama-3.3-70b-instruct') // 'eval-factory/meta_llama-3.3-70b-instruct'
 */
export function deploymentName(modelId: string): string {
  return `eval-factory/${modelId.replaceAll('/', '_')}`;
}

/** The evaluated endpoint's deployment entry, plus URL warnings (e.g. `EF_URL_ASSUMED_V1`). */
export function buildModelDeployment(evaluation: EvaluationInput): {
  deployment: ModelDeployment;
  warnings: readonly CodedMessage[];
} {
  const endpoint = evaluation.target.api_endpoint;
  const adapter: AdapterConfigInput = endpoint.adapter_config ?? {};
  const url = resolveEndpointUrl(endpoint.url, endpoint.type, { useNvcf: adapter.use_nvcf === true });
  const deployment: ModelDeployment = {
    name: deploymentName(endpoint.model_id),
    model_name: endpoint.model_id,
    provider: chooseProvider(url, adapter).name,
    endpoint_type: endpoint.type,
    base_url: url.base_url,
    request_url: url.request_url,
    auth: modelAuth(endpoint),
    nvcf: nvcfSettings(url, adapter),
    max_tokens_field: maxTokensField(endpoint.model_id, adapter),
    request_settings: buildRequestSettings(adapter),
  };
  return { deployment, warnings: url.warnings };
}

/** adapter_config with defaults filled; `use_reasoning` is the legacy name of `process_reasoning_traces`. */
export function buildRequestSettings(a: AdapterConfigInput): RequestSettings {
  return {
    params_to_add: a.params_to_add ?? {},
    params_to_remove: a.params_to_remove ?? [],
    params_to_rename: a.params_to_rename ?? {},
    use_system_prompt: a.use_system_prompt ?? false,
    custom_system_prompt: a.custom_system_prompt ?? null,
    process_reasoning_traces: a.process_reasoning_traces ?? a.use_reasoning ?? false,
    start_reasoning_token: a.start_reasoning_token ?? '<think>',
    end_reasoning_token: a.end_reasoning_token ?? '</think>',
    use_caching: a.use_caching ?? true,
    caching_dir: a.caching_dir ?? null,
    use_request_logging: a.use_request_logging ?? false,
    max_logged_requests: a.max_logged_requests ?? null,
    use_response_logging: a.use_response_logging ?? false,
    max_logged_responses: a.max_logged_responses ?? null,
    tracking_requests_stats: a.tracking_requests_stats ?? true,
  };
}

/** model_metadata.yaml entry; facts the config cannot tell (creator, access) stay `null` (§9). */
export function buildModelMetadata(deployment: ModelDeployment): ModelMetadata {
  return {
    name: deployment.model_name,
    display_name: deployment.model_name,
    creator_organization_name: null,
    access: null,
    tags: deployment.endpoint_type === 'chat' ? ['TEXT_MODEL_TAG', 'CHATML_MODEL_TAG'] : ['TEXT_MODEL_TAG'],
  };
}
