import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchmarkDefinition, Instance, JurySpec, PromptRequest } from '@eval-factory/types';
import {
  cleanupTempDirs,
  JUDGE_TEMPLATE,
  makeTempDir,
  MALFORMED_REPLY,
  REFUSAL_REPLY,
  RUBRIC_CRITERIA,
  rubricReply,
  startFakeJudgeServer,
  writeJudgesYaml,
  type FakeJudgeOptions,
  type FakeJudgeServer,
  type JudgeSetup,
} from '@eval-factory/testkit';
import { redact } from '@eval-factory/errors';
import { createAuthContext } from '../auth/index.js';
import { annotateAll } from '../runner/annotate.js';
import { openJuryStage } from './jury-stage.js';
import { planJury } from './plan-jury.js';

const SPEC: JurySpec = { annotator: 'jury', template: JUDGE_TEMPLATE, criteria: RUBRIC_CRITERIA };
const ENV = {
  GPT_JUDGE_API_KEY: 'gpt-key-0123456789-GGGG',
  LLAMA_JUDGE_API_KEY: 'llama-key-0123456789-LLLL',
  CLAUDE_JUDGE_API_KEY: 'claude-key-0123456789-CCCC',
};

const servers: FakeJudgeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(cleanupTempDirs);

async function server(opts: FakeJudgeOptions = {}): Promise<FakeJudgeServer> {
  const s = await startFakeJudgeServer(opts);
  servers.push(s);
  return s;
}

const instance = (id: string): Instance => ({
  id,
  split: 'test',
  input: { text: `note ${id}` },
  references: [{ output: { text: `gold ${id}` }, tags: ['correct'] }],
});
const request = (id: string): PromptRequest => ({
  instance_id: id,
  train_trial_index: 0,
  prompt: `p ${id}`,
  temperature: 0,
  max_tokens: 9,
  stop: [],
  top_p: null,
  num_completions: 1,
  top_k_per_token: 1,
});

/** Runs the judge stage as a run does (planJury → openJuryStage → annotateAll) over `answers`. */
async function runJury(
  judges: readonly JudgeSetup[],
  answers: Readonly<Record<string, string>>,
  o: { root?: string; env?: NodeJS.ProcessEnv } = {},
) {
  const root = o.root ?? (await makeTempDir('ef-jury-')).path;
  const out = join(root, 'out');
  writeJudgesYaml(join(out, 'model_configs'), judges);
  const logs: string[] = [];
  const log = (m: string) => logs.push(redact(m));
  const env = { EVAL_FACTORY_TOKEN_DIR: join(root, 'tokens'), ...(o.env ?? ENV) };
  const auth = createAuthContext({
    outputDir: out,
    log,
    warn: (c, m) => log(`warning[${c}]: ${m}`),
    platform: { env, platform: 'linux', home: root, cwd: root },
  });
  const retry = { maxRetries: 2, timeoutMs: 5000, backoffBaseS: 0.001, backoffCapS: 0.01 };
  const plan = planJury({
    spec: SPEC,
    benchmark: 'judged_fixture',
    modelConfigsDir: join(out, 'model_configs'),
    auth,
    retry,
    engineVersion: 'test',
  });
  const stage = await openJuryStage(plan, {
    outputDir: out,
    cacheSetup: { file: join(out, 'cache.db'), redisUrl: null, unitsOf: null },
    warn: () => undefined,
  });
  const ids = Object.keys(answers);
  let annotations;
  try {
    annotations = await annotateAll({
      benchmark: { annotators: [] } as unknown as BenchmarkDefinition,
      items: ids.map((id) => ({ instance: instance(id), request: request(id), texts: [answers[id] as string] })),
      ctx: { resources: {}, warn: () => undefined, log },
      parallelism: 1,
      signal: new AbortController().signal,
      after: [stage.jury.annotator],
    });
  } finally {
    await stage.close();
  }
  const file = join(out, 'responses', 'judges.jsonl');
  const lines = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, any>)
    : [];
  const jury = (i: number) => (annotations[i] as { ok: true; annotations: Record<string, any> }).annotations?.jury;
  return {
    root,
    out,
    annotations,
    jury,
    lines,
    logs,
    counts: stage.jury.counts(),
    fatal: stage.jury.fatal(),
    warning: stage.jury.failureWarning(),
    plan,
  };
}

async function threeJudges(
  openai: FakeJudgeOptions = {},
  claude: FakeJudgeOptions = {},
): Promise<{ a: FakeJudgeServer; b: FakeJudgeServer; judges: JudgeSetup[] }> {
  const a = await server(openai);
  const b = await server(claude);
  return {
    a,
    b,
    judges: [
      { role: 'claude', server: b, anthropic: true },
      { role: 'gpt', server: a },
      { role: 'llama', server: a },
    ],
  };
}

describe('jury annotator (docs/configuration.md#judges)', () => {
  it('asks gpt, llama, claude in order, skips empty answers, logs every call and counts', async () => {
    const { a, b, judges } = await threeJudges();
    const r = await runJury(judges, { i1: 'Plan: rest.', i2: '  \n ', i3: 'Plan: {{GOLD_RESPONSE}} $&' });
    expect(r.plan.helmCompatible).toBe(true);
    expect(r.jury(1)).toEqual({ prompt_text: null, empty_output_equivalence_judgement: false, judges: {} });
    const first = r.jury(0);
    expect(first.prompt_text).toBe(
      'Patient: note i1\nResponse: Plan: rest.\nGold: gold i1\nScore accuracy, completeness and clarity from 1 to 5 as JSON.',
    );
    expect(Object.keys(first.judges)).toEqual(['gpt', 'llama', 'claude']);
    expect(first.judges.gpt).toEqual({ ok: true, reply: rubricReply(), cached: false });
    expect(r.jury(2).prompt_text).toContain('Response: Plan: {{GOLD_RESPONSE}} $&\nGold: gold i3');
    expect(r.lines.map((l) => `${l.instance_id}:${l.judge}`)).toEqual([
      'i1:gpt',
      'i1:llama',
      'i1:claude',
      'i3:gpt',
      'i3:llama',
      'i3:claude',
    ]);
    expect(r.lines[0]).toMatchObject({
      request: {
        model: 'gpt-judge-model',
        messages: [{ role: 'user', content: first.prompt_text }],
        temperature: 0,
        max_tokens: 4096,
        n: 1,
      },
      result: { success: true, cached: false },
      parsed: { accuracy: 4, completeness: 4, clarity: 4 },
    });
    expect(JSON.stringify(r.lines)).not.toMatch(/authorization|Bearer/i);
    expect(a.requests.map((q) => (q.body as { model: string }).model)).toEqual([
      'gpt-judge-model',
      'llama-judge-model',
      'gpt-judge-model',
      'llama-judge-model',
    ]);
    expect(b.requests).toHaveLength(2);
    expect(r.counts).toEqual({
      calls: 6,
      failed_calls: 0,
      parse_failures: 0,
      unscored_instances: 0,
      per_judge: {
        gpt: { calls: 2, failed_calls: 0, parse_failures: {} },
        llama: { calls: 2, failed_calls: 0, parse_failures: {} },
        claude: { calls: 2, failed_calls: 0, parse_failures: {} },
      },
    });
    expect(r.warning).toBeNull();
  });

  it('counts malformed JSON, refusals and failed calls; retries 429s; warns above 10 %', async () => {
    const reply = (q: { model: string | null }) => (q.model === 'gpt-judge-model' ? MALFORMED_REPLY : REFUSAL_REPLY);
    const { judges } = await threeJudges(
      { reply },
      {
        script: [
          { status: 429, headers: { 'retry-after': '0' } },
          'ok',
          { status: 500 },
          { status: 500 },
          { status: 500 },
        ],
      },
    );
    const r = await runJury(judges, { i1: 'a', i2: 'b' });
    expect(r.jury(0).judges.claude).toMatchObject({ ok: true });
    expect(r.jury(1).judges.claude).toMatchObject({ ok: false, error_kind: 'server_error' });
    expect(r.counts).toMatchObject({ calls: 6, failed_calls: 1, parse_failures: 4, unscored_instances: 1 });
    expect(r.counts.per_judge).toEqual({
      gpt: { calls: 2, failed_calls: 0, parse_failures: { invalid_json: 2 } },
      llama: { calls: 2, failed_calls: 0, parse_failures: { no_json: 2 } },
      claude: { calls: 2, failed_calls: 1, parse_failures: {} },
    });
    expect(r.lines.find((l) => l.judge === 'llama')).toMatchObject({
      parse_error: 'no_json',
      result: { success: true, reply: REFUSAL_REPLY },
    });
    expect(r.lines.filter((l) => l.judge === 'claude').map((l) => l.result.success)).toEqual([true, false]);
    expect(r.warning).toContain('gpt on 2 of 2');
    expect(r.warning).toContain('claude on 1 of 2');
  });

  it.each([
    [401, 'EF_JUDGE_AUTH'],
    [404, 'EF_JUDGE_NOT_FOUND'],
  ])('a %i from a judge stops the judge stage with %s', async (status, code) => {
    const { judges } = await threeJudges({
      reply: (q) => (q.model === 'llama-judge-model' ? { status } : rubricReply()),
    });
    const r = await runJury(judges, { i1: 'a', i2: 'b' });
    expect(r.fatal).toMatchObject({ code, message: expect.stringContaining('judge llama') });
    expect(r.annotations.map((x) => x && !x.ok && x.reason)).toEqual([
      `annotator jury failed: not judged: the judge stage stopped (${code})`,
      `annotator jury failed: not judged: the judge stage stopped (${code})`,
    ]);
    expect(r.lines.map((l) => l.judge)).toEqual(['gpt', 'llama']);
  });

  it('a re-run answers every judge call from the cache (namespace judge)', async () => {
    const { a, b, judges } = await threeJudges();
    const first = await runJury(judges, { i1: 'a' });
    const sent = a.requests.length + b.requests.length;
    const again = await runJury(judges, { i1: 'a' }, { root: first.root });
    expect(a.requests.length + b.requests.length).toBe(sent);
    expect(Object.values(again.jury(0).judges).map((j: any) => j.cached)).toEqual([true, true, true]);
    expect(again.lines.every((l) => l.result.cached === true)).toBe(true);
  });

  it('a disabled judge makes the run not HELM-compatible', async () => {
    const { judges } = await threeJudges();
    const r = await runJury(judges.slice(0, 2), { i1: 'a' });
    expect(r.plan.helmCompatible).toBe(false);
  });

  it('a missing judge key fails before any call, naming the variable only', async () => {
    const { judges } = await threeJudges();
    await expect(
      runJury(judges, { i1: 'a' }, { env: { GPT_JUDGE_API_KEY: ENV.GPT_JUDGE_API_KEY } }),
    ).rejects.toMatchObject({ code: 'EF_JUDGE_AUTH_MISSING', message: expect.stringContaining('LLAMA_JUDGE_API_KEY') });
  });
});
