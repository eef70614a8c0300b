import { describe, it, expect } from '@jest/globals';
import { PROVIDERS, chooseProvider, maxTokensField, nvcfSettings, providerByName } from './providers.js';
import { resolveEndpointUrl } from './url.js';
import type { AdapterConfig } from '@eval-factory/types';

const FN = 'https://api.nvcf.nvidia.com/v2/nvcf/pexec/functions/fn-1234';

describe('chooseProvider', () => {
  it.each([
    ['https://api.openai.com/v1', {}, 'openai_compatible'],
    ['https://integrate.api.nvidia.com/v1', { use_nvcf: false }, 'openai_compatible'],
    ['https://integrate.api.nvidia.com/v1', { use_nvcf: true }, 'nvcf'],
    [FN, { use_nvcf: true }, 'nvcf'],
    [FN, {}, 'nvcf'],
    ['http://localhost:11434/v1', {}, 'openai_compatible'],
  ] as const)('%s with %j → %s', (url, adapter: AdapterConfig, expected) => {
    const resolved = resolveEndpointUrl(url, 'chat', { useNvcf: adapter.use_nvcf === true });
    expect(chooseProvider(resolved, adapter).name).toBe(expected);
  });

  it('never picks nvidia_anthropic by detection, only by name', () => {
    const resolved = resolveEndpointUrl('https://prod.api.nvidia.com/llm/v1/azure/', 'chat', { useNvcf: false });
    expect(chooseProvider(resolved, {}).name).toBe('openai_compatible');
    expect(chooseProvider(resolved, {}, 'nvidia_anthropic').name).toBe('nvidia_anthropic');
  });

  it('rejects an unknown provider name, listing the valid ones', () => {
    expect(() => providerByName('bedrock')).toThrow(
      expect.objectContaining({ code: 'EF_PROVIDER_UNKNOWN', message: expect.stringContaining('openai_compatible') }),
    );
  });

  it('has unique names and a catch-all last row', () => {
    expect(new Set(PROVIDERS.map((p) => p.name)).size).toBe(PROVIDERS.length);
    expect(PROVIDERS[PROVIDERS.length - 1]?.name).toBe('openai_compatible');
  });
});

describe('maxTokensField', () => {
  it.each([
    ['gpt-4o', {}, 'max_tokens'],
    ['gpt-4o-mini', {}, 'max_tokens'],
    ['meta/llama-3.3-70b-instruct', {}, 'max_tokens'],
    ['llama3.1:8b', {}, 'max_tokens'],
    ['openai/gpt-oss-120b', {}, 'max_tokens'],
    ['o1', {}, 'max_completion_tokens'],
    ['o3-mini', {}, 'max_completion_tokens'],
    ['openai/o4-mini-2025-04-16', {}, 'max_completion_tokens'],
    ['gpt-5', {}, 'max_completion_tokens'],
    ['gpt-5.1-mini', {}, 'max_completion_tokens'],
    ['some-model', { params_to_rename: { max_tokens: 'max_completion_tokens' } }, 'max_completion_tokens'],
    // Other renames stay with the engine's body editing, which renames the max_tokens field it finds.
    ['some-model', { params_to_rename: { max_tokens: 'max_new_tokens' } }, 'max_tokens'],
  ] as const)('%s with %j → %s', (modelId, adapter: AdapterConfig, expected) => {
    expect(maxTokensField(modelId, adapter)).toBe(expected);
  });
});

describe('nvcfSettings', () => {
  it.each([
    ['https://integrate.api.nvidia.com/v1', false, { enabled: false, backed: true, is_function: false }],
    ['https://integrate.api.nvidia.com/v1', true, { enabled: true, backed: true, is_function: false }],
    [FN, true, { enabled: true, backed: true, is_function: true }],
    ['http://localhost:8000/v1', false, { enabled: false, backed: false, is_function: false }],
  ] as const)('%s use_nvcf=%s', (url, useNvcf, expected) => {
    const resolved = resolveEndpointUrl(url, 'chat', { useNvcf });
    expect(nvcfSettings(resolved, { use_nvcf: useNvcf })).toEqual({ ...expected, poll_seconds: 1800 });
  });
});
