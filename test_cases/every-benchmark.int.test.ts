import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { writeFixtureDocx } from '../packages/benchmarks/src/race_based_med/docx-fixture.js';
import { fixture, readJsonl, runCli, tempDir, writeRunConfig } from './support.js';

/**
 * Every available public benchmark, end to end through the real CLI and engine, on its self-written fixture, against
 * the loopback server: exit 0, the output files, the main metric in results.yml, every instance accounted for.
 */
const BENCHMARKS: Record<
  string,
  { main: string; data: () => Promise<string> | string; extra?: Record<string, unknown> }
> = {
  medcalc_bench: { main: 'medcalc_bench_accuracy', data: () => fixture('medcalc_bench') },
  medec: { main: 'medec_error_flag_accuracy', data: () => fixture('medec') },
  race_based_med: { main: 'exact_match', data: async () => dirname(await writeFixtureDocx()) },
  medhallu: { main: 'exact_match', data: () => fixture('medhallu') },
  ehr_sql: { main: 'ehr_sql_execution_accuracy', data: () => fixture('ehr_sql') },
  ehrshot: { main: 'exact_match', data: () => join(fixture('ehrshot'), 'meds'), extra: { subject: 'guo_los' } },
  clear: { main: 'exact_match', data: () => fixture('clear'), extra: { condition: 'alcohol_dependence' } },
  n2c2_ct_matching: { main: 'exact_match', data: () => fixture('n2c2_ct_matching'), extra: { subject: 'ABDOMINAL' } },
  medhelm_med_qa: { main: 'exact_match', data: () => fixture('medhelm_med_qa') },
  medhelm_med_mcqa: { main: 'exact_match', data: () => fixture('medhelm_med_mcqa') },
  mimiciv_billing_code: {
    main: 'mimiciv_billing_code_f1',
    data: () => join(fixture('mimiciv_billing_code'), 'mimiciv_icd10.jsonl'),
  },
};

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterAll(async () => server.close());

describe.each(Object.entries(BENCHMARKS))('%s end to end', (name, { main, data, extra }) => {
  it('runs, writes every file and reports its main metric', async () => {
    const out = join(tempDir(), 'out');
    const rc = writeRunConfig(tempDir(), {
      config: { type: name, output_dir: out, params: { parallelism: 4, extra: { data_path: await data(), ...extra } } },
      target: { api_endpoint: { url: server.url, model_id: 'fake-model', type: 'chat' } },
    });
    const r = await runCli(['run_eval', '--run_config', rc]);
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);
    for (const f of [
      'results.yml',
      'evaluation_config.yaml',
      'eval_factory_metrics.json',
      'results.jsonl',
      'instances.jsonl',
      'responses/model.jsonl',
    ]) {
      expect(existsSync(join(out, f))).toBe(true);
    }
    const results = parse(readFileSync(join(out, 'results.yml'), 'utf8'));
    expect(Number.isFinite(results.results.tasks[name].metrics[main].scores.mean.value)).toBe(true);
    const evaluation = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
    const c = evaluation.counts.instances;
    expect(c.scored + c.failed + c.unscored).toBe(c.evaluated);
    expect(readJsonl(join(out, 'results.jsonl')).length).toBe(c.evaluated);
    expect(evaluation.metrics.find((m: { main: boolean }) => m.main).name).toBe(main);
  });
});
