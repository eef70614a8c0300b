/**
 * A HELM team's own inputs, unchanged, through the real CLI: MedHELM's real run_entries_medhelm_public.conf
 * (../shared/helm, read in place; the test is skipped where it is absent) and a `--local-path` prod_env holding
 * HELM's model_deployments.yaml (two models and the three judge deployments of HELM's medhelm/judges.yaml, all on
 * loopback fake servers) and credentials.conf (the only place the keys are). With --skip-unavailable every entry
 * with data runs, the judged ones scored by the prod_env's judges, each server gets exactly its own key, and no key
 * is in any file or output.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  rubricReply,
  startFakeJudgeServer,
  startFakeOpenAIServer,
  type FakeJudgeServer,
  type FakeOpenAIServer,
} from '@eval-factory/testkit';
import { writeFixtureDocx } from '../packages/benchmarks/test-support/race_based_med/docx-fixture.js';
import { fixture, linkFixtures, readTree, REPO_ROOT, runCli, tempDir, writeRunConfig } from './support.js';

const PUBLIC_CONF = join(REPO_ROOT, '..', 'shared', 'helm', 'run_entries_medhelm_public.conf');
/** Two models of the conf, and the judges of HELM's medhelm/judges.yaml (deployment → served name). */
const MODELS = {
  'google/gemini-2.0-flash-001': 'stanfordhealthcare/gemini-2.0-flash-001',
  'openai/gpt-4o-mini-2024-07-18': 'stanfordhealthcare/gpt-4o-mini-2024-07-18',
} as const;
const JUDGES = {
  'stanfordhealthcare/gpt-4o-2024-05-13': 'served-gpt-judge',
  'stanfordhealthcare/llama-3.3-70b-instruct': 'served-llama-judge',
  'stanfordhealthcare/claude-3-7-sonnet-20250219': 'served-claude-judge',
} as const;
/** One key per deployment, in credentials.conf's `deployments { … }` only. */
const KEYS: Record<string, string> = Object.fromEntries(
  [...Object.values(MODELS), ...Object.keys(JUDGES)].map((d, i) => [d, `sk-SENTINEL-${i}-${'q'.repeat(24)}${i}`]),
);
const BENCHMARKS = [
  'aci_bench',
  'ehr_sql',
  'head_qa',
  'med_dialog',
  'medbullets',
  'medcalc_bench',
  'medec',
  'medhallu',
  'medhelm_med_mcqa',
  'medhelm_med_qa',
  'medi_qa',
  'medication_qa',
  'mtsamples_procedures',
  'mtsamples_replicate',
  'pubmed_qa',
  'race_based_med',
];
const JUDGED = ['aci_bench', 'med_dialog', 'medi_qa', 'medication_qa', 'mtsamples_procedures', 'mtsamples_replicate'];
const hash = (key: string) => createHash('sha256').update(`Bearer ${key}`).digest('hex');

const servers: FakeOpenAIServer[] = [];
let judges: FakeJudgeServer;
beforeAll(async () => {
  for (const deployment of Object.values(MODELS))
    servers.push(await startFakeOpenAIServer({ requireApiKey: KEYS[deployment]! }));
  const keyOf = Object.fromEntries(Object.entries(JUDGES).map(([d, served]) => [served, KEYS[d]!]));
  judges = await startFakeJudgeServer({
    reply: () => rubricReply(),
    // A served name of no prod_env deployment (a --judges roster's) needs no key.
    authorize: (headers, request) => {
      const key = keyOf[request.model ?? ''];
      return key === undefined || headers.authorization === `Bearer ${key}`;
    },
  });
});
afterAll(async () => {
  await Promise.all([...servers.map((s) => s.close()), judges?.close()]);
});

function writeProdEnv(dir: string): string {
  const env = join(dir, 'prod_env');
  mkdirSync(env, { recursive: true });
  const deployment = (name: string, model: string, url: string, served: string) =>
    `  - name: ${name}\n    model_name: ${model}\n    tokenizer_name: openai/o200k_base\n    max_sequence_length: 128000\n` +
    `    client_spec:\n      class_name: "helm.clients.openai_client.OpenAIClient"\n` +
    `      args: {base_url: "${url}", openai_model_name: ${served}}\n`;
  const models = Object.entries(MODELS).map(([m, d], i) => deployment(d, m, servers[i]!.url, d.split('/')[1]!));
  const jury = Object.entries(JUDGES).map(([d, served]) => deployment(d, `judge/${served}`, judges.url, served));
  writeFileSync(join(env, 'model_deployments.yaml'), `model_deployments:\n${[...models, ...jury].join('')}`);
  const creds = Object.entries(KEYS).map(([d, k]) => `  "${d}": "${k}"`);
  writeFileSync(join(env, 'credentials.conf'), `deployments {\n${creds.join('\n')}\n}\n`);
  return env;
}

/** The run-spec names HELM's MedHELM functions give the conf's entries (src/helm/benchmark/run_specs/). */
const HELM_SPEC_NAMES = [
  'aci_bench',
  'ehr_sql',
  'head_qa:language=en,category=None',
  'med_dialog,subset=healthcaremagic',
  'med_dialog,subset=icliniq',
  'med_mcqa',
  'med_qa',
  'medbullets',
  'medcalc_bench',
  'medec',
  'medhallu',
  'medi_qa',
  'medication_qa',
  'mtsamples_procedures',
  'mtsamples_replicate',
  'pubmed_qa',
  'race_based_med',
];

/** helm-run's run names: the spec's name, then its model and model_deployment expanders ('/' made '_'). */
const helmRunNames = (): string[] =>
  Object.entries(MODELS).flatMap(([model, deployment]) =>
    HELM_SPEC_NAMES.map(
      (n) =>
        `${n}${n.includes(':') ? ',' : ':'}model=${model.replace('/', '_')},model_deployment=${deployment.replace('/', '_')}`,
    ),
  );

/** Every benchmark's fixture (race_based_med's is a .docx the test support writes). */
async function dataRoot(root: string): Promise<string> {
  linkFixtures(
    root,
    BENCHMARKS.filter((b) => b !== 'race_based_med'),
  );
  symlinkSync(dirname(await writeFixtureDocx()), join(root, 'race_based_med'));
  return root;
}

(existsSync(PUBLIC_CONF) ? describe : describe.skip)("MedHELM's public conf with a HELM prod_env (issue 28)", () => {
  it('runs every entry with data, judged ones by the prod_env judges, keys only from credentials.conf', async () => {
    const dir = tempDir('ef-helm-prod-env-');
    const prodEnv = writeProdEnv(dir);
    const out = join(dir, 'out');
    const r = await runCli(
      [
        'run_suite',
        '--conf-paths',
        PUBLIC_CONF,
        '--suite',
        'medhelm',
        '--models-to-run',
        Object.keys(MODELS).join(','),
        '--local-path',
        prodEnv,
        '--data_root',
        await dataRoot(join(dir, 'data')),
        '--max-eval-instances',
        '2',
        '--skip-unavailable',
        '--output_dir',
        out,
      ],
      {
        env: {
          GPT_JUDGE_API_KEY: undefined,
          LLAMA_JUDGE_API_KEY: undefined,
          CLAUDE_JUDGE_API_KEY: undefined,
          OPENAI_API_KEY: undefined,
        },
      },
    );
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.stderr).not.toContain('error[');
    expect(r.code).toBe(0);
    // 17 jobs per model (med_dialog twice), 7 of them judged: 34 jobs, 14 judged, every one finished.
    const results = readTree(join(out, 'medhelm')).filter((f) => f.path.endsWith('/results.yml'));
    expect(results).toHaveLength(34);
    for (const f of results) expect(f.text).not.toMatch(/status: (error|partial)/);
    const judged = results.filter((f) => JUDGED.some((b) => f.path.includes(`/${b}`)));
    expect(judged).toHaveLength(14);
    // The judges are the prod_env's: each served name got requests, each with its own deployment's key only.
    const byModel = new Map<string, Set<string>>();
    for (const q of judges.requests) {
      const served = (q.body as { model: string }).model;
      byModel.set(served, (byModel.get(served) ?? new Set()).add(q.credentials.authorization ?? ''));
    }
    for (const [d, served] of Object.entries(JUDGES)) expect(byModel.get(served)).toEqual(new Set([hash(KEYS[d]!)]));
    expect(judges.requests.every((q) => q.status === 200)).toBe(true);
    // helm-run's names (issue 28.3): run names from HELM's run-spec names and its model expanders, in HELM's suite.
    const helmRuns = readdirSync(join(out, 'medhelm', 'helm', 'runs', 'medhelm')).sort();
    expect(helmRuns).toEqual(helmRunNames().sort());
    const spec = JSON.parse(
      readFileSync(join(out, 'medhelm', 'helm', 'runs', 'medhelm', helmRunNames()[0]!, 'run_spec.json'), 'utf8'),
    );
    expect([spec.adapter_spec.model, spec.adapter_spec.model_deployment]).toEqual(Object.entries(MODELS)[0]);
    // Judged runs carry the jury's verdicts where helm-server shows them: annotations[<scenario>] per request state.
    const judgedRun = helmRunNames().find((n) => n.startsWith('mtsamples_replicate:'))!;
    const state = JSON.parse(
      readFileSync(join(out, 'medhelm', 'helm', 'runs', 'medhelm', judgedRun, 'scenario_state.json'), 'utf8'),
    );
    expect(state.request_states[0].annotations.mtsamples_replicate).toMatchObject({
      prompt_text: expect.any(String),
      gpt: { accuracy: { score: 4 } },
      llama: { completeness: { score: 4 } },
      claude: { clarity: { score: 4 } },
    });
    // …while each server is sent the name it knows (openai_model_name).
    expect(new Set(servers[0]!.requests.map((q) => (q.body as { model: string }).model))).toEqual(
      new Set(['gemini-2.0-flash-001']),
    );
    // No key, nor its first half, in any file of the output or the prod_env's neighbours, or on the console.
    const texts = [r.stdout, r.stderr, ...readTree(out).map((f) => f.text)];
    for (const key of Object.values(KEYS))
      for (const text of texts) {
        expect(text).not.toContain(key);
        expect(text).not.toContain(key.slice(0, 16));
      }
  }, 600_000);
});

describe('the judges of a --conf-paths suite (issue 28.1)', () => {
  const NO_JUDGE_KEYS = {
    GPT_JUDGE_API_KEY: undefined,
    LLAMA_JUDGE_API_KEY: undefined,
    CLAUDE_JUDGE_API_KEY: undefined,
    OPENAI_API_KEY: undefined,
    OPENAI_CLIENT_ID: undefined,
    OPENAI_CLIENT_SECRET: undefined,
    EVAL_FACTORY_CREDENTIALS: '/nonexistent/credentials.yaml',
  };
  const base = (dir: string, conf: string, more: string[]) => {
    writeFileSync(join(dir, 'judged.conf'), `entries: [\n  ${conf}\n]\n`);
    return [
      'run_suite',
      '--conf-paths',
      join(dir, 'judged.conf'),
      '--suite',
      's',
      '--models-to-run',
      'google/gemini-2.0-flash-001',
      '--data_root',
      existsSync(join(dir, 'data')) ? join(dir, 'data') : linkFixtures(join(dir, 'data'), ['mtsamples_replicate']),
      '--max-eval-instances',
      '1',
      '--output_dir',
      join(dir, 'out'),
      ...more,
    ];
  };
  const entry = (args = '') =>
    `{description: "mtsamples_replicate:${args}model=google/gemini-2.0-flash-001,model_deployment=stanfordhealthcare/gemini-2.0-flash-001", priority: 1}`;

  it('judges without a credential are refused before anything is sent, with a hint for this dialect', async () => {
    const dir = tempDir('ef-conf-judges-');
    const before = judges.requests.length + servers[0]!.requests.length;
    const r = await runCli(base(dir, entry(), ['--model_url', servers[0]!.url]), { env: NO_JUDGE_KEYS });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[EF_JUDGE_AUTH_MISSING]');
    expect(r.stderr).toMatch(/^hint: .*--judges FILE/m);
    expect(r.stderr).not.toContain('set its auth in config.params.extra.judges');
    expect(judges.requests.length + servers[0]!.requests.length).toBe(before);
  });

  it('--judges takes a run_config roster without any prod_env; a role it leaves out is off', async () => {
    const dir = tempDir('ef-conf-judges-');
    const file = join(dir, 'judges.yml');
    writeFileSync(file, `judges:\n  gpt: {url: "${judges.url}", model_id: roster-judge, auth: none}\n`);
    const before = judges.requests.length;
    const r = await runCli(
      base(dir, entry(), ['--model_url', servers[0]!.url, '--api_key_name', 'GEMINI_KEY', '--judges', file]),
      { env: { ...NO_JUDGE_KEYS, GEMINI_KEY: KEYS['stanfordhealthcare/gemini-2.0-flash-001'] } },
    );
    expect(r.stderr).not.toContain('error[');
    expect(r.code).toBe(0);
    const sent = judges.requests.slice(before).map((q) => (q.body as { model: string }).model);
    expect(new Set(sent)).toEqual(new Set(['roster-judge']));
  });

  it("a run entry's jury_config_path (HELM's format) picks its judges from prod_env; a deployment it lacks is refused", async () => {
    const dir = tempDir('ef-conf-judges-');
    const prodEnv = writeProdEnv(dir);
    const jury = join(dir, 'jury.yaml');
    writeFileSync(
      jury,
      'judges:\n  - {name: claude, model: anthropic/x, model_deployment: stanfordhealthcare/claude-3-7-sonnet-20250219}\n',
    );
    const before = judges.requests.length;
    const ok = await runCli(base(dir, entry(`jury_config_path=${jury},`), ['--local-path', prodEnv]), {
      env: NO_JUDGE_KEYS,
    });
    expect(ok.stderr).not.toContain('error[');
    expect(ok.code).toBe(0);
    const sent = judges.requests.slice(before).map((q) => (q.body as { model: string }).model);
    expect(new Set(sent)).toEqual(new Set(['served-claude-judge']));
    writeFileSync(jury, 'judges:\n  - {name: gpt, model: openai/x, model_deployment: elsewhere/gpt}\n');
    const missing = await runCli(base(dir, entry(`jury_config_path=${jury},`), ['--local-path', prodEnv]), {
      env: NO_JUDGE_KEYS,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error[EF_JUDGE_CONFIG]');
    expect(missing.stderr).toContain('no deployment elsewhere/gpt');
    expect(judges.requests.length).toBe(before + sent.length);
  });
});

describe("helm-run's names with --local-path (issue 28.3)", () => {
  it('two HELM models behind one served name stay two models; --model_url gives the same run names', async () => {
    const dir = tempDir('ef-helm-names-');
    const env = join(dir, 'prod_env');
    mkdirSync(env);
    const deployment = (name: string, model: string) =>
      `  - name: ${name}\n    model_name: ${model}\n    client_spec:\n      class_name: "helm.clients.openai_client.OpenAIClient"\n      args: {base_url: "${servers[1]!.url}", openai_model_name: shared-served}\n`;
    writeFileSync(
      join(env, 'model_deployments.yaml'),
      `model_deployments:\n${deployment('lab/alpha', 'acme/alpha')}${deployment('lab/beta', 'acme/beta')}`,
    );
    const key = KEYS['stanfordhealthcare/gpt-4o-mini-2024-07-18']!;
    writeFileSync(join(env, 'credentials.conf'), `labApiKey: "${key}"\n`);
    writeFileSync(
      join(dir, 'names.conf'),
      'entries: [\n  {description: "pubmed_qa:model=acme/alpha,model_deployment=lab/alpha", priority: 1},\n' +
        '  {description: "pubmed_qa:model=acme/beta,model_deployment=lab/beta", priority: 1}\n]\n',
    );
    const run = (out: string, models: string, more: string[], env: Record<string, string> = {}) =>
      runCli(
        [
          'run_suite',
          '--conf-paths',
          join(dir, 'names.conf'),
          '--suite',
          's',
          '--models-to-run',
          models,
          '--data_root',
          existsSync(join(dir, 'data')) ? join(dir, 'data') : linkFixtures(join(dir, 'data'), ['pubmed_qa']),
          '--max-eval-instances',
          '1',
          '--output_dir',
          join(dir, out),
          ...more,
        ],
        { env },
      );
    const local = await run('local', 'acme/alpha,acme/beta', ['--local-path', env]);
    expect(local.stderr).not.toContain('error[');
    expect(local.code).toBe(0);
    const board = readFileSync(join(dir, 'local', 's', 'leaderboard.md'), 'utf8');
    expect(board).toContain('2 run(s), 2 model(s), 1 benchmark(s)');
    expect(board).toMatch(/^\| acme\/alpha \|/m);
    expect(board).toMatch(/^\| acme\/beta \|/m);
    const byUrl = await run('url', 'acme/alpha', ['--model_url', servers[1]!.url, '--api_key_name', 'K'], { K: key });
    expect(byUrl.code).toBe(0);
    const runs = (out: string) => readdirSync(join(dir, out, 's', 'helm', 'runs', 's')).sort();
    expect(runs('local')).toEqual([
      'pubmed_qa:model=acme_alpha,model_deployment=lab_alpha',
      'pubmed_qa:model=acme_beta,model_deployment=lab_beta',
    ]);
    expect(runs('url')).toEqual(['pubmed_qa:model=acme_alpha,model_deployment=lab_alpha']);
  });
});

describe('the HELM suite folder holds only runs helm-run would have finished (issue 28.4)', () => {
  it('a job that ended in error is left out of helm/runs/<suite>/ and named; the finished one is linked', async () => {
    const failing = await startFakeOpenAIServer({ faults: () => ({ kind: 'server_error', status: 500 }) });
    try {
      const dir = tempDir('ef-helm-finished-');
      const env = join(dir, 'prod_env');
      mkdirSync(env);
      const deployment = (name: string, model: string, url: string) =>
        `  - name: ${name}\n    model_name: ${model}\n    client_spec:\n      class_name: "helm.clients.openai_client.OpenAIClient"\n      args: {base_url: "${url}"}\n`;
      writeFileSync(
        join(env, 'model_deployments.yaml'),
        `model_deployments:\n${deployment('lab/alpha', 'acme/alpha', servers[1]!.url)}${deployment('lab/beta', 'acme/beta', failing.url)}`,
      );
      writeFileSync(
        join(env, 'credentials.conf'),
        `labApiKey: "${KEYS['stanfordhealthcare/gpt-4o-mini-2024-07-18']}"\n`,
      );
      writeFileSync(join(dir, 'one.conf'), 'entries: [\n  {description: "pubmed_qa:model=text", priority: 1}\n]\n');
      const r = await runCli([
        'run_suite',
        '--conf-paths',
        join(dir, 'one.conf'),
        '--suite',
        's',
        '--models-to-run',
        'acme/alpha,acme/beta',
        '--local-path',
        env,
        '--data_root',
        linkFixtures(join(dir, 'data'), ['pubmed_qa']),
        '--max-eval-instances',
        '2',
        '--output_dir',
        join(dir, 'out'),
      ]);
      expect(r.stderr).toMatch(/error +acme\/beta +pubmed_qa/);
      expect(readdirSync(join(dir, 'out', 's', 'helm', 'runs', 's'))).toEqual([
        'pubmed_qa:model=acme_alpha,model_deployment=lab_alpha',
      ]);
      expect(r.stderr).toContain(
        'not in the HELM suite (helm-run would have aborted them): acme_beta/pubmed_qa (error)',
      );
    } finally {
      await failing.close();
    }
  });
});

describe('jobs without data in a suite (issue 28.6)', () => {
  it('the dry run lists every one with its path and costs the rest; --skip-unavailable leaves them out', async () => {
    const dir = tempDir('ef-helm-nodata-');
    writeFileSync(
      join(dir, 'three.conf'),
      'entries: [\n  {description: "pubmed_qa:model=text", priority: 1},\n  {description: "head_qa:model=text", priority: 1},\n' +
        '  {description: "medbullets:model=text", priority: 1}\n]\n',
    );
    const data = linkFixtures(join(dir, 'data'), ['pubmed_qa']);
    const base = [
      'run_suite',
      '--conf-paths',
      join(dir, 'three.conf'),
      '--suite',
      's',
      '--models-to-run',
      'acme/alpha',
      '--model_url',
      servers[1]!.url,
      '--api_key_name',
      'K',
      '--data_root',
      data,
      '--max-eval-instances',
      '1',
      '--output_dir',
      join(dir, 'out'),
    ];
    const env = { K: KEYS['stanfordhealthcare/gpt-4o-mini-2024-07-18'] };
    const dry = await runCli([...base, '--dry_run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`acme/alpha head_qa (no data in ${join(data, 'head_qa')})`);
    expect(dry.stdout).toContain(`acme/alpha medbullets (no data in ${join(data, 'medbullets')})`);
    expect(dry.stdout).toMatch(/cost per endpoint .*\n {2}acme\/alpha: 1 units, 1 requests/);
    expect(dry.stdout).not.toContain('not costed');
    const before = servers[1]!.requests.length;
    const r = await runCli([...base, '--skip-unavailable'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning[EF_SUITE_UNAVAILABLE]: not run (no data): acme/alpha head_qa');
    expect(r.stderr).not.toContain('EF_DATA_NOT_FOUND');
    expect(servers[1]!.requests.length).toBe(before + 1);
  });
});

describe('extra.prompt_texts: the dry run refuses what the run refuses (issue 28.5)', () => {
  it('a key other than the prompt texts is EF_PROMPT_TEXTS for --dry_run as for the run; a valid file passes', async () => {
    const dir = tempDir('ef-prompt-texts-');
    const config = (texts: string) => {
      writeFileSync(join(dir, 'texts.yaml'), texts);
      return writeRunConfig(dir, {
        config: {
          type: 'pubmed_qa',
          output_dir: join(dir, 'out'),
          params: {
            limit_samples: 1,
            extra: { data_path: fixture('pubmed_qa'), prompt_texts: join(dir, 'texts.yaml') },
          },
        },
        target: { api_endpoint: { url: servers[1]!.url, model_id: 'm', type: 'chat' } },
      });
    };
    const bad = await runCli(['run_eval', '--run_config', config('pubmed_qa:\n  judge_template: x\n'), '--dry_run']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('error[EF_PROMPT_TEXTS]');
    const good = await runCli([
      'run_eval',
      '--run_config',
      config('pubmed_qa:\n  instructions: Answer.\n'),
      '--dry_run',
    ]);
    expect(good.stderr).not.toContain('EF_PROMPT_TEXTS');
    expect(good.code).toBe(0);
  });
});
