/**
 * logs/eval-factory.log has the lines the NVIDIA HELM fork's troubleshooting tells users to grep
 * (docs/configuration.md#logs): the judge key in use, OAuth token creation and refresh, authentication errors and
 * rate limits, each once per cause and then with its count; `--debug` adds one line per request. The console shows
 * none of them, and no secret (only the last four characters of a key) reaches the log. Real processes against
 * the testkit's loopback model, judge and OAuth servers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  rubricReply,
  startFakeJudgeServer,
  startFakeOAuthServer,
  startFakeOpenAIServer,
  type FakeJudgeServer,
  type FakeOAuthServer,
  type FakeOpenAIServer,
} from '@eval-factory/testkit';
import { fixture, runCli, tempDir, writeRunConfig } from './support.js';

const MODEL_KEY = 'sk-test-SENTINEL-model-0123456789-m0d3';
const LLAMA_KEY = 'nvapi-SENTINEL-llama-0123456789-LL4M';

let model: FakeOpenAIServer;
let judges: FakeJudgeServer;
let oauth: FakeOAuthServer;
let gptCalls = 0;
beforeAll(async () => {
  oauth = await startFakeOAuthServer({ expiresIn: 3600 });
  model = await startFakeOpenAIServer({
    requireApiKey: MODEL_KEY,
    answer: () => 'Rest, fluids, and follow up in one week.',
  });
  const tokenOf = (h: string | string[] | undefined) => (typeof h === 'string' ? h.replace(/^Bearer /, '') : '');
  judges = await startFakeJudgeServer({
    // The gpt judge sits behind the OAuth gateway: after its first call the token is revoked, so the next is a 401.
    authorize: (h, q) => q.model !== 'judge-gpt' || oauth.isValid(tokenOf(h.authorization)),
    reply: (q) => {
      if (q.model === 'judge-gpt' && ++gptCalls === 1) oauth.revoke(oauth.issued.at(-1) as string);
      return rubricReply({ accuracy: 4, completeness: 3, clarity: 5 });
    },
  });
});
afterAll(async () => {
  await Promise.all([model.close(), judges.close(), oauth.close()]);
});

function runConfig(out: string): string {
  const judge = (model_id: string, auth: string) => ({
    enabled: true,
    provider: 'openai_compatible',
    url: judges.url,
    model_id,
    auth,
    oauth_service: 'openai',
    max_tokens: 512,
    temperature: 0,
  });
  return writeRunConfig(tempDir(), {
    config: {
      type: 'mtsamples_replicate',
      output_dir: out,
      params: {
        limit_samples: 3,
        parallelism: 1,
        extra: {
          data_path: join(fixture('mtsamples_replicate'), 'mtsamples_processed'),
          judges: {
            gpt: judge('judge-gpt', 'oauth'),
            llama: judge('judge-llama', 'api_key'),
            claude: { enabled: false },
          },
        },
      },
    },
    target: { api_endpoint: { url: model.url, model_id: 'm', type: 'chat', api_key_name: 'MODEL_KEY' } },
  });
}

async function run(args: readonly string[], env: Record<string, string>) {
  const out = join(tempDir(), 'out');
  const r = await runCli(['run_eval', '--run_config', runConfig(out), ...args], {
    env: {
      EVAL_FACTORY_TOKEN_DIR: join(tempDir(), 'tokens'),
      OPENAI_TOKEN_URL: oauth.url,
      OPENAI_CLIENT_ID: FAKE_CLIENT_ID,
      OPENAI_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      LLAMA_JUDGE_API_KEY: LLAMA_KEY,
      ...env,
    },
  });
  return { ...r, out, log: readFileSync(join(out, 'logs', 'eval-factory.log'), 'utf8') };
}

const GREPS = [
  /judge key: /,
  /oauth token created/,
  /oauth token refreshed/,
  /auth error 40[13]/,
  /rate limited 429 retry-after/,
  /^\S+ debug: /m,
];
const lines = (log: string, pattern: RegExp) => log.split('\n').filter((l) => pattern.test(l));

describe('logs/eval-factory.log: the lines a NeMo/HELM user greps for', () => {
  it('judge keys, OAuth creation and refresh, a 401 and 429s: once per cause, then counted; quiet console; no secret', async () => {
    gptCalls = 0;
    // The first two model requests are rate limited (Retry-After: 0), then every one is answered.
    model.setScript([
      { kind: 'rate_limit', retryAfter: 0 },
      { kind: 'rate_limit', retryAfter: 0 },
    ]);
    const r = await run([], { MODEL_KEY });
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);

    expect(lines(r.log, /judge key: gpt: OAuth client credentials \(service openai/)).toHaveLength(1);
    expect(lines(r.log, /judge key: gpt: \d+ times? in this run$/)).toEqual([]); // one occurrence: one line
    expect(lines(r.log, /judge key: llama: LLAMA_JUDGE_API_KEY is set \(ends with "LL4M"\)$/)).toHaveLength(1);
    expect(lines(r.log, /model key: .*MODEL_KEY is set \(ends with "m0d3"\)$/)).toHaveLength(1);
    expect(
      lines(
        r.log,
        /oauth token created \(service openai, scope azureopenai-readwrite, token URL http:\/\/127\.0\.0\.1:\d+\/oauth\/token\)$/,
      ),
    ).toHaveLength(1);
    expect(
      lines(r.log, /oauth token refreshed \(service openai.*\): the server rejected the previous token$/),
    ).toHaveLength(1);
    expect(
      lines(
        r.log,
        /auth error 401 \(judge gpt http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\): the OAuth token was rejected/,
      ),
    ).toHaveLength(1);
    expect(lines(r.log, /rate limited 429 retry-after \(model .*\): Retry-After 0 s honoured$/)).toHaveLength(1);
    expect(lines(r.log, /rate limited 429 retry-after \(model .*\): 2 times in this run$/)).toHaveLength(1);
    expect(lines(r.log, /debug: /)).toEqual([]);

    for (const pattern of GREPS) expect(lines(r.stderr + r.stdout, pattern)).toEqual([]);
    for (const secret of [MODEL_KEY, LLAMA_KEY, FAKE_CLIENT_SECRET, ...oauth.issued])
      expect(r.log.includes(secret)).toBe(false);
  });

  it('an endpoint refusing the key: one auth error line for the model', async () => {
    model.setScript([]);
    const r = await run([], { MODEL_KEY: 'sk-test-wrong-key-0123456789-wr0n' });
    expect(r.code).toBe(1);
    expect(lines(r.log, /auth error 401 \(model .*\): HTTP 401/)).toHaveLength(1);
    expect(r.log).not.toContain('sk-test-wrong-key-0123456789');
  });

  it('--debug adds one line per model request (and per attempt), still only in the log', async () => {
    model.setScript([]);
    const r = await run(['--debug'], { MODEL_KEY });
    expect(r.code).toBe(0);
    const perRequest = lines(
      r.log,
      /debug: model request \S+ trial 0: answered after 1 attempt\(s\) in [\d.]+ s, finish_reason stop/,
    );
    // One per request sent: the three instances and their corrected variants (instances.jsonl).
    expect(perRequest).toHaveLength(readFileSync(join(r.out, 'instances.jsonl'), 'utf8').trim().split('\n').length);
    expect(perRequest.length).toBeGreaterThanOrEqual(3);
    expect(lines(r.log, /debug: judge gpt .*: attempt 1 ok in/).length).toBeGreaterThan(0);
    expect(lines(r.stderr, /debug: /)).toEqual([]);
  });
});
