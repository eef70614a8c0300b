/**
 * `ef-bench` with custom benchmarks, as real processes against the loopback fake server: `validate`, `list
 * --benchmarks-dir`, and `run --run-entries custom:model=… --benchmark-file …` for a native multiple-choice
 * definition and a MedHELM configurable-benchmark one. All data is self-written.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runNode, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');

function efBench(args: readonly string[]) {
  return runNode([BIN, ...args], {
    env: { ...process.env, EF_DATA_CACHE: join(tmpdir(), 'ef-test-data-cache'), EF_PROGRESS: 'off' },
  });
}

const QUIZ_CSV =
  'id,question,opa,opb,opc,answer\nq1,Which vitamin deficiency causes scurvy?,Vitamin A,Vitamin C,Vitamin D,B\nq2,Which organ secretes insulin?,Liver,Kidney,Pancreas,C\nq3,Antidote for paracetamol overdose?,N-acetylcysteine,Naloxone,Atropine,A\n';
const QUIZ_YML = `name: toy_quiz
description: Self-written quiz
data: {path: quiz.csv, id_column: id}
prompt: {instructions: Pick one., input_noun: Question, template: "{{question}}"}
task: {kind: multiple_choice, options_columns: [opa, opb, opc], answer_column: answer}
`;
const MH_PROMPT = 'Patient ID: {patient_id}\nQuestion: {question}\nAnswer Yes or No.';
const MH_CSV =
  'patient_id,question,correct_answer,incorrect_answers\n001,Hypertension?,Yes,"[""No""]"\n002,Smoker?,No,"[""Yes""]"\n';
const MH_YAML =
  'name: EXACT-MATCH-TOY\ndescription: toy\nprompt_file: p.txt\ndataset_file: d.csv\nmax_tokens: 1\nmetrics:\n  - name: exact_match\n';
const ANSWERS: Readonly<Record<string, string>> = {
  scurvy: 'B',
  insulin: 'A',
  paracetamol: 'A',
  Hypertension: 'Yes',
  Smoker: 'Yes',
};

let server: FakeOpenAIServer;
let dir: string;
beforeAll(async () => {
  // q1 right, q2 wrong, q3 right; MedHELM: "Yes" twice (one right).
  server = await startFakeOpenAIServer({
    answer: ({ prompt }) => Object.entries(ANSWERS).find(([k]) => prompt.includes(k))?.[1] ?? 'Z',
  });
  dir = mkdtempSync(join(tmpdir(), 'ef-cli-custom-'));
  const files: Record<string, string> = {
    'quiz.csv': QUIZ_CSV,
    'quiz.yml': QUIZ_YML,
    'p.txt': MH_PROMPT,
    'd.csv': MH_CSV,
    'mh.yaml': MH_YAML,
    'broken.yml': QUIZ_YML.replace('quiz.csv', 'nope.csv').replace('toy_quiz', 'broken_quiz'),
    'notes.yml': '- not a definition\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(
    join(dir, 'model_deployments.yaml'),
    `model_deployments:\n  - name: fake/model\n    model_name: fake-model\n    endpoint_type: chat\n    base_url: ${server.url}\n    request_url: ${server.url}/chat/completions\n`,
  );
});
afterAll(async () => server.close());

const PROMPT_Q1 =
  'Pick one.\n\nQuestion: Which vitamin deficiency causes scurvy?\nA. Vitamin A\nB. Vitamin C\nC. Vitamin D\nAnswer:';

describe('ef-bench validate', () => {
  it('prints the instance count and the first prompt exactly as sent, exit 0', async () => {
    const r = await efBench(['validate', join(dir, 'quiz.yml')]);
    expect(r).toMatchObject({ code: 0, stdout: `ok: toy_quiz: 3 instances\n\nFirst prompt:\n${PROMPT_Q1}\n` });
  });

  it("MedHELM: the filled prompt file plus HELM's newline", async () => {
    const r = await efBench(['validate', join(dir, 'mh.yaml')]);
    expect(r.stdout).toBe(
      'ok: EXACT-MATCH-TOY: 2 instances\n\nFirst prompt:\nPatient ID: 1\nQuestion: Hypertension?\nAnswer Yes or No.\n\n',
    );
  });

  it('a broken definition: the coded error and its hint on stderr, exit 1, nothing on stdout', async () => {
    const r = await efBench(['validate', join(dir, 'broken.yml')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^error\[EF_CUSTOM_DATA\]: Custom benchmark .*broken\.yml: data\.path \(line 3, column \d+\): data file not found/m,
    );
    expect(r.stderr).toMatch(/^hint: /m);
  });
});

describe('ef-bench list', () => {
  it('--benchmarks-dir adds each definition\'s name and "custom"; broken files are warnings', async () => {
    const r = await efBench(['list', '--benchmarks-dir', dir]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    // By file name: broken.yml (its data is only read by validate/run), mh.yaml, quiz.yml.
    expect(lines.slice(-3)).toEqual(['broken_quiz\tcustom', 'EXACT-MATCH-TOY\tcustom', 'toy_quiz\tcustom']);
    expect(lines).toContain('pubmed_qa');
    expect(r.stderr).toMatch(/^warning\[EF_CUSTOM_SCHEMA\]: .*notes\.yml/m);
    const plain = await efBench(['list']);
    expect(plain.stdout.split('\n').filter((l) => l.includes('\t'))).toEqual([]);
  });
});

describe('ef-bench run custom:model=…', () => {
  const run = (file: string, out: string, extra: string[] = []) =>
    efBench([
      'run',
      '--run-entries',
      'custom:model=fake-model',
      '--benchmark-file',
      join(dir, file),
      '--suite',
      'v1',
      '--output-path',
      out,
      '--model-configs',
      dir,
      ...extra,
    ]);

  it('native multiple choice: prompts as validate shows, MCQ request settings, exact_match scored', async () => {
    server.requests.length = 0;
    const out = mkdtempSync(join(tmpdir(), 'ef-cli-custom-out-'));
    const r = await run('quiz.yml', out);
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);
    const bodies = server.requests
      .filter((q) => q.kind === 'chat')
      .map((q) => q.body as { messages: { content: string }[]; max_tokens: number; stop?: unknown });
    expect(bodies.map((b) => b.messages[0]!.content)).toContain(PROMPT_Q1);
    expect(bodies.every((b) => b.max_tokens === 1 && b.stop === undefined)).toBe(true);
    const summary = JSON.parse(
      readFileSync(join(out, 'runs', 'v1', 'toy_quiz__model=fake-model', 'ef_summary.json'), 'utf8'),
    );
    expect(summary).toMatchObject({
      status: 'success',
      benchmark: 'toy_quiz',
      run: { run_entry: 'custom:model=fake-model', run_name: 'toy_quiz:model=fake-model' },
    });
    expect(summary.metrics.find((m: { name: string }) => m.name === 'exact_match')).toMatchObject({
      value: 2 / 3,
      main: true,
    });
  });

  it('--dry-run: every request body, then their size in ef_dry_run.json for the factory; nothing sent', async () => {
    server.requests.length = 0;
    const out = mkdtempSync(join(tmpdir(), 'ef-cli-custom-dry-'));
    const r = await run('quiz.yml', out, ['--dry-run']);
    expect(r.code).toBe(0);
    expect(server.requests).toEqual([]);
    const bodies = readFileSync(join(out, 'responses', 'model.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { request: { messages: { content: string }[]; max_tokens: number } }).request);
    const chars = bodies.reduce((a, b) => a + b.messages.reduce((c, m) => c + m.content.length, 0), 0);
    expect(JSON.parse(readFileSync(join(out, 'ef_dry_run.json'), 'utf8'))).toEqual({
      schema_version: 1,
      instances: 3,
      requests: 3,
      prompt_characters: chars,
      prompt_tokens: Math.ceil(chars / 4),
      max_output_tokens: 3,
    });
    expect(r.stderr).toContain(`dry run: 3 instances, 3 requests, ${chars} prompt characters`);
  });

  it("MedHELM definition: scores as HELM's exact-match family would", async () => {
    const out = mkdtempSync(join(tmpdir(), 'ef-cli-custom-out-'));
    const r = await run('mh.yaml', out);
    expect(r.code).toBe(0);
    const summary = JSON.parse(
      readFileSync(join(out, 'runs', 'v1', 'EXACT-MATCH-TOY__model=fake-model', 'ef_summary.json'), 'utf8'),
    );
    const value = (name: string) => summary.metrics.find((m: { name: string }) => m.name === name)?.value;
    expect([value('exact_match'), value('quasi_exact_match'), value('prefix_exact_match')]).toEqual([0.5, 0.5, 0.5]);
    expect(summary.generation).toMatchObject({ max_tokens: 1, stop: [] });
  });

  it('a data error stops the run before any request: exit 1, nothing sent', async () => {
    server.requests.length = 0;
    writeFileSync(join(dir, 'bad.csv'), 'id,question,opa,opb,opc,answer\nq1,Q?,a,b,c,Z\n');
    writeFileSync(join(dir, 'bad.yml'), QUIZ_YML.replace('quiz.csv', 'bad.csv'));
    const r = await run('bad.yml', mkdtempSync(join(tmpdir(), 'ef-cli-custom-out-')));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[EF_CUSTOM_DATA]');
    expect(r.stderr).toContain('bad.csv row 1 (line 2), column "answer"');
    expect(server.requests).toEqual([]);
  });

  it('--no-helm-files: the run writes its summary but no HELM run files', async () => {
    const out = mkdtempSync(join(tmpdir(), 'ef-cli-custom-out-'));
    const r = await run('quiz.yml', out, ['--no-helm-files']);
    expect(r.code).toBe(0);
    const runDir = join(out, 'runs', 'v1', 'toy_quiz__model=fake-model');
    expect(existsSync(join(runDir, 'ef_summary.json'))).toBe(true);
    expect(existsSync(join(runDir, 'scenario_state.json'))).toBe(false);
    expect(existsSync(join(runDir, 'per_instance_stats.json'))).toBe(false);
  });

  it('num_train_trials > 1 is a warning, for zero-shot and few-shot definitions alike', async () => {
    writeFileSync(join(dir, 'quiz-shots.yml'), `${QUIZ_YML}few_shot: {count: 1}\n`);
    const zero = await run('quiz.yml', mkdtempSync(join(tmpdir(), 'ef-cli-custom-out-')), ['--num-train-trials', '3']);
    expect(zero.stderr).toContain('warning[EF_TRIALS_ZERO_SHOT]');
    const few = await run('quiz-shots.yml', mkdtempSync(join(tmpdir(), 'ef-cli-custom-out-')), [
      '--num-train-trials',
      '3',
    ]);
    expect(few.code).toBe(0);
    expect(few.stderr).toContain(
      'warning[EF_TRIALS_SINGLE]: num_train_trials=3 ignored: toy_quiz runs one trial with its first 1 training rows',
    );
  });

  it('a known benchmark argument the benchmark does not take: one warning naming the benchmark and the key', async () => {
    const r = await run('quiz.yml', mkdtempSync(join(tmpdir(), 'ef-cli-custom-out-')), ['--max-length', '4096']);
    expect(r.code).toBe(0);
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('warning[EF_PARAM_IGNORED]'));
    expect(warnings).toEqual([
      "warning[EF_PARAM_IGNORED]: max_length=4096 (config.params.extra.max_length) ignored: benchmark 'toy_quiz' does not use max_length",
    ]);
  });

  it('a number option that is not a number: EF_USAGE, exit 2, nothing sent', async () => {
    server.requests.length = 0;
    const r = await run('quiz.yml', mkdtempSync(join(tmpdir(), 'ef-cli-custom-out-')), ['--max-retries', 'many']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error[EF_USAGE]: --max-retries must be a number');
    expect(server.requests).toEqual([]);
  });

  it('custom without --benchmark-file: EF_CUSTOM_BENCHMARK_FILE, exit 1', async () => {
    const r = await efBench([
      'run',
      '--run-entries',
      'custom:model=fake-model',
      '--suite',
      'v1',
      '--output-path',
      mkdtempSync(join(tmpdir(), 'ef-cli-custom-out-')),
      '--model-configs',
      dir,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[EF_CUSTOM_BENCHMARK_FILE]');
  });
});
