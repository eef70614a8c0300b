/**
 * The two worked examples of docs/custom-benchmarks.md (configs/custom/), run end to end by the built CLI against
 * the loopback fake server: the run_configs as shipped, with only the endpoint, output folder and judge URL
 * overridden on the command line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { demoAnswer, startFakeOpenAIServer, type AnswerRequest, type FakeOpenAIServer } from '@eval-factory/testkit';
import { REPO_ROOT, readJsonl, runCli, tempDir } from '../support.js';

const CUSTOM = join(REPO_ROOT, 'configs', 'custom');
const JUDGE_MODEL = 'fake-judge';
/** The fake judge's reply: HELM's jury_score averages every criterion score of every judge → (4 + 3 + 5) / 3. */
const JUDGE_REPLY = JSON.stringify({
  accuracy: { score: 4, explanation: 'ok' },
  completeness: { score: 3, explanation: 'ok' },
  clarity: { score: 5, explanation: 'ok' },
});

/** The model answers like the demo model; the judge returns a fixed, valid rubric reply. */
function answer(request: AnswerRequest): string {
  return request.model === JUDGE_MODEL ? JUDGE_REPLY : demoAnswer(request);
}

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ answer, models: ['fake-model', JUDGE_MODEL] });
});
afterAll(async () => server.close());

const endpointFlags = () => ['--model_url', server.url, '--model_id', 'fake-model'];
const results = (out: string) => parse(readFileSync(join(out, 'results.yml'), 'utf8'));
const evaluationConfig = (out: string) => parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));

/** The quiz's gold letters, read from the example CSV (no comma inside the id/answer columns). */
function goldLetters(): Map<string, string> {
  const lines = readFileSync(join(CUSTOM, 'benchmarks', 'clinical_quiz.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  return new Map(lines.map((l) => [l.split(',')[0]!, l.trim().slice(-1)]));
}

describe('worked example 1: the multiple-choice clinical quiz', () => {
  const out = join(tempDir(), 'out');
  let run: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    run = await runCli([
      'run_eval',
      '--run_config',
      join(CUSTOM, 'clinical_quiz.run.yml'),
      '--output_dir',
      out,
      ...endpointFlags(),
    ]);
  });

  it('runs and prints the score', () => {
    expect(run.stderr).not.toMatch(/error\[/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/exact_match\s+\d\.\d{4}/);
  });

  it('reports exact_match under the definition name, equal to the answers scored by hand', () => {
    const gold = goldLetters();
    const instances = new Map(readJsonl(join(out, 'instances.jsonl')).map((i) => [i.id, i]));
    const scores = readJsonl(join(out, 'responses/model.jsonl')).map((r) => {
      const sourceId = instances.get(r.instance_id)!.source_id as string;
      return String(r.result.completions[0].text).trim() === gold.get(sourceId) ? 1 : 0;
    });
    expect(scores).toHaveLength(10);
    const em = results(out).results.tasks.clinical_quiz.metrics.exact_match.scores.mean;
    expect(em.value).toBeCloseTo(scores.reduce((a: number, b: number) => a + b, 0) / scores.length, 12);
    expect(evaluationConfig(out).status).toBe('success');
  });

  it('records the absolute definition path in run_config.yml, which resolves again for a resumed run', async () => {
    const written = parse(readFileSync(join(out, 'run_config.yml'), 'utf8'));
    expect(written.config.type).toBe('clinical_quiz');
    expect(written.config.params.extra.benchmark).toBe(join(CUSTOM, 'benchmarks', 'clinical_quiz.yml'));
    const sent = server.requests.length;
    const again = await runCli(['run_eval', '--run_config', join(out, 'run_config.yml')]);
    expect(again.code).toBe(0);
    expect(server.requests.length).toBe(sent); // every answer from cache.db
  });
});

describe('worked example 2: the rubric-judged discharge summaries', () => {
  const out = join(tempDir(), 'out');
  let run: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    const judge = `config.params.extra.judges.gpt.url=${server.url},config.params.extra.judges.gpt.model_id=${JUDGE_MODEL}`;
    run = await runCli(
      [
        'run_eval',
        '--run_config',
        join(CUSTOM, 'discharge_summary.run.yml'),
        '--output_dir',
        out,
        ...endpointFlags(),
        '--overrides',
        judge,
      ],
      {
        env: { JUDGE_API_KEY: 'fake-judge-key' },
      },
    );
  });

  it('runs, calls the judge once per summary and reports jury_score as HELM computes it', () => {
    expect(run.stderr).not.toMatch(/error\[/);
    expect(run.code).toBe(0);
    const judged = server.requests.filter((q) => (q.body as { model?: string }).model === JUDGE_MODEL);
    expect(judged).toHaveLength(5);
    expect(JSON.stringify(judged[0]!.body)).toContain('<discharge_note>');
    const metrics = results(out).results.tasks.discharge_summary.metrics;
    expect(metrics.jury_score.scores.mean.value).toBeCloseTo(4, 12);
    expect(metrics.rouge_l.scores.mean.value).toBeGreaterThanOrEqual(0);
    expect(evaluationConfig(out).metrics.find((m: { name: string }) => m.name === 'jury_score').main).toBe(true);
  });
});
