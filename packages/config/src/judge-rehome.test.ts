import { describe, expect, it } from '@jest/globals';
import { resolve, runConfig } from './test-support.js';

const LOCAL = 'http://127.0.0.1:8000/v1';
const judgesOf = (config: object, overrides: string[] = []) =>
  resolve({ runConfig: runConfig({ config: { type: 'mtsamples_replicate', ...config } }), overrides }).evaluation.config
    .params.extra.judges as Record<string, Record<string, unknown>>;

describe('a judge moved to another host keeps nothing meant for the default host', () => {
  it('url and model_id only: provider openai_compatible, auth api_key_if_set, no OAuth service; the rest inherited', () => {
    const judges = judgesOf({
      params: {
        extra: {
          judges: {
            gpt: { url: LOCAL, model_id: 'j' },
            llama: { url: LOCAL, model_id: 'j' },
            claude: { url: LOCAL, model_id: 'j' },
          },
        },
      },
    });
    for (const role of ['gpt', 'llama', 'claude']) {
      expect(judges[role]).toMatchObject({
        url: LOCAL,
        model_id: 'j',
        provider: 'openai_compatible',
        auth: 'api_key_if_set',
        max_tokens: 4096,
        temperature: 0,
        enabled: true,
      });
      expect(judges[role]).not.toHaveProperty('oauth_service');
    }
  });

  it('fields the user wrote stay as written (run_config or --overrides)', () => {
    const judges = judgesOf(
      {
        params: {
          extra: {
            judges: {
              claude: { url: LOCAL, model_id: 'j', provider: 'nvidia_anthropic' },
              gpt: { url: LOCAL, model_id: 'j' },
            },
          },
        },
      },
      ['config.params.extra.judges.gpt.auth=none'],
    );
    expect(judges.claude).toMatchObject({ provider: 'nvidia_anthropic', auth: 'api_key_if_set' });
    expect(judges.gpt).toMatchObject({ provider: 'openai_compatible', auth: 'none' });
  });

  it('a url set by --overrides moves the judge too; a judge left on its default host keeps its defaults', () => {
    const judges = judgesOf({}, [`config.params.extra.judges.llama.url=${LOCAL}`]);
    expect(judges.llama).toMatchObject({ url: LOCAL, provider: 'openai_compatible', auth: 'api_key_if_set' });
    expect(judges.gpt).toMatchObject({ provider: 'openai_compatible', auth: 'auto', oauth_service: 'openai' });
    expect(judges.claude).toMatchObject({ provider: 'nvidia_anthropic', auth: 'auto', oauth_service: 'anthropic' });
  });

  it('another path on the default host is not a move', () => {
    const judges = judgesOf({
      params: { extra: { judges: { claude: { url: 'https://prod.api.nvidia.com/llm/v1/other/' } } } },
    });
    expect(judges.claude).toMatchObject({ provider: 'nvidia_anthropic', auth: 'auto' });
  });
});
