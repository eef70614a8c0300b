import { describe, expect, it } from '@jest/globals';
import type { CachedResponse, RequestCache } from '../cache/index.js';
import type { JudgeTransport } from '../clients/judge-sender.js';
import { createJudgeClient } from './judge-client.js';
import type { JudgeConfig } from './judge-config.js';

/** A cache that answers every key (nothing is sent) and notes the keys asked. */
function answeringCache(keys: string[]): RequestCache {
  const hit: CachedResponse = { request: {}, response: {}, request_time_s: 0, created_at: 'then', engine_version: 't' };
  return {
    stores: true,
    get: async (key) => {
      keys.push(key);
      return hit;
    },
    getMany: async () => [],
    getAnswers: async () => [],
    set: async () => undefined,
    close: async () => undefined,
  };
}

function judgeWith(provider: JudgeConfig['provider'], request_url: string): JudgeConfig {
  return {
    role: 'gpt',
    provider,
    base_url: null,
    request_url,
    model_id: 'j',
    auth: { kind: 'api_key', env: 'JUDGE_KEY' },
    auth_header: null,
    max_tokens: 4,
    temperature: 0,
    nvcf_backed: provider === 'nvcf',
  };
}

function transportWith(o: { nvcf: boolean; salt?: string; body: Record<string, unknown> }): JudgeTransport {
  return {
    send: async () => {
      throw new Error('nothing is sent: every key is a hit');
    },
    parse: () => ({ completions: [{ text: 'yes' }], usage: null }) as unknown as ReturnType<JudgeTransport['parse']>,
    body: () => o.body,
    nvcf: o.nvcf,
    ...(o.salt === undefined ? {} : { salt: o.salt }),
  };
}

describe('createJudgeClient', () => {
  const policy = { maxRetries: 0, timeoutMs: 1000, nvcfBacked: false, backoffBaseS: 0, backoffCapS: 0 };
  const messages = [{ role: 'user', content: 'Grade: yes' }];

  // The keys stored caches hold (computed with main's code): a judge's verdicts are found again, every time.
  it.each([
    [
      'an NVCF judge (the judge key cache-key.test.ts pins)',
      judgeWith('nvcf', 'https://api.nvcf.nvidia.com/v2/nvcf/pexec/functions/f'),
      { nvcf: true, body: { model: 'j', messages, max_tokens: 4, temperature: 0 } },
      '7951e961a210fd883dd2b81f835b62d12142b0f1f7c727816db0389a809dff49',
    ],
    [
      'an Anthropic judge (salted with its model id)',
      judgeWith('nvidia_anthropic', 'https://x/v1/messages'),
      { nvcf: false, salt: 'claude-3', body: { max_tokens: 4, temperature: 0, messages } },
      'c467e1ac9202e1f825259de4124b472bf7cfc37d3dc14801bab8003bfceeebab',
    ],
  ])('asks the cache by the key stored caches hold: %s', async (_name, judge, t, key) => {
    const keys: string[] = [];
    const client = createJudgeClient({
      judge,
      transport: transportWith(t),
      credential: { secret: async () => null },
      cache: answeringCache(keys),
      policy,
      engineVersion: 't',
    });
    const first = await client.call('Grade: yes');
    await client.call('Grade: yes');
    expect(first.outcome.ok && first.outcome.cached).toBe(true);
    expect(keys).toEqual([key, key]);
  });
});
