/**
 * Consumer contract: Stanford HELM's helm-summarize reads our HELM run files (docs/configuration.md#compatibility).
 * The contract is fixtures/helm-scenario-state.contract.json, a JSON Schema written by hand from HELM's dataclasses
 * and from what its run_display.py reads (`result.completions[0]` of every result). `ef-bench run` against the
 * loopback fake server, with one request refused (400), must write files of that shape and record the
 * settings the requests were sent with, while our own files keep the refused instance failed.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { runNode, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';

const HERE = dirname(fileURLToPath(import.meta.url));
const BIN = join(HERE, '..', '..', 'dist', 'bin.js');
const CONTRACT = JSON.parse(readFileSync(join(HERE, 'fixtures', 'helm-scenario-state.contract.json'), 'utf8'));

const QUIZ_CSV =
  'id,question,opa,opb,opc,answer\nq1,Which vitamin deficiency causes scurvy?,Vitamin A,Vitamin C,Vitamin D,B\nq2,Which organ secretes insulin?,Liver,Kidney,Pancreas,C\nq3,Antidote for paracetamol overdose?,N-acetylcysteine,Naloxone,Atropine,A\n';
const QUIZ_YML =
  'name: toy_quiz\ndescription: Self-written quiz\ndata: {path: quiz.csv, id_column: id}\nprompt: {instructions: Pick one., input_noun: Question, template: "{{question}}"}\ntask: {kind: multiple_choice, options_columns: [opa, opb, opc], answer_column: answer}\n';
const NOTE_YML =
  'name: toy_phrase\ndescription: Self-written phrases\ndata: {path: quiz.csv, id_column: id}\nprompt: {template: "{{question}}"}\ntask: {kind: regex, answer_column: answer, pattern: "([A-C])"}\nstop_sequences: ["###"]\n';

let server: FakeOpenAIServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeOpenAIServer({
    answer: () => 'B',
    // The insulin question is refused as too long: a per-request failure, not retried.
    faults: (r) => (JSON.stringify(r.body).includes('insulin') ? { kind: 'context_length' } : null),
  });
  dir = mkdtempSync(join(tmpdir(), 'ef-helm-consumer-'));
  writeFileSync(join(dir, 'quiz.csv'), QUIZ_CSV);
  writeFileSync(join(dir, 'quiz.yml'), QUIZ_YML);
  writeFileSync(join(dir, 'phrase.yml'), NOTE_YML);
  writeFileSync(
    join(dir, 'model_deployments.yaml'),
    `model_deployments:\n  - name: fake/model\n    model_name: fake-model\n    endpoint_type: chat\n    base_url: ${server.url}\n    request_url: ${server.url}/chat/completions\n`,
  );
});
afterAll(async () => server.close());

async function run(file: string, extra: readonly string[]): Promise<{ out: string; runDir: string }> {
  const out = mkdtempSync(join(tmpdir(), 'ef-helm-consumer-out-'));
  const r = await runNode(
    [
      BIN,
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
      '--max-failure-rate',
      '1',
      ...extra,
    ],
    { env: { ...process.env, EF_PROGRESS: 'off' } },
  );
  expect(r.stderr).not.toMatch(/^error\[/m);
  // The run folder's name carries run-level settings (num_output_tokens=…), so it is the one folder under the suite.
  const [name] = readdirSync(join(out, 'runs', 'v1'));
  const runDir = join(out, 'runs', 'v1', name!);
  return { out, runDir };
}

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('HELM run files as helm-summarize reads them', () => {
  it("a refused request: HELM's non-fatal failure shape in scenario_state.json, still failed in results.jsonl", async () => {
    server.requests.length = 0;
    const { out, runDir } = await run('quiz.yml', []);
    const state = json(join(runDir, 'scenario_state.json'));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(CONTRACT);
    expect([validate(state), validate.errors]).toEqual([true, null]);
    // What HELM's run_display.py does with every result.
    const predicted = state.request_states.map(
      (s: { result: { completions: { text: string }[] } }) => s.result.completions[0]!.text,
    );
    expect(predicted).toEqual(['B', '', 'B']);
    const failed = state.request_states[1];
    expect(failed.result).toMatchObject({ success: false, error_flags: { is_fatal: false } });
    expect(failed.result.error).toMatch(/context length/);

    // No answer invented: our files keep q2 failed, and its HELM stats count a failed request and carry no score.
    const results = readFileSync(join(out, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(results.map((r: { status: string }) => r.status)).toEqual(['ok', 'failed', 'ok']);
    expect(results[1]).toMatchObject({ prediction: null, metrics: {} });
    const stats = json(join(runDir, 'per_instance_stats.json'));
    const q2 = Object.fromEntries(
      stats[1].stats.map((s: { name: { name: string }; mean: number }) => [s.name.name, s.mean]),
    );
    expect(q2).toMatchObject({ num_failed_requests: 1 });
    expect(q2).not.toHaveProperty('exact_match');
    // helm-server's run page (its Metrics tab lists every stat of stats.json) shows the run's share of failed
    // requests: HELM's own schema has no failed-request stat for its tables (docs/reproduce-medhelm.md).
    const runStats = json(join(runDir, 'stats.json')) as { name: { name: string; split: string }; mean: number }[];
    expect(runStats.find((s) => s.name.name === 'num_failed_requests')).toMatchObject({
      name: { split: 'test' },
      mean: 1 / 3,
    });
  });

  it('run_spec.json and scenario_state.json record max_tokens, temperature and the limit the requests used', async () => {
    server.requests.length = 0;
    const { runDir } = await run('quiz.yml', [
      '--num-output-tokens',
      '1000',
      '--temperature',
      '0.5',
      '--max-eval-instances',
      '3',
    ]);
    const sent = server.requests
      .filter((q) => q.kind === 'chat')
      .map((q) => q.body as { max_tokens: number; temperature: number });
    expect(sent.length).toBe(3);
    expect(sent.every((b) => b.max_tokens === 1000 && b.temperature === 0.5)).toBe(true);
    for (const spec of [
      json(join(runDir, 'run_spec.json')).adapter_spec,
      json(join(runDir, 'scenario_state.json')).adapter_spec,
    ]) {
      expect(spec).toMatchObject({
        method: 'multiple_choice_joint',
        max_tokens: 1000,
        temperature: 0.5,
        max_eval_instances: 3,
        instructions: 'Pick one.\n',
        max_train_instances: 0,
        num_train_trials: 1,
      });
    }
  });

  it('generation: the stop sequences recorded are the ones sent', async () => {
    server.requests.length = 0;
    const { runDir } = await run('phrase.yml', ['--max-new-tokens', '7']);
    const sent = server.requests
      .filter((q) => q.kind === 'chat')
      .map((q) => q.body as { max_tokens: number; stop?: string[] });
    expect(sent.every((b) => b.max_tokens === 7 && JSON.stringify(b.stop) === '["###"]')).toBe(true);
    const spec = json(join(runDir, 'run_spec.json')).adapter_spec;
    expect(spec).toMatchObject({ method: 'generation', max_tokens: 7, stop_sequences: ['###'] });
  });
});
