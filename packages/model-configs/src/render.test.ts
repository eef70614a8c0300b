import { describe, it, expect } from '@jest/globals';
import { parse } from 'yaml';
import { renderModelConfigs } from './render.js';
import { makeEvaluation } from './test-evaluation.js';
import type { ApiEndpoint } from '@eval-factory/types';

const FN = 'https://api.nvcf.nvidia.com/v2/nvcf/pexec/functions/3f2a-fn';

interface ProviderCase {
  readonly title: string;
  readonly endpoint: Partial<ApiEndpoint>;
  readonly expected: Record<string, unknown>;
}

// One case per row of docs/configuration.md
const providerCases: readonly ProviderCase[] = [
  {
    title: 'OpenAI',
    endpoint: { url: 'https://api.openai.com/v1', model_id: 'gpt-4o', api_key_name: 'OPENAI_API_KEY' },
    expected: {
      name: 'eval-factory/gpt-4o',
      provider: 'openai_compatible',
      base_url: 'https://api.openai.com/v1',
      request_url: 'https://api.openai.com/v1/chat/completions',
      auth: { kind: 'api_key', env: 'OPENAI_API_KEY' },
      nvcf: { enabled: false, backed: false, is_function: false, poll_seconds: 1800 },
      max_tokens_field: 'max_tokens',
    },
  },
  {
    title: 'OpenAI reasoning model',
    endpoint: { url: 'https://api.openai.com/v1/chat/completions', model_id: 'o3-mini', api_key: 'OPENAI_API_KEY' },
    expected: {
      name: 'eval-factory/o3-mini',
      auth: { kind: 'api_key', env: 'OPENAI_API_KEY' },
      max_tokens_field: 'max_completion_tokens',
    },
  },
  {
    title: 'build.nvidia.com',
    endpoint: {
      url: 'https://integrate.api.nvidia.com/v1',
      model_id: 'meta/llama-3.3-70b-instruct',
      api_key_name: 'NVIDIA_API_KEY',
    },
    expected: {
      name: 'eval-factory/meta_llama-3.3-70b-instruct',
      model_name: 'meta/llama-3.3-70b-instruct',
      provider: 'openai_compatible',
      endpoint_type: 'chat',
      base_url: 'https://integrate.api.nvidia.com/v1',
      request_url: 'https://integrate.api.nvidia.com/v1/chat/completions',
      auth: { kind: 'api_key', env: 'NVIDIA_API_KEY' },
      nvcf: { enabled: false, backed: true, is_function: false, poll_seconds: 1800 },
    },
  },
  {
    title: 'NVCF function',
    endpoint: {
      url: FN,
      model_id: 'meta/llama-3.1-8b-instruct',
      api_key_name: 'NGC_API_KEY',
      adapter_config: { use_nvcf: true },
    },
    expected: {
      provider: 'nvcf',
      base_url: null,
      request_url: FN,
      auth: { kind: 'api_key', env: 'NGC_API_KEY' },
      nvcf: { enabled: true, backed: true, is_function: true, poll_seconds: 1800 },
    },
  },
  {
    title: 'vLLM',
    endpoint: { url: 'http://localhost:8000/v1', model_id: 'Qwen/Qwen2.5-7B-Instruct' },
    expected: {
      name: 'eval-factory/Qwen_Qwen2.5-7B-Instruct',
      provider: 'openai_compatible',
      auth: { kind: 'none' },
      request_url: 'http://localhost:8000/v1/chat/completions',
    },
  },
  {
    title: 'llama.cpp server (completions)',
    endpoint: { url: 'http://localhost:8080/v1', model_id: 'local', type: 'completions', api_key_name: 'LLAMACPP_KEY' },
    expected: {
      endpoint_type: 'completions',
      request_url: 'http://localhost:8080/v1/completions',
      auth: { kind: 'api_key', env: 'LLAMACPP_KEY' },
    },
  },
  {
    title: 'Ollama',
    endpoint: { url: 'http://localhost:11434/v1', model_id: 'llama3.1:8b' },
    expected: {
      name: 'eval-factory/llama3.1:8b',
      model_name: 'llama3.1:8b',
      auth: { kind: 'none' },
      base_url: 'http://localhost:11434/v1',
    },
  },
];

function deploymentsOf(files: Readonly<Record<string, string>>): Record<string, unknown>[] {
  return (parse(files['model_deployments.yaml'] ?? '') as { model_deployments: Record<string, unknown>[] })
    .model_deployments;
}

describe('renderModelConfigs: provider examples (§9.1)', () => {
  it.each(providerCases)('$title', ({ endpoint, expected }) => {
    const rendered = renderModelConfigs(makeEvaluation(endpoint));
    const deployments = deploymentsOf(rendered.files);
    expect(deployments).toHaveLength(1);
    expect(deployments[0]).toMatchObject(expected);
    // The YAML text and the returned data describe the same deployment.
    expect(deployments[0]).toEqual(JSON.parse(JSON.stringify(rendered.deployment)));
    expect(Object.keys(rendered.files).sort()).toEqual(['model_deployments.yaml', 'model_metadata.yaml']);
  });

  // HELM's registry loads this file with dacite into ModelMetadata (src/helm/benchmark/model_metadata_registry.py),
  // whose name, creator_organization_name, display_name, description and access are `str` without a default: null
  // or missing raises, and `helm-run --local-path <run>/model_configs` stops. HELM's code cannot run here (no Python
  // packages), so the test checks those fields against the dataclass, with HELM's own placeholder values for facts
  // the config cannot tell (get_unknown_model_metadata: "Unknown", "open", the name as description).
  it("writes model_metadata.yaml that HELM's registry loads: every str field a string", () => {
    const rendered = renderModelConfigs(makeEvaluation({ model_id: 'llama3.1:8b' }));
    const doc = parse(rendered.files['model_metadata.yaml'] ?? '');
    expect(doc).toEqual({
      models: [
        {
          name: 'llama3.1:8b',
          display_name: 'llama3.1:8b',
          description: 'llama3.1:8b',
          creator_organization_name: 'Unknown',
          access: 'open',
          tags: ['TEXT_MODEL_TAG', 'CHATML_MODEL_TAG'],
        },
      ],
    });
    for (const field of ['name', 'creator_organization_name', 'display_name', 'description', 'access'])
      expect(typeof doc.models[0][field]).toBe('string');
  });

  it('passes URL warnings through', () => {
    const rendered = renderModelConfigs(makeEvaluation({ url: 'http://localhost:8000' }));
    expect(rendered.warnings.map((w) => w.code)).toEqual(['EF_URL_ASSUMED_V1']);
  });
});

describe('renderModelConfigs: request_settings', () => {
  it('fills defaults', () => {
    expect(deploymentsOf(renderModelConfigs(makeEvaluation()).files)[0]?.request_settings).toEqual({
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
    });
  });

  it('carries the knobs the engine applies, nested values included', () => {
    const adapter = {
      params_to_add: { chat_template_kwargs: { thinking: true }, 'odd key: #1': [1, 'two'] },
      params_to_remove: ['top_p'],
      params_to_rename: { max_tokens: 'max_completion_tokens' },
      use_system_prompt: true,
      custom_system_prompt: 'You are careful.\n- Answer: "A" or \'B\' # not a comment',
      use_reasoning: true,
    };
    const settings = deploymentsOf(renderModelConfigs(makeEvaluation({ adapter_config: adapter })).files)[0]
      ?.request_settings;
    const { use_reasoning: _legacy, ...knobs } = adapter;
    expect(settings).toMatchObject({ ...knobs, process_reasoning_traces: true });
    expect(settings).not.toHaveProperty('use_reasoning');
  });

  it('leaves the request cache out: use_caching and caching_dir reach the engine by its command line only', () => {
    const adapter = { use_caching: false, caching_dir: '/shared/cache' };
    const settings = deploymentsOf(renderModelConfigs(makeEvaluation({ adapter_config: adapter })).files)[0]
      ?.request_settings;
    expect(settings).not.toHaveProperty('use_caching');
    expect(settings).not.toHaveProperty('caching_dir');
  });
});

// Characters that break hand-written YAML: indicators, quotes, comments, line breaks, non-printables, BOM.
const trickyIds = [
  'a: b',
  'x # y',
  '- dash',
  '"quoted"',
  "it's",
  '{flow}',
  '[seq]',
  '*alias',
  '&anchor',
  '!tag',
  '%directive',
  '@at',
  '`tick`',
  '|',
  '>',
  '?',
  'null',
  'true',
  '~',
  '1e3',
  '0x10',
  'multi\nline',
  'tab\there',
  'trailing ',
  ' leading',
  'del\u007f',
  'c1\u0085\u0091',
  'bom\ufeff',
  'ls\u2028ps\u2029',
  'emoji 🩺',
  'ünïcödé/模型',
  '\\backslash\\',
  '---',
  '...',
];

describe('renderModelConfigs: odd values cannot break the YAML', () => {
  it.each(trickyIds)('model id %j round-trips', (modelId) => {
    const rendered = renderModelConfigs(
      makeEvaluation({ model_id: modelId, adapter_config: { custom_system_prompt: modelId } }),
    );
    for (const text of Object.values(rendered.files)) expect(() => parse(text)).not.toThrow();
    const d = deploymentsOf(rendered.files)[0];
    expect(d?.model_name).toBe(modelId);
    expect(d?.name).toBe(`eval-factory/${modelId.replaceAll('/', '_')}`);
    expect((d?.request_settings as Record<string, unknown>).custom_system_prompt).toBe(modelId);
    const meta = parse(rendered.files['model_metadata.yaml'] ?? '') as { models: { name: string }[] };
    expect(meta.models[0]?.name).toBe(modelId);
  });
});
