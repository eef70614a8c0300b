/**
 * Custom benchmarks through the real `eval-factory` CLI (docs/custom-benchmarks.md): `ls` with a benchmarks folder,
 * `validate` passing and failing, `config.type` by path / name, and `--dry_run` printing the first prompts exactly
 * as a run sends them. Every definition here is self-written.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TASK_ORDER, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { REPO_ROOT, runCli, tempDir, writeRunConfig } from '../support.js';

const EXAMPLES = join(REPO_ROOT, 'configs', 'custom', 'benchmarks');
const QUIZ = join(EXAMPLES, 'clinical_quiz.yml');
const BUILT_IN_LS = ['helm: ', ...TASK_ORDER.map((t) => `  * ${t}`)];

/** A folder of self-written definitions: a valid label task, and broken ones for `validate`. */
function benchmarksFolder(): string {
  const dir = tempDir('ef-custom-bench-');
  writeFileSync(
    join(dir, 'triage.csv'),
    'case,urgency\nChest pain radiating to the left arm,urgent\nMild seasonal sneezing,routine\nSudden weakness of one side of the face,urgent\n',
  );
  writeFileSync(
    join(dir, 'triage.yml'),
    [
      'name: triage_label',
      'description: Is the invented case urgent or routine?',
      'data: {path: triage.csv}',
      'prompt: {template: "Case: {{case}}\\nAnswer urgent or routine."}',
      'task: {kind: label, answer_column: urgency, labels: [urgent, routine]}',
      '',
    ].join('\n'),
  );
  mkdirSync(join(dir, 'broken'));
  // A definition reads files in its own folder only (EF_PATH_OUTSIDE otherwise): the broken ones get their own copy.
  writeFileSync(join(dir, 'broken', 'triage.csv'), 'case,urgency\nChest pain radiating to the left arm,urgent\n');
  writeFileSync(
    join(dir, 'broken', 'missing_column.yml'),
    [
      'name: missing_column',
      'description: template field the data lacks',
      'data: {path: triage.csv}',
      'prompt: {template: "{{case}} {{patient_age}}"}',
      'task: {kind: label, answer_column: urgency, labels: [urgent, routine]}',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'broken', 'bad_kind.yml'),
    'name: bad_kind\ndescription: x\ndata: {path: triage.csv}\nprompt: {template: "{{case}}"}\ntask: {kind: essay}\n',
  );
  return dir;
}

let server: FakeOpenAIServer;
let folder: string;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
  folder = benchmarksFolder();
});
afterAll(async () => server.close());

describe('eval-factory ls with custom benchmarks', () => {
  it('lists the folder definitions after the built-in lines, which stay exactly as they were', async () => {
    const r = await runCli(['ls'], { env: { EF_BENCHMARKS_DIR: EXAMPLES } });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toEqual([...BUILT_IN_LS, '  * clinical_quiz', '  * discharge_summary']);
    expect(r.stderr).toMatch(/^note: custom benchmarks \(.*\): clinical_quiz, discharge_summary$/m);
  });

  it('--benchmarks_dir wins over EF_BENCHMARKS_DIR; a file without a name is a warning, not a line', async () => {
    writeFileSync(join(folder, 'notes.yml'), 'description: not a definition\n');
    const r = await runCli(['ls', '--benchmarks_dir', folder], { env: { EF_BENCHMARKS_DIR: EXAMPLES } });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toEqual([...BUILT_IN_LS, '  * triage_label']);
    expect(r.stderr).toMatch(/^warning\[EF_CUSTOM_DEFINITION_SKIPPED\]: .*notes\.yml: not listed/m);
  });

  it('without a folder, ls is unchanged', async () => {
    const r = await runCli(['ls'], { env: { EF_BENCHMARKS_DIR: undefined } });
    expect(r.stdout.trimEnd().split('\n')).toEqual(BUILT_IN_LS);
  });

  it('a folder that does not exist is a coded error and prints no list', async () => {
    const r = await runCli(['ls'], { env: { EF_BENCHMARKS_DIR: join(folder, 'absent') } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('error[EF_BENCHMARKS_DIR_NOT_FOUND]');
  });
});

describe('eval-factory validate', () => {
  it('passes a good definition: ok line, blank line, First prompt:, the prompt', async () => {
    const r = await runCli(['validate', QUIZ]);
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);
    const [head, blank, title, ...prompt] = r.stdout.split('\n');
    expect([head, blank, title]).toEqual(['ok: clinical_quiz: 10 instances', '', 'First prompt:']);
    expect(prompt.join('\n')).toContain('Deficiency of which vitamin causes scurvy?');
    expect(prompt.join('\n')).toMatch(/^A\. Vitamin A$/m);
  });

  it('finds a definition by name in the benchmarks folder', async () => {
    const r = await runCli(['validate', 'triage_label', '--benchmarks_dir', folder]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ok: triage_label: 3 instances');
  });

  it.each([
    [
      'a template field the data lacks',
      'missing_column.yml',
      /error\[EF_CUSTOM_[A-Z_]+\]: .*missing_column\.yml.*patient_age/,
    ],
    ['an unknown task kind', 'bad_kind.yml', /error\[EF_CUSTOM_SCHEMA\]: .*bad_kind\.yml.*task\.kind/],
  ])('fails %s with a coded error naming the file and the field (exit 1)', async (_name, file, message) => {
    const r = await runCli(['validate', join(folder, 'broken', file)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/^hint: /m);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  it('a name that is neither a file nor in the folder', async () => {
    const r = await runCli(['validate', 'no_such_quiz', '--benchmarks_dir', folder]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[EF_CUSTOM_BENCHMARK_NOT_FOUND]');
  });
});

describe('run_eval --dry_run on a custom benchmark', () => {
  const endpoint = () => ({ url: server.url, model_id: 'fake-model', type: 'chat' });

  it('prints §6.3, then the first 3 prompts; writes nothing and removes its temporary folder', async () => {
    const sentBefore = server.requests.length;
    const cwd = tempDir();
    const tmp = tempDir('ef-dry-tmp-');
    const r = await runCli(
      [
        'run_eval',
        '--run_config',
        join(REPO_ROOT, 'configs', 'custom', 'clinical_quiz.run.yml'),
        '--dry_run',
        '--output_dir',
        'out',
      ],
      { cwd, env: { TMPDIR: tmp } },
    );
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);
    const [config, rest] = r.stdout.split('\nRendered command:\n\n');
    expect(config).toMatch(/^Rendered config:\n\nframework_name: /);
    expect(config).toMatch(/\n {2}type: clinical_quiz\n/);
    const [command, prompts] = rest!.split('\nFirst prompts:\n\n');
    expect(command).toContain(`--run-entries custom:model=Qwen/Qwen2.5-7B-Instruct`);
    expect(command).toMatch(new RegExp(`--benchmark-file '?${QUIZ.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'? `));
    const headers = prompts!.match(/^--- prompt \d+ of 10 \(instance [^)]+\) ---$/gm) ?? [];
    expect(headers.map((h) => /prompt (\d+)/.exec(h)![1])).toEqual(['1', '2', '3']);
    expect(prompts).toMatch(/^A\. /m);
    expect(readdirSync(cwd)).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
    expect(server.requests.length).toBe(sentBefore);
  });

  it('shows exactly what a run then sends', async () => {
    const dir = tempDir();
    const rc = writeRunConfig(dir, {
      config: { type: 'triage_label', output_dir: join(dir, 'out'), params: { limit_samples: 2 } },
      target: { api_endpoint: endpoint() },
    });
    const env = { EF_BENCHMARKS_DIR: folder };
    const dry = await runCli(['run_eval', '--run_config', rc, '--dry_run'], { env });
    expect(dry.code).toBe(0);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    // Each block is its header, the prompt and a newline; blocks are separated by one blank line.
    const blocks = dry.stdout
      .split('\nFirst prompts:\n\n')[1]!
      .split(/^--- prompt \d+ of 2 \(instance [^)]+\) ---\n/m)
      .slice(1);
    const shown = blocks.map((b, i) => b.slice(0, b.length - (i < blocks.length - 1 ? 2 : 1)));
    expect(shown).toHaveLength(2);
    const before = server.requests.length;
    const run = await runCli(['run_eval', '--run_config', rc], { env });
    expect(run.code).toBe(0);
    const sent = server.requests
      .slice(before)
      .map((q) => (q.body as { messages: { content: string }[] }).messages[0]!.content);
    expect(new Set(sent)).toEqual(new Set(shown));
  });

  it('a broken definition fails the dry run with the engine coded error and prints nothing on stdout', async () => {
    const dir = tempDir();
    const rc = writeRunConfig(dir, {
      config: { type: join(folder, 'broken', 'missing_column.yml'), output_dir: join(dir, 'out') },
      target: { api_endpoint: endpoint() },
    });
    const r = await runCli(['run_eval', '--run_config', rc, '--dry_run']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error\[EF_CUSTOM_[A-Z_]+\]: .*patient_age/m);
    expect(r.stderr).toMatch(/^hint: /m);
  });

  it.each([
    ['custom without extra.benchmark', { type: 'custom' }, 'EF_CUSTOM_BENCHMARK_MISSING'],
    ['a definition path that does not exist', { type: 'nope.yml' }, 'EF_CUSTOM_BENCHMARK_NOT_FOUND'],
  ])('%s is a configuration error before anything runs', async (_name, config, code) => {
    const dir = tempDir();
    const rc = writeRunConfig(dir, {
      config: { ...config, output_dir: join(dir, 'out') },
      target: { api_endpoint: endpoint() },
    });
    const r = await runCli(['run_eval', '--run_config', rc, '--dry_run']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error[${code}]`);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
