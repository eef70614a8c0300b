/**
 * Builds the plain data behind model_deployments.yaml and model_metadata.yaml (docs/configuration.md) for the
 * evaluated endpoint. The templates only lay this data out; every decision is made here.
 */
import {
  DEFAULT_REQUEST_SETTINGS,
  type AdapterConfig,
  type CodedMessage,
  type Evaluation,
  type ModelDeployment,
  type ModelMetadata,
  type RequestSettings,
  HELM_DEFAULT_TOKENIZER,
  HELM_OPENAI_CLIENTS,
} from '@eval-factory/types';
import { modelAuth } from './auth.js';
import { chooseProvider, maxTokensField, nvcfSettings } from './providers.js';
import { resolveEndpointUrl } from './url.js';

/**
 * HELM-style deployment name: `eval-factory/` + the model id with every `/` replaced by `_`.
 * @example deploymentName('meta/llama-3.3-70b-instruct') // 'eval-factory/meta_llama-3.3-70b-instruct'
 */
export function deploymentName(modelId: string): string {
  return `eval-factory/${modelId.replaceAll('/', '_')}`;
}

/** The evaluated endpoint's deployment entry, plus URL warnings (e.g. `EF_URL_ASSUMED_V1`). */
export function buildModelDeployment(evaluation: Evaluation): {
  deployment: ModelDeployment;
  warnings: readonly CodedMessage[];
} {
  const endpoint = evaluation.target.api_endpoint;
  const adapter: AdapterConfig = endpoint.adapter_config ?? {};
  const url = resolveEndpointUrl(endpoint.url, endpoint.type, { useNvcf: adapter.use_nvcf === true });
  const deployment: ModelDeployment = {
    // HELM's names when run_suite gives them (a prod_env deployment); the server still gets model_id.
    name: endpoint.helm_deployment || deploymentName(endpoint.model_id),
    model_name: endpoint.helm_model || endpoint.model_id,
    tokenizer_name: HELM_DEFAULT_TOKENIZER,
    client_spec: {
      class_name: HELM_OPENAI_CLIENTS[endpoint.type],
      args: { base_url: url.base_url, openai_model_name: endpoint.model_id },
    },
    provider: chooseProvider(url, adapter).name,
    endpoint_type: endpoint.type,
    base_url: url.base_url,
    request_url: url.request_url,
    auth: modelAuth(endpoint),
    nvcf: nvcfSettings(url, adapter),
    max_tokens_field: maxTokensField(endpoint.model_id, adapter),
    request_settings: buildRequestSettings(adapter),
    headers: { ...(adapter.headers_to_add ?? {}), ...(endpoint.headers ?? {}) },
  };
  return { deployment, warnings: url.warnings };
}

/** adapter_config with defaults filled; `use_reasoning` is the legacy name of `process_reasoning_traces`. */
export function buildRequestSettings(a: AdapterConfig): RequestSettings {
  const d = DEFAULT_REQUEST_SETTINGS;
  return {
    params_to_add: a.params_to_add ?? d.params_to_add,
    params_to_remove: a.params_to_remove ?? d.params_to_remove,
    params_to_rename: a.params_to_rename ?? d.params_to_rename,
    use_system_prompt: a.use_system_prompt ?? d.use_system_prompt,
    custom_system_prompt: a.custom_system_prompt ?? d.custom_system_prompt,
    process_reasoning_traces: a.process_reasoning_traces ?? a.use_reasoning ?? d.process_reasoning_traces,
    start_reasoning_token: a.start_reasoning_token ?? d.start_reasoning_token,
    end_reasoning_token: a.end_reasoning_token ?? d.end_reasoning_token,
    use_request_logging: a.use_request_logging ?? d.use_request_logging,
    max_logged_requests: a.max_logged_requests ?? d.max_logged_requests,
    use_response_logging: a.use_response_logging ?? d.use_response_logging,
    max_logged_responses: a.max_logged_responses ?? d.max_logged_responses,
    tracking_requests_stats: a.tracking_requests_stats ?? d.tracking_requests_stats,
  };
}

/**
 * model_metadata.yaml entry. HELM's registry requires every `str` field; facts the config cannot tell take HELM's
 * own placeholder values for a model it does not know (`get_unknown_model_metadata`: "Unknown", "open").
 */
export function buildModelMetadata(deployment: ModelDeployment): ModelMetadata {
  return {
    name: deployment.model_name,
    display_name: deployment.model_name,
    description: deployment.model_name,
    creator_organization_name: 'Unknown',
    access: 'open',
    tags: deployment.endpoint_type === 'chat' ? ['TEXT_MODEL_TAG', 'CHATML_MODEL_TAG'] : ['TEXT_MODEL_TAG'],
  };
}
