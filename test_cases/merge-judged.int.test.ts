/**
 * `merge` of a sharded judged job (docs/scale.md): the units ran with their judges; the merge answers the model
 * and the judges from the units' caches, so it sends nothing and needs no key, and its scores are a single run's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { rubricReply, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { fixture, runCli, tempDir } from './support.js';

const KEYS = { GPT_JUDGE_API_KEY: 'sk-gpt-test', LLAMA_JUDGE_API_KEY: 'nv-llama-test', CLAUDE_JUDGE_API_KEY: 'sk-c' };
const NO_KEYS = {
  GPT_JUDGE_API_KEY: undefined,
  LLAMA_JUDGE_API_KEY: undefined,
  CLAUDE_JUDGE_API_KEY: undefined,
  OPENAI_API_KEY: undefined,
  EVAL_FACTORY_CREDENTIALS: undefined,
};

let model: FakeOpenAIServer;
let judges: FakeOpenAIServer;
let dir: string;
beforeAll(async () => {
  dir = tempDir('ef-merge-judged-');
  model = await startFakeOpenAIServer({ models: ['org/alpha'], answer: () => 'Take it with food, twice a day.' });
  judges = await startFakeOpenAIServer({
    models: ['judge-gpt', 'judge-llama', 'judge-claude'],
    answer: () => rubricReply({ accuracy: 4, completeness: 3, clarity: 5 }),
  });
});
afterAll(async () => {
  await model?.close();
  await judges?.close();
});

/** A suite YAML of medication_qa (a judged benchmark) on its fixture, three judges on one loopback server. */
function suiteYaml(): string {
  const judge = (id: string) => `{url: '${judges.url}', model_id: ${id}, provider: openai_compatible, auth: api_key}`;
  const file = join(dir, 'judged.yml');
  const yaml = [
    'suite: judged',
    'targets:',
    `  - api_endpoint: {url: '${model.url}', model_id: org/alpha, type: chat}`,
    'evaluation:',
    `  params: {parallelism: 2, extra: {judges: {gpt: ${judge('judge-gpt')}, llama: ${judge('judge-llama')}, claude: ${judge('judge-claude')}}}}`,
    `  tasks: [{name: medication_qa, params: {extra: {data_path: '${fixture('medication_qa')}'}}}]`,
    '',
  ].join('\n');
  writeFileSync(file, yaml);
  return file;
}

describe('27.12 merge of a sharded judged job', () => {
  it('27.12 merge answers the judges from the units: no key, 0 judge requests, the single run scores', async () => {
    const yaml = suiteYaml();
    const args = (out: string, extra: string[]) => ['run_suite', '--suite_config', yaml, '--output_dir', out, ...extra];
    const single = await runCli(args(join(dir, 'single'), []), { env: KEYS });
    expect(single.code).toBe(0);
    const sharded = join(dir, 'sharded');
    const first = await runCli(args(sharded, ['--max-instances-per-unit', '2', '--unit', '0']), { env: KEYS });
    expect(first.code).toBe(0);
    const plan = JSON.parse(readFileSync(join(sharded, 'judged', 'units.json'), 'utf8')) as { units: unknown[] };
    expect(plan.units.length).toBeGreaterThan(1);
    for (let k = 1; k < plan.units.length; k++)
      expect(
        (await runCli(args(sharded, ['--max-instances-per-unit', '2', '--unit', String(k)]), { env: KEYS })).code,
      ).toBe(0);
    const asked = judges.requests.length;
    await judges.close(); // no judge to ask, no key to ask with

    const merged = await runCli(['merge', join(sharded, 'judged')], { env: NO_KEYS });
    expect(merged.stderr).not.toMatch(/^\s+at /m);
    expect(merged.stderr).not.toMatch(/EF_JUDGE|EF_AUTH|error\[/);
    expect(merged.code).toBe(0);
    expect(judges.requests.length).toBe(asked);
    // The same scores instance by instance (the merge's verdicts are marked cached: it read them from the units).
    const scores = (out: string) =>
      readFileSync(join(out, 'judged', 'org_alpha', 'medication_qa', 'results.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { instance_id: string; status: string; metrics: unknown })
        .map(({ instance_id, status, metrics }) => ({ instance_id, status, metrics }));
    expect(scores(sharded)).toEqual(scores(join(dir, 'single')));
    expect(scores(sharded).every((r) => r.status === 'ok')).toBe(true);
    const aggregates = (out: string) =>
      parse(readFileSync(join(out, 'judged', 'org_alpha', 'medication_qa', 'results.yml'), 'utf8')).results.tasks
        .medication_qa.metrics;
    expect(aggregates(sharded)).toEqual(aggregates(join(dir, 'single')));
  }, 300_000);
});
