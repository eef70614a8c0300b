/**
 * The provider catalogue (docs/configuration.md) as an explicit, ordered table: the first entry whose `test`
 * accepts the endpoint wins. Adding a provider means adding a row, never another branch.
 */
import { InternalError, UserError } from '@eval-factory/errors';
import {
  type AdapterConfig,
  isReasoningModelId,
  type MaxTokensField,
  type NvcfSettings,
  type ProviderName,
} from '@eval-factory/types';
import type { ResolvedEndpointUrl } from './url.js';

export interface ProviderEntry {
  readonly name: ProviderName;
  readonly description: string;
  /** How the engine talks to it (docs/architecture.md). */
  readonly protocol: 'openai_sdk' | 'nvcf' | 'anthropic_messages';
  /** Whether this provider serves the endpoint when nobody named a provider explicitly. */
  readonly test: (url: ResolvedEndpointUrl, adapter: AdapterConfig) => boolean;
}

export const PROVIDERS: readonly ProviderEntry[] = [
  {
    name: 'nvidia_anthropic',
    description: 'Anthropic-messages API behind the NVIDIA gateway (judges only; chosen by name, never detected).',
    protocol: 'anthropic_messages',
    test: () => false,
  },
  {
    name: 'nvcf',
    description: 'NVIDIA Cloud Functions: function URLs (POST + 202 polling) or use_nvcf on integrate.api.nvidia.com.',
    protocol: 'nvcf',
    test: (url, adapter) => url.is_nvcf_function || adapter.use_nvcf === true,
  },
  {
    name: 'openai_compatible',
    description: 'Any OpenAI-compatible server: OpenAI, build.nvidia.com, vLLM, llama.cpp, Ollama, …',
    protocol: 'openai_sdk',
    test: () => true,
  },
];

/** NVCF gateways hold a request open up to this long (the engine sends request_timeout instead when smaller). */
export const NVCF_POLL_SECONDS = 1800;

/**
 * Picks the provider: the named one when `explicit` is given (judges), otherwise the first matching table row.
 * @example chooseProvider(resolveEndpointUrl(fnUrl, 'chat', { useNvcf: true }), { use_nvcf: true }).name // 'nvcf'
 */
export function chooseProvider(
  url: ResolvedEndpointUrl,
  adapter: AdapterConfig,
  explicit?: string | null,
): ProviderEntry {
  if (explicit !== undefined && explicit !== null) return providerByName(explicit);
  const found = PROVIDERS.find((p) => p.test(url, adapter));
  if (!found) throw new InternalError('provider table has no fallback row'); // openai_compatible accepts every URL
  return found;
}

/** Looks a provider up by its registry name; an unknown name is a user error listing the valid ones. */
export function providerByName(name: string): ProviderEntry {
  const found = PROVIDERS.find((p) => p.name === name);
  if (found) return found;
  throw new UserError(
    'EF_PROVIDER_UNKNOWN',
    `Unknown provider '${name}'. Valid providers: [${PROVIDERS.map((p) => p.name).join(', ')}]`,
    'Use one of the listed provider names.',
  );
}

/**
 * The request-body field that carries the token budget: `max_completion_tokens` for OpenAI reasoning models or
 * when `params_to_rename` already renames `max_tokens` to it; other renames are left to the engine's body editing.
 */
export function maxTokensField(modelId: string, adapter: AdapterConfig): MaxTokensField {
  if (adapter.params_to_rename?.max_tokens === 'max_completion_tokens') return 'max_completion_tokens';
  return isReasoningModelId(modelId) ? 'max_completion_tokens' : 'max_tokens';
}

/** The `nvcf` block of a deployment (§9.3). */
export function nvcfSettings(url: ResolvedEndpointUrl, adapter: AdapterConfig): NvcfSettings {
  return {
    enabled: url.is_nvcf_function || adapter.use_nvcf === true,
    backed: url.nvcf_backed,
    is_function: url.is_nvcf_function,
    poll_seconds: NVCF_POLL_SECONDS,
  };
}
