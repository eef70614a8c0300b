/**
 * What `run_suite` refuses, out loud, before it writes or sends anything, through the real CLI
 * against a loopback server: number flags that are not counts, a model no entry names, a suite with no job, a key
 * variable that is not set, a re-run whose settings differ from the finished jobs', and a second run_suite in the
 * same suite folder. Also `--data_root` for a suite YAML.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { CLI, fixture, linkFixtures, runCli, tempDir } from './support.js';

const CONF = `entries: [
  {description: "pubmed_qa:model=org/alpha", priority: 1},
  {description: "head_qa:model=org/alpha", priority: 2},
  {description: "pubmed_qa:model=org/beta", priority: 1},
]
`;

let server: FakeOpenAIServer;
let dir: string;
let dataRoot: string;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ models: ['org/alpha', 'org/beta'] });
  dir = tempDir('ef-suite-checks-');
  writeFileSync(join(dir, 'entries.conf'), CONF);
  writeFileSync(join(dir, 'empty.conf'), 'entries: [\n]\n');
  dataRoot = linkFixtures(join(dir, 'data'), ['pubmed_qa', 'head_qa']);
});
afterAll(async () => server.close());

const suite = (out: string, extra: string[] = [], conf = 'entries.conf') => [
  'run_suite',
  '--conf-paths',
  join(dir, conf),
  '--models-to-run',
  'org/alpha,org/beta',
  '--suite',
  'checks',
  '--output_dir',
  join(dir, out),
  '--model_url',
  server.url,
  '--data_root',
  dataRoot,
  ...extra,
];

/** A suite YAML `<name>.yml` of org/alpha on the server and the given `evaluation:` body; returns its path. */
function suiteYaml(name: string, evaluation: string): string {
  const file = join(dir, `${name}.yml`);
  writeFileSync(
    file,
    `suite: ${name}\ntargets:\n  - api_endpoint: {url: '${server.url}', model_id: org/alpha, type: chat}\nevaluation:\n${evaluation}`,
  );
  return file;
}

/** A refusal: its code on one line with a hint, the exit code, no stack, no folder, no request. */
async function refused(
  argv: string[],
  code: string,
  exit: number,
  out: string,
  env: Record<string, string | undefined> = {},
): Promise<string> {
  const before = server.requests.length;
  const r = await runCli(argv, { env });
  expect(r.stderr).toMatch(new RegExp(`^error\\[${code}\\]: .+\\nhint: .+`, 'm'));
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.code).toBe(exit);
  expect(server.requests.length).toBe(before);
  expect(existsSync(join(dir, out))).toBe(false);
  return r.stderr;
}

describe('run_suite refuses before writing or sending', () => {
  it.each([
    ['--max-eval-instances', '0'],
    ['--max-eval-instances', '0.02'],
    ['--max-eval-instances', 'abc'],
    ['--priority', 'abc'],
    ['--parallelism', '-3'],
  ])('%s %s: EF_USAGE naming the flag', async (flag, value) => {
    const stderr = await refused(suite('flags-out', [flag, value]), 'EF_USAGE', 2, 'flags-out');
    expect(stderr).toContain(`${flag} must be`);
  });

  it('a model of --models-to-run that no entry names: EF_SUITE_MODELS, not a missing leaderboard row', async () => {
    const argv = suite('models-out');
    argv[argv.indexOf('org/alpha,org/beta')] = 'org/alpha,org/gama';
    expect(await refused(argv, 'EF_SUITE_MODELS', 1, 'models-out')).toContain('no run entry names org/gama');
  });

  it('an empty --models-to-run is a list of no model, as `,` is: EF_SUITE_MODELS', async () => {
    for (const models of ['', ','])
      expect(
        await refused(
          suite('none-out').map((a) => (a === 'org/alpha,org/beta' ? models : a)),
          'EF_SUITE_MODELS',
          1,
          'none-out',
        ),
      ).toContain('--models-to-run is empty');
  });

  it('two models that would share a folder (org/alpha, org_alpha): EF_SUITE_MODELS', async () => {
    const argv = suite('shared-out', ['--ignore-conf-models']).map((a) =>
      a === 'org/alpha,org/beta' ? 'org/alpha,org_alpha' : a,
    );
    expect(await refused(argv, 'EF_SUITE_MODELS', 1, 'shared-out')).toContain(
      'org/alpha and org_alpha would share the folder org_alpha',
    );
  });

  it('two jobs that would share a folder (arguments that differ only in what a folder name cannot hold)', async () => {
    const file = suiteYaml(
      'same-folder',
      "  tasks:\n    - {name: pubmed_qa, params: {extra: {tag: 'x y'}}}\n    - {name: pubmed_qa, params: {extra: {tag: 'x_y'}}}\n",
    );
    const argv = ['run_suite', '--suite_config', file, '--output_dir', join(dir, 'same-out')];
    expect(await refused(argv, 'EF_SUITE_CONF', 1, 'same-out')).toContain(
      'would share the folder org_alpha/pubmed_qa,tag=x_y',
    );
  });

  it("HELM's flags with a suite YAML (it names its own targets): EF_USAGE, not dropped", async () => {
    const file = suiteYaml('flagged', '  tasks: [pubmed_qa]\n');
    const argv = [
      'run_suite',
      '--suite_config',
      file,
      '--output_dir',
      join(dir, 'flagged-out'),
      '--models-to-run',
      'org/beta',
    ];
    expect(await refused(argv, 'EF_USAGE', 2, 'flagged-out')).toContain('--models-to-run applies to --conf-paths only');
    const typed = [...argv.slice(0, -2), '--model_type', 'completions'];
    expect(await refused(typed, 'EF_USAGE', 2, 'flagged-out')).toContain('--model_type applies to --conf-paths only');
  });

  it('a suite with no job (no entry; nothing at --priority 0): EF_SUITE_EMPTY', async () => {
    await refused(suite('empty-out', [], 'empty.conf'), 'EF_SUITE_EMPTY', 1, 'empty-out');
    await refused(suite('empty-out', ['--priority', '0']), 'EF_SUITE_EMPTY', 1, 'empty-out');
  });

  it('a key variable that is not set: EF_API_KEY_MISSING naming it and its jobs; the dry run warns', async () => {
    const unset = ['--api_key_name', 'EF_TEST_KEY_NOT_SET'];
    const stderr = await refused(suite('key-out', unset), 'EF_API_KEY_MISSING', 1, 'key-out');
    expect(stderr).toContain(
      'model key or header variable not set: EF_TEST_KEY_NOT_SET (for org/alpha pubmed_qa, org/alpha head_qa, org/beta pubmed_qa)',
    );
    // With a judged benchmark whose judges have no credential either, the refusal says so too.
    writeFileSync(
      join(dir, 'judged.conf'),
      'entries: [\n  {description: "pubmed_qa:model=text"},\n  {description: "medication_qa:model=text"},\n]\n',
    );
    const noJudgeKeys = {
      GPT_JUDGE_API_KEY: undefined,
      LLAMA_JUDGE_API_KEY: undefined,
      CLAUDE_JUDGE_API_KEY: undefined,
      OPENAI_API_KEY: undefined,
      OPENAI_CLIENT_ID: undefined,
      EVAL_FACTORY_CREDENTIALS: join(dir, 'no-credentials.yaml'),
    };
    const both = await refused(suite('key-out', unset, 'judged.conf'), 'EF_API_KEY_MISSING', 1, 'key-out', noJudgeKeys);
    expect(both).toContain('(also: EF_JUDGE_AUTH_MISSING; `--dry_run` lists them)');
    const dry = await runCli(suite('key-out', [...unset, '--dry_run']));
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain('warning[EF_API_KEY_MISSING]');
    expect(existsSync(join(dir, 'key-out'))).toBe(false);
  });

  it("a suite YAML target's header variable that is not set: EF_API_KEY_MISSING naming it and its job", async () => {
    const file = join(dir, 'header-var.yml');
    writeFileSync(
      file,
      `suite: header-var\ntargets:\n  - api_endpoint: {url: '${server.url}', model_id: org/alpha, type: chat, headers: {Authorization: 'Bearer \${EF_TEST_HEADER_NOT_SET}'}}\nevaluation:\n  tasks: [pubmed_qa]\n`,
    );
    const argv = [
      'run_suite',
      '--suite_config',
      file,
      '--data_root',
      dataRoot,
      '--output_dir',
      join(dir, 'header-out'),
    ];
    const stderr = await refused(argv, 'EF_API_KEY_MISSING', 1, 'header-out');
    expect(stderr).toContain('model key or header variable not set: EF_TEST_HEADER_NOT_SET (for org/alpha pubmed_qa)');
  });
});

describe('run_suite names what is wrong and where', () => {
  it('an entry one typo from a benchmark: EF_SUITE_UNAVAILABLE says which one it may mean', async () => {
    writeFileSync(join(dir, 'typo.conf'), 'entries: [\n  {description: "medbulets:model=text", priority: 1},\n]\n');
    const stderr = await refused(suite('typo-out', [], 'typo.conf'), 'EF_SUITE_UNAVAILABLE', 1, 'typo-out');
    expect(stderr).toContain('medbulets:model=text (did you mean medbullets?)');
  });

  it("a suite YAML job's bad param: the job, the run_config path, and where that path is in the YAML", async () => {
    const file = suiteYaml('eight', '  tasks:\n    - name: pubmed_qa\n      params: {parallelism: eight}\n');
    const r = await runCli(['run_suite', '--suite_config', file, '--output_dir', join(dir, 'eight-out')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error\[EF_[A-Z_]+\]: .*eight\.yml: org\/alpha × pubmed_qa: .*parallelism/m);
    expect(r.stderr).toMatch(
      /^hint: Fix it in the suite YAML: config\.params\.… is evaluation\.params or the task's params/m,
    );
    expect(existsSync(join(dir, 'eight-out'))).toBe(false);
  });
});

describe('run_suite re-runs', () => {
  it('other settings than the finished jobs had: EF_OUTPUT_DIR_MISMATCH, not the old scores reported as new', async () => {
    const first = await runCli(suite('rerun-out', ['--max-eval-instances', '2']));
    expect(first.stderr).not.toMatch(/^\s+at /m);
    expect(first.code).toBe(0);
    // Each line a job's engine prints goes to the suite's log, saying which job it is (engines print side by side).
    expect(readFileSync(join(dir, 'rerun-out', 'checks', 'suite.log'), 'utf8')).toMatch(
      /^\S+ org\/beta pubmed_qa: .*the project's test fixture/m,
    );
    const board = readFileSync(join(dir, 'rerun-out', 'checks', 'leaderboard.json'), 'utf8');
    const sent = server.requests.length;

    const changed = await runCli(suite('rerun-out', ['--max-eval-instances', '3']));
    expect(changed.code).toBe(1);
    expect(changed.stderr).toMatch(
      /^error\[EF_OUTPUT_DIR_MISMATCH\]: .*checks holds runs of another configuration: org\/alpha pubmed_qa \(differs in config\.params\.limit_samples\)/m,
    );
    expect(changed.stderr).toMatch(/^hint: Give the suite a new --suite name or --output_dir/m);
    expect(server.requests.length).toBe(sent);
    expect(readFileSync(join(dir, 'rerun-out', 'checks', 'leaderboard.json'), 'utf8')).toBe(board);

    // The same settings resume (here: nothing left to send); parallelism may change, as for run_eval.
    const same = await runCli(suite('rerun-out', ['--max-eval-instances', '2', '--parallelism', '3']));
    expect(same.code).toBe(0);
    expect(server.requests.length).toBe(sent);
    // A run of part of the suite keeps every job's runs in the HELM suite folder, as in the leaderboard.
    const part = await runCli(suite('rerun-out', ['--max-eval-instances', '2', '--priority', '1']));
    expect(part.code).toBe(0);
    expect(readdirSync(join(dir, 'rerun-out', 'checks', 'helm', 'runs', 'checks')).sort()).toEqual([
      'head_qa:language=en,category=None,model=org_alpha',
      'pubmed_qa:model=org_alpha',
      'pubmed_qa:model=org_beta',
    ]);
  });

  it('a second run_suite in a suite folder another one holds: EF_OUTPUT_LOCKED, and the first ends well', async () => {
    const slow = await startFakeOpenAIServer({ models: ['org/alpha', 'org/beta'], latencyMs: 300 });
    try {
      const argv = suite('locked-out', ['--max-eval-instances', '4', '--parallelism', '1']);
      argv[argv.indexOf(server.url)] = slow.url;
      const first = spawn(process.execPath, [CLI, ...argv], { stdio: ['ignore', 'ignore', 'pipe'] });
      let firstErr = '';
      first.stderr.on('data', (c) => (firstErr += String(c)));
      const firstExit = new Promise<number | null>((resolve) => first.on('close', resolve));
      // Once it sends, it holds the suite folder.
      while (slow.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
      const second = await runCli(argv);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/^error\[EF_OUTPUT_LOCKED\]: suite folder .*checks is in use by run pid \d+/m);
      expect(second.stderr).toMatch(/^hint: Wait for that run_suite to end/m);
      expect(await firstExit).toBe(0);
      expect(firstErr).not.toContain('EF_OUTPUT_LOCKED');
    } finally {
      await slow.close();
    }
  });
});

describe('a job that fails before its run writes anything', () => {
  it('is said with its hint, and status shows it failed with its error, not left', async () => {
    // Another process holds one job's folder (here: this test's own pid, which is alive).
    const held = join(dir, 'held-out', 'checks', 'org_alpha', 'pubmed_qa');
    mkdirSync(held, { recursive: true });
    writeFileSync(
      join(held, '.eval-factory.lock'),
      JSON.stringify({ pid: process.pid, host: hostname(), started_at: 'x' }),
    );
    const r = await runCli(suite('held-out', ['--max-eval-instances', '1', '--priority', '1']));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error\[EF_OUTPUT_LOCKED\]: org\/alpha pubmed_qa: .*\nhint: /m);
    rmSync(join(held, '.eval-factory.lock'));
    const status = await runCli(['status', join(dir, 'held-out', 'checks')]);
    expect(status.stdout).toMatch(
      /^ {2}failed {3}org\/alpha {2}pubmed_qa {2}\(EF_OUTPUT_LOCKED .*is in use by run pid/m,
    );
    expect(status.stdout).toMatch(/^ {2}done {5}org\/beta {2}pubmed_qa/m);
  });
});

describe('the suite folder', () => {
  it('is inside --output_dir whatever --suite says (`..` is the folder __, not the one above)', async () => {
    const out = join(dir, 'dots-out');
    const argv = suite('dots-out', ['--max-eval-instances', '1', '--priority', '1']);
    argv[argv.indexOf('checks')] = '..';
    const r = await runCli(argv);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('note: suite ".." is written as the folder __');
    expect(existsSync(join(out, '__', 'leaderboard.md'))).toBe(true);
    expect(existsSync(join(out, 'leaderboard.md'))).toBe(false);
    expect(existsSync(join(dir, 'leaderboard.md'))).toBe(false);
  });
});

describe('run_suite --num-output-tokens', () => {
  it("sets every job's output tokens (MedHELM gives its reasoning models 4000 in their entries)", async () => {
    const before = server.requests.length;
    const r = await runCli(
      suite('tokens-out', ['--max-eval-instances', '1', '--priority', '1', '--num-output-tokens', '7']),
    );
    expect(r.code).toBe(0);
    const sent = server.requests.slice(before).map((q) => (q.body as { max_tokens?: number }).max_tokens);
    expect(sent).toEqual([7, 7]);
  });
});

describe('run_suite --suite_config --dry_run', () => {
  it("sizes each endpoint's time at each job's own parallelism from the YAML", async () => {
    const file = suiteYaml(
      'costed',
      `  params: {limit_samples: 4, parallelism: 4}
  tasks:
    - name: pubmed_qa
    - name: head_qa
      params: {parallelism: 2}
`,
    );
    const r = await runCli(['run_suite', '--suite_config', file, '--data_root', dataRoot, '--dry_run']);
    expect(r.code).toBe(0);
    // 4 requests × 2 s ÷ 4 + 4 requests × 2 s ÷ 2 = 6 s.
    expect(r.stdout).toMatch(
      /org\/alpha: 2 units, 8 requests, ~[1-9]\d* prompt tokens, .*~6 s \(parallelism 4; parallelism 2\)/,
    );
  });
});

describe('a judges block shared by the tasks of a suite YAML', () => {
  it('needs credentials only for the tasks judges score', async () => {
    const file = suiteYaml(
      'shared-judges',
      `  params: {limit_samples: 1, extra: {judges: {gpt: {url: '${server.url}', model_id: judge, auth: api_key}}, gpt_judge_api_key: EF_TEST_JUDGE_KEY_NOT_SET}}\n  tasks: [pubmed_qa]\n`,
    );
    const r = await runCli([
      'run_suite',
      '--suite_config',
      file,
      '--output_dir',
      join(dir, 'judges-out'),
      '--data_root',
      dataRoot,
    ]);
    expect(r.stderr).not.toContain('EF_JUDGE_AUTH_MISSING');
    expect(r.code).toBe(0);
  });
});

describe('run_suite --suite_config with --data_root', () => {
  it('gives DIR/<task> to the tasks without a data_path of their own', async () => {
    const file = suiteYaml(
      'rooted',
      `  params: {limit_samples: 2}
  tasks:
    - name: pubmed_qa
    - name: head_qa
      params: {extra: {data_path: '${fixture('head_qa')}'}}
`,
    );
    const r = await runCli([
      'run_suite',
      '--suite_config',
      file,
      '--output_dir',
      join(dir, 'rooted-out'),
      '--data_root',
      dataRoot,
    ]);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    const config = (task: string) =>
      readFileSync(join(dir, 'rooted-out', 'rooted', 'org_alpha', task, 'run_config.yml'), 'utf8');
    expect(config('pubmed_qa')).toContain(`data_path: ${join(dataRoot, 'pubmed_qa')}`);
    expect(config('head_qa')).toContain(`data_path: ${fixture('head_qa')}`);
  });
});
