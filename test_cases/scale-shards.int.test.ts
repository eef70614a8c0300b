/**
 * Shards of a benchmark with a corrected set (docs/scale.md): mtsamples_replicate's fixture cut into 3 units and
 * merged equals the one-machine run byte for byte, its independently selected corrected instances included; a merge
 * that still lacks an answer says `complete: false`; and a unit folder holding another shard's run is not done.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  rubricReply,
  startFakeJudgeServer,
  startFakeOpenAIServer,
  type FakeJudgeServer,
  type FakeOpenAIServer,
} from '@eval-factory/testkit';
import { fixture, runCli, tempDir } from './support.js';

const ENV = {
  MODEL_KEY: 'sk-test-model-key-0123456789',
  GPT_JUDGE_API_KEY: 'sk-test-gpt-judge-0123456789',
  LLAMA_JUDGE_API_KEY: 'nvapi-test-llama-judge-0123456789',
  CLAUDE_JUDGE_API_KEY: 'sk-ant-test-claude-judge-0123456789',
};

let dir: string;
let model: FakeOpenAIServer;
let judges: FakeJudgeServer;
let suiteFile: string;
beforeAll(async () => {
  dir = tempDir('ef-shards-');
  model = await startFakeOpenAIServer({ answer: (q) => `Plan for ${q.prompt.length} characters: rest and fluids.` });
  judges = await startFakeJudgeServer({ reply: () => rubricReply({ accuracy: 4, completeness: 3, clarity: 5 }) });
  const judge = (url: string, id: string, provider = 'openai_compatible') =>
    `{enabled: true, provider: ${provider}, url: '${url}', model_id: ${id}, auth: api_key, max_tokens: 512, temperature: 0}`;
  suiteFile = join(dir, 'mts.yml');
  const yaml = [
    'suite: mts',
    'targets:',
    `  - api_endpoint: {url: '${model.url}', model_id: org/alpha, type: chat, api_key_name: MODEL_KEY}`,
    'evaluation:',
    `  params: {parallelism: 2, extra: {data_path: '${join(fixture('mtsamples_replicate'), 'mtsamples_processed')}', judges: {gpt: ${judge(judges.url, 'judge-gpt')}, llama: ${judge(judges.url, 'judge-llama')}, claude: ${judge(judges.anthropicUrl, 'judge-claude', 'nvidia_anthropic')}}}}`,
    '  tasks: [mtsamples_replicate]',
    '',
  ].join('\n');
  writeFileSync(suiteFile, yaml);
}, 60_000);
afterAll(async () => {
  await model.close();
  await judges.close();
});

const suite = (out: string, extra: string[] = []) =>
  runCli(['run_suite', '--suite_config', suiteFile, '--output_dir', out, ...extra], { env: ENV });
/** Each of the 3 units by itself (`--unit K`, as cluster tasks run them): nothing merged yet. */
async function unitsOnly(out: string): Promise<void> {
  for (const unit of ['0', '1', '2']) {
    const r = await suite(out, ['--max-instances-per-unit', '5', '--unit', unit]);
    expect(r.code).toBe(0);
  }
}
const job = (out: string) => join(out, 'mts', 'org_alpha', 'mtsamples_replicate');
const results = (out: string) => readFileSync(join(job(out), 'results.jsonl'), 'utf8');
const mergeReport = (out: string) =>
  JSON.parse(readFileSync(join(job(out), 'merge.json'), 'utf8')) as { complete: boolean };
const rows = (out: string) =>
  results(out)
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { instance_id: string; status: string; reason?: string });

describe('27.10 shards of a benchmark with a corrected set', () => {
  let single: string;
  beforeAll(async () => {
    single = join(dir, 'single');
    const r = await suite(single);
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);
  }, 120_000);

  it('27.10 mtsamples_replicate in 3 shards, merged: byte-identical results.jsonl, corrected set included', async () => {
    const ids = rows(single).map((r) => r.instance_id);
    expect(ids.some((id) => id.startsWith('c-'))).toBe(true);
    const out = join(dir, 'sharded');
    const r = await suite(out, ['--max-instances-per-unit', '5']);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.stderr).not.toContain('EF_UNIT_MISSING');
    expect(r.stderr).toMatch(/1 jobs in 3 units/);
    expect(r.code).toBe(0);
    expect(results(out)).toBe(results(single));
    expect(mergeReport(out).complete).toBe(true);
  }, 240_000);

  it('27.10 an instance no unit answered (a unit whose cache.db is gone) leaves merge.json complete: false', async () => {
    const out = join(dir, 'no-cache');
    await unitsOnly(out);
    rmSync(join(job(out), 'units', '1-of-3', 'cache.db'));
    const merged = await runCli(['merge', join(out, 'mts')], { env: ENV });
    expect(merged.stderr).not.toMatch(/^\s+at /m);
    expect(rows(out).some((l) => l.status === 'failed' && l.reason?.includes('EF_UNIT_MISSING'))).toBe(true);
    expect(mergeReport(out).complete).toBe(false);
    expect(merged.stderr).toMatch(
      /error\[EF_UNIT_MISSING\]: .*unit 1 \(org_alpha\/mtsamples_replicate\/units\/1-of-3: \d+ of its \d+ instances not in its cache.db\)/,
    );
    expect(merged.code).toBe(1);
  }, 240_000);

  it("27.18 a unit folder copied over another shard's is not done: the merge names it and is incomplete", async () => {
    const out = join(dir, 'copied');
    await unitsOnly(out);
    const units = join(job(out), 'units');
    rmSync(join(units, '2-of-3'), { recursive: true });
    cpSync(join(units, '1-of-3'), join(units, '2-of-3'), { recursive: true });
    const status = await runCli(['status', join(out, 'mts')], { env: ENV });
    expect(status.stdout).toContain('2 of 3 units done');
    const merged = await runCli(['merge', join(out, 'mts')], { env: ENV });
    expect(merged.stderr).not.toMatch(/^\s+at /m);
    expect(merged.stderr).toMatch(
      /error\[EF_UNIT_MISSING\]: .*unit 2 \(org_alpha\/mtsamples_replicate\/units\/2-of-3: holds shard 1\/3's run, not its own\)/,
    );
    expect(mergeReport(out).complete).toBe(false);
    expect(merged.code).toBe(1);
  }, 240_000);
});
