import { afterAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTempDirs, makeTempDir } from '@eval-factory/testkit';
import { isHelmJury, readJudgesConfig } from './judge-config.js';

afterAll(cleanupTempDirs);

const entry = (role: string, extra = '') => `  - role: ${role}
    provider: ${role === 'claude' ? 'nvidia_anthropic' : 'openai_compatible'}
    base_url: ${role === 'claude' ? 'null' : 'http://127.0.0.1:1/v1'}
    request_url: http://127.0.0.1:1/${role}
    model_id: ${role}-model
    auth: {kind: api_key, env: ${role.toUpperCase()}_JUDGE_API_KEY}
    auth_header: null
    max_tokens: 4096
    temperature: 0
    nvcf_backed: false
${extra}`;

async function dirWith(content: string): Promise<string> {
  const dir = (await makeTempDir('ef-judges-yaml-')).path;
  writeFileSync(join(dir, 'judges.yaml'), content);
  return dir;
}

describe('readJudgesConfig', () => {
  it('reads the roster in calling order gpt, llama, claude, then other roles', async () => {
    const dir = await dirWith(`judges:\n${entry('extra')}${entry('claude')}${entry('gpt')}${entry('llama')}`);
    const judges = readJudgesConfig(dir, 'mtsamples_replicate');
    expect(judges.map((j) => j.role)).toEqual(['gpt', 'llama', 'claude', 'extra']);
    expect(judges[2]).toMatchObject({
      provider: 'nvidia_anthropic',
      base_url: null,
      auth: { kind: 'api_key', env: 'CLAUDE_JUDGE_API_KEY' },
      max_tokens: 4096,
    });
    expect(isHelmJury(judges)).toBe(false);
    expect(isHelmJury(judges.slice(0, 3))).toBe(true);
    expect(isHelmJury(judges.slice(0, 2))).toBe(false);
  });

  it('reads the auth kinds judges.yaml may hold', async () => {
    const dir = await dirWith(
      `judges:\n${entry('gpt').replace(/auth: .*/, 'auth: {kind: auto, env: G, service: openai, scope: null}')}${entry('claude').replace(/auth: .*/, 'auth: {kind: oauth, service: anthropic, scope: s}')}${entry('llama').replace(/auth: .*/, 'auth: {kind: none}')}`,
    );
    expect(readJudgesConfig(dir, 'b').map((j) => j.auth)).toEqual([
      { kind: 'auto', env: 'G', service: 'openai', scope: null },
      { kind: 'none' },
      { kind: 'oauth', service: 'anthropic', scope: 's' },
    ]);
  });

  it.each([
    ['no file', null],
    ['an empty roster', 'judges: []\n'],
    ['a judge without model_id', `judges:\n${entry('gpt').replace(/ {4}model_id: .*\n/, '')}`],
    ['a repeated role', `judges:\n${entry('gpt')}${entry('gpt')}`],
    ['an unknown auth kind', `judges:\n${entry('gpt').replace(/auth: .*/, 'auth: {kind: magic}')}`],
  ])('rejects %s with EF_JUDGE_CONFIG', async (_what, content) => {
    const dir = content === null ? (await makeTempDir('ef-judges-none-')).path : await dirWith(content);
    expect(() => readJudgesConfig(dir, 'mtsamples_replicate')).toThrow(
      expect.objectContaining({ code: 'EF_JUDGE_CONFIG' }),
    );
  });
});
