import { describe, it, expect } from '@jest/globals';
import { parse } from 'yaml';
import { buildJudges } from './judges.js';
import { renderModelConfigs } from './render.js';
import { DEFAULT_JUDGES, makeEvaluation } from './test-evaluation.js';

function judgesYaml(files: Readonly<Record<string, string>>): Record<string, unknown>[] {
  return (parse(files['judges.yaml'] ?? '') as { judges: Record<string, unknown>[] }).judges;
}

describe('judges.yaml', () => {
  it('lists the default roster in calling order with role-bound key names', () => {
    const files = renderModelConfigs(
      makeEvaluation({}, { judges: DEFAULT_JUDGES, gpt_judge_api_key: 'MY_GPT_KEY' }),
    ).files;
    expect(judgesYaml(files)).toEqual([
      {
        role: 'gpt',
        provider: 'openai_compatible',
        base_url: 'https://prod.api.nvidia.com/llm/v1/azure',
        request_url: 'https://prod.api.nvidia.com/llm/v1/azure/chat/completions',
        model_id: 'gpt-4o',
        auth: { kind: 'auto', env: 'MY_GPT_KEY', service: 'openai', scope: null },
        auth_header: null,
        max_tokens: 4096,
        temperature: 0,
        nvcf_backed: false,
      },
      {
        role: 'llama',
        provider: 'openai_compatible',
        base_url: 'https://integrate.api.nvidia.com/v1',
        request_url: 'https://integrate.api.nvidia.com/v1/chat/completions',
        model_id: 'nvdev/meta/llama-3.3-70b-instruct',
        auth: { kind: 'api_key', env: 'LLAMA_JUDGE_API_KEY' },
        auth_header: null,
        max_tokens: 4096,
        temperature: 0,
        nvcf_backed: true,
      },
      {
        // nvidia_anthropic POSTs to the URL exactly as written.
        role: 'claude',
        provider: 'nvidia_anthropic',
        base_url: null,
        request_url: 'https://prod.api.nvidia.com/llm/v1/azure/',
        model_id: 'claude-3-7-sonnet-20250219',
        auth: { kind: 'auto', env: 'CLAUDE_JUDGE_API_KEY', service: 'anthropic', scope: null },
        auth_header: null,
        max_tokens: 4096,
        temperature: 0,
        nvcf_backed: false,
      },
    ]);
  });

  it('binds the key to the role, not to the judged model name (docs/configuration.md#judges)', () => {
    const evaluation = makeEvaluation(
      { model_id: 'meta/llama-3.3-70b-instruct', api_key_name: 'MODEL_KEY' },
      { judges: DEFAULT_JUDGES },
    );
    const rendered = renderModelConfigs(evaluation);
    expect(rendered.deployment.auth).toEqual({ kind: 'api_key', env: 'MODEL_KEY' });
    expect(rendered.files['model_deployments.yaml']).not.toContain('JUDGE_API_KEY');
  });

  it('drops disabled judges and writes no file when none is left', () => {
    const judges = { gpt: { ...DEFAULT_JUDGES.gpt, enabled: false }, llama: null };
    expect(buildJudges(makeEvaluation({}, { judges })).judges).toEqual([]);
    expect(Object.keys(renderModelConfigs(makeEvaluation({}, { judges })).files)).not.toContain('judges.yaml');
    expect(Object.keys(renderModelConfigs(makeEvaluation()).files)).not.toContain('judges.yaml');
  });

  it.each([
    [{ gpt: { model_id: 'gpt-4o' } }, 'EF_JUDGE_CONFIG'],
    [{ gpt: { url: 'https://example.invalid/v1' } }, 'EF_JUDGE_CONFIG'],
    [{ gpt: { url: 'https://example.invalid/v1', model_id: 'm', auth: 'magic' as never } }, 'EF_JUDGE_CONFIG'],
    [{ gpt: { url: 'https://example.invalid/v1', model_id: 'm', provider: 'bedrock' } }, 'EF_PROVIDER_UNKNOWN'],
    [{ gpt: { url: 'https://example.invalid/v1/completions', model_id: 'm' } }, 'EF_URL_TYPE_MISMATCH'],
  ])('rejects %j with %s', (judges, code) => {
    expect(() => buildJudges(makeEvaluation({}, { judges }))).toThrow(expect.objectContaining({ code }));
  });

  it('refuses a judge key "name" that is really a key', () => {
    const evaluation = makeEvaluation(
      {},
      { judges: DEFAULT_JUDGES, gpt_judge_api_key: 'sk-proj-abcdefghijklmnop1234' },
    );
    expect(() => buildJudges(evaluation)).toThrow(
      expect.objectContaining({
        code: 'EF_API_KEY_LOOKS_LIKE_SECRET',
        message: expect.not.stringContaining('abcdefgh'),
      }),
    );
  });

  it('passes judge URL warnings through', () => {
    const judges = { llama: { url: 'http://localhost:9000', model_id: 'judge' } };
    expect(renderModelConfigs(makeEvaluation({}, { judges })).warnings.map((w) => w.code)).toEqual([
      'EF_URL_ASSUMED_V1',
    ]);
  });
});
