import { describe, expect, it } from '@jest/globals';
import { DEFAULT_REQUEST_SETTINGS, type ModelDeployment, type PromptRequest } from '@eval-factory/types';
import { buildRequestBody } from './request-body.js';

const request: PromptRequest = {
  instance_id: 'id1',
  train_trial_index: 0,
  prompt: 'Question?',
  temperature: 0,
  max_tokens: 4000,
  stop: ['\n'],
  top_p: 1,
  num_completions: 1,
  top_k_per_token: 1,
};

function deployment(model: string, settings: Partial<ModelDeployment['request_settings']> = {}): ModelDeployment {
  return {
    name: `prod/${model}`,
    model_name: `openai/${model}`,
    tokenizer_name: 'simple/model1',
    client_spec: { class_name: 'x', args: { base_url: 'http://127.0.0.1:1/v1', openai_model_name: model } },
    provider: 'openai_compatible',
    endpoint_type: 'chat',
    base_url: 'http://127.0.0.1:1/v1',
    request_url: 'http://127.0.0.1:1/v1/chat/completions',
    auth: { kind: 'none' },
    nvcf: { enabled: false, backed: false, is_function: false, poll_seconds: 1800 },
    max_tokens_field: model.startsWith('gpt-4') ? 'max_tokens' : 'max_completion_tokens',
    request_settings: { ...DEFAULT_REQUEST_SETTINGS, ...settings },
  } as ModelDeployment;
}

describe('buildRequestBody', () => {
  it.each([
    // HELM's OpenAIClient: a reasoning model gets max_completion_tokens and no temperature or top_p; stop stays.
    ['gpt-5-2025-08-07', { max_completion_tokens: 4000, stop: ['\n'] }, ['temperature', 'top_p', 'max_tokens']],
    ['o3-mini', { max_completion_tokens: 4000 }, ['temperature', 'top_p']],
    ['gpt-4o', { max_tokens: 4000, temperature: 0, top_p: 1, stop: ['\n'] }, ['max_completion_tokens']],
  ])('%s', (model, present, absent) => {
    const body = buildRequestBody(request, deployment(model));
    expect(body).toMatchObject({ model, ...present, messages: [{ role: 'user', content: 'Question?' }], n: 1 });
    for (const key of absent) expect(body).not.toHaveProperty(key);
  });

  it('params_to_add still sends a temperature to a reasoning model whose server takes one', () => {
    const body = buildRequestBody(request, deployment('o3', { params_to_add: { temperature: 1 } }));
    expect(body.temperature).toBe(1);
  });
});
