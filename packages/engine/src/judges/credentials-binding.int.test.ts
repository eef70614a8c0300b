/**
 * Which credential reaches which endpoint (docs/configuration.md#judges), OAuth during a judged run (§9) and the
 * never-write rule for secrets (§11), against loopback fake model, judge and token servers.
 */
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_REQUEST_SETTINGS,
  type BenchmarkDefinition,
  type Instance,
  type PromptRequest,
} from '@eval-factory/types';
import {
  cleanupTempDirs,
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  JUDGE_TEMPLATE,
  makeTempDir,
  RUBRIC_CRITERIA,
  rubricReply,
  sha256Hex,
  startFakeJudgeServer,
  startFakeOAuthServer,
  writeJudgesYaml,
  type FakeJudgeServer,
  type JudgeSetup,
} from '@eval-factory/testkit';
import { redact } from '@eval-factory/errors';
import { createAuthContext, resolveModelKey } from '../auth/index.js';
import { disabledCache } from '../cache/index.js';
import { createModelClient, createSender, type ModelDeployment } from '../clients/index.js';
import { annotateAll } from '../runner/annotate.js';
import { openJuryStage } from './jury-stage.js';
import { planJury } from './plan-jury.js';

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((s) => s.close()));
});
afterAll(cleanupTempDirs);

const SENTINEL = 'sk-test-SENTINEL-0123456789abcdef';
const RETRY = { maxRetries: 1, timeoutMs: 5000, backoffBaseS: 0.001, backoffCapS: 0.01 };
const instance = (id: string): Instance => ({
  id,
  split: 'test',
  input: { text: `note ${id}` },
  references: [{ output: { text: `gold ${id}` }, tags: ['correct'] }],
});
const request = (id: string): PromptRequest => ({
  instance_id: id,
  train_trial_index: 0,
  prompt: `model prompt ${id}`,
  temperature: 0,
  max_tokens: 9,
  stop: [],
  top_p: null,
  num_completions: 1,
  top_k_per_token: 1,
});

function deployment(server: FakeJudgeServer, model: string): ModelDeployment {
  return {
    name: 'm',
    model_name: model,
    provider: 'openai_compatible',
    endpoint_type: 'chat',
    base_url: server.url,
    request_url: `${server.url}/chat/completions`,
    auth: { kind: 'api_key', env: 'MODEL_KEY' },
    nvcf: { enabled: false, backed: false, is_function: false, poll_seconds: 1800 },
    max_tokens_field: 'max_tokens',
    request_settings: DEFAULT_REQUEST_SETTINGS,
  };
}

/** The model stage, then the judge stage, as run-benchmark wires them: one auth context, credentials by role. */
async function evaluate(o: {
  model: string;
  judges: (s: FakeJudgeServer) => JudgeSetup[];
  env: NodeJS.ProcessEnv;
  server?: FakeJudgeServer;
  ids?: string[];
  between?: () => void;
}) {
  const server = o.server ?? (await startFakeJudgeServer());
  closers.push(server);
  const root = (await makeTempDir('ef-bind-')).path;
  const out = join(root, 'out');
  writeJudgesYaml(join(out, 'model_configs'), o.judges(server));
  const logs: string[] = [];
  const log = (m: string) => logs.push(redact(m));
  const auth = createAuthContext({
    outputDir: out,
    log,
    warn: (c, m) => log(`${c}: ${m}`),
    platform: {
      env: { EVAL_FACTORY_TOKEN_DIR: join(root, 'tokens'), ...o.env },
      platform: 'linux',
      home: root,
      cwd: root,
    },
  });
  const dep = deployment(server, o.model);
  const plan = planJury({
    spec: { annotator: 'jury', template: JUDGE_TEMPLATE, criteria: RUBRIC_CRITERIA },
    benchmark: 'b',
    modelConfigsDir: join(out, 'model_configs'),
    auth,
    retry: RETRY,
    engineVersion: 't',
  });
  const model = createModelClient({
    deployment: dep,
    send: createSender(dep, resolveModelKey(dep.auth, auth)),
    cache: disabledCache,
    policy: { ...RETRY, nvcfBacked: false },
    engineVersion: 't',
  });
  const ids = o.ids ?? ['i1'];
  for (const id of ids) await model.call(request(id));
  const stage = await openJuryStage(plan, {
    outputDir: out,
    cacheSetup: { file: join(out, 'cache.db'), redisUrl: null, unitsOf: null },
    warn: (c, m) => log(`${c}: ${m}`),
  });
  const annotations = [];
  try {
    for (const id of ids) {
      annotations.push(
        ...(await annotateAll({
          benchmark: { annotators: [] } as unknown as BenchmarkDefinition,
          items: [{ instance: instance(id), request: request(id), texts: [`answer ${id}`] }],
          ctx: { resources: {}, warn: () => undefined, log },
          parallelism: 1,
          signal: new AbortController().signal,
          after: [stage.jury.annotator],
        })),
      );
      o.between?.();
    }
  } finally {
    await stage.close();
  }
  return { server, root, out, logs, annotations, counts: stage.jury.counts() };
}

const bearer = (v: string) => ({ authorization: sha256Hex(`Bearer ${v}`) });
const ROSTER = (s: FakeJudgeServer): JudgeSetup[] => [
  { role: 'gpt', server: s, model_id: 'gpt-4o' },
  { role: 'llama', server: s, model_id: 'meta/llama-3.3-70b-instruct' },
  { role: 'claude', server: s, anthropic: true, model_id: 'claude-3-7-sonnet-20250219' },
];

describe('credentials are bound to the role, never to a model name (§8)', () => {
  const env = {
    MODEL_KEY: 'model-key-0123456789-MMMM',
    LLAMA_JUDGE_API_KEY: 'llama-key-0123456789-LLLL',
    GPT_JUDGE_API_KEY: 'gpt-key-0123456789-GGGG',
    CLAUDE_JUDGE_API_KEY: 'claude-key-0123456789-CCCC',
    OPENAI_API_KEY: 'openai-key-0123456789-OOOO',
  };

  it.each([
    'meta/llama-3.3-70b-instruct',
    'gpt-4o',
    'claude-3-7-sonnet-20250219',
  ])('evaluated model %s: each client sends only its own credential', async (model) => {
    const { server } = await evaluate({ model, judges: ROSTER, env });
    const seen = server.requests.map((r) => {
      const body = r.body as { messages: { content: string }[] };
      const who =
        r.protocol === 'anthropic'
          ? 'claude'
          : body.messages[0].content.startsWith('model prompt')
            ? 'model'
            : (r.body as { model: string }).model;
      return [who, r.credentials];
    });
    expect(seen).toEqual([
      ['model', bearer(env.MODEL_KEY)],
      ['gpt-4o', bearer(env.GPT_JUDGE_API_KEY)],
      ['meta/llama-3.3-70b-instruct', bearer(env.LLAMA_JUDGE_API_KEY)],
      ['claude', bearer(env.CLAUDE_JUDGE_API_KEY)],
    ]);
  });

  it('a judge without its own key falls back to OPENAI_API_KEY; the model still gets MODEL_KEY only', async () => {
    const { server, logs } = await evaluate({
      model: 'meta/llama-3.3-70b-instruct',
      judges: ROSTER,
      env: { ...env, LLAMA_JUDGE_API_KEY: '' },
    });
    expect(server.requests.map((r) => r.credentials)).toEqual([
      bearer(env.MODEL_KEY),
      bearer(env.GPT_JUDGE_API_KEY),
      bearer(env.OPENAI_API_KEY),
      bearer(env.CLAUDE_JUDGE_API_KEY),
    ]);
    expect(logs).toContain('LLAMA_JUDGE_API_KEY is not set, setting to OPENAI_API_KEY');
  });
});

describe('OAuth during a judged run and secret hygiene (§9, §11)', () => {
  it('an expired token is refreshed without failing any call, and no secret reaches a file or a log line', async () => {
    const oauth = await startFakeOAuthServer({ expiresIn: 3600 });
    closers.push(oauth);
    const tokenOf = (h: string | string[] | undefined) => (typeof h === 'string' ? h.replace(/^Bearer /, '') : '');
    // The gateway accepts live OAuth tokens, and echoes the key in its error for one request (as OpenAI does).
    const server = await startFakeJudgeServer({
      authorize: (h, q) => q.protocol === 'openai' || oauth.isValid(tokenOf(h.authorization)),
      reply: (q) =>
        q.prompt.includes('answer i2') && q.model === 'gpt-4o'
          ? { status: 400, body: { error: { message: `Incorrect API key provided: ${SENTINEL}` } } }
          : rubricReply(),
    });
    const judges = (s: FakeJudgeServer): JudgeSetup[] => [
      { role: 'gpt', server: s, model_id: 'gpt-4o' },
      {
        role: 'claude',
        server: s,
        anthropic: true,
        auth: { kind: 'auto', env: 'CLAUDE_JUDGE_API_KEY', service: 'anthropic', scope: null },
      },
    ];
    const env = {
      MODEL_KEY: SENTINEL,
      GPT_JUDGE_API_KEY: SENTINEL,
      OPENAI_CLIENT_ID: FAKE_CLIENT_ID,
      OPENAI_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      OPENAI_TOKEN_URL: oauth.url,
    };
    const r = await evaluate({
      model: 'm',
      judges,
      env,
      server,
      ids: ['i1', 'i2', 'i3'],
      between: () => oauth.revoke(oauth.issued.at(-1) as string),
    });
    expect(r.counts.per_judge.claude).toEqual({ calls: 3, failed_calls: 0, parse_failures: {} });
    expect(r.counts.per_judge.gpt).toMatchObject({ failed_calls: 1 });
    expect(oauth.issued.length).toBeGreaterThanOrEqual(3);
    expect(oauth.requests.every((q) => q.scope === 'awsanthropic-readwrite')).toBe(true);
    const tokenFile = join(r.root, 'tokens', 'anthropic_oauth_token.json');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const secrets = [SENTINEL, FAKE_CLIENT_SECRET, ...oauth.issued];
    const files = readdirSync(r.out, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
    expect(files.some((f) => f.endsWith('judges.jsonl'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file).toString('latin1');
      for (const s of secrets) expect({ file, leaked: text.includes(s) }).toEqual({ file, leaked: false });
    }
    for (const s of secrets) expect(r.logs.join('\n')).not.toContain(s);
    const failed = (r.annotations[1] as { annotations: Record<string, any> }).annotations.jury.judges.gpt;
    expect(failed).toMatchObject({
      ok: false,
      error_kind: 'bad_request',
      message: 'HTTP 400: 400 Incorrect API key provided: ***cdef',
    });
  });
});
