import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunOptions } from './options.js';
import { ignoredArgFlags, resolveRun } from './resolve-run.js';

const OPTIONS: RunOptions = {
  runEntries: [],
  suite: 's',
  outputPath: '/tmp/out',
  modelConfigs: '/tmp/mc',
  maxEvalInstances: null,
  parallelism: 1,
  numTrainTrials: null,
  numOutputTokens: null,
  maxLength: null,
  dataPath: null,
  subject: null,
  condition: null,
  maxNewTokens: null,
  temperature: null,
  topP: null,
  maxRetries: 0,
  requestTimeoutS: 1,
  disableCache: true,
  cachePath: null,
  reportCorrected: true,
  promptTexts: null,
  maxFailureRate: 0.05,
  requestsPerMinute: null,
  tokensPerMinute: null,
  allowDataDrift: false,
  helmFiles: true,
  dryRun: true,
  dataCacheDir: '/tmp/cache',
};

/** A self-written definition (name `name`) and its two-row CSV in a temp folder; returns the definition path. */
function definition(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'ef-resolve-'));
  writeFileSync(join(dir, 'q.csv'), 'question,answer\nFirst?,yes\nSecond?,no\n');
  writeFileSync(
    join(dir, 'def.yml'),
    `name: ${name}\ndescription: d\ndata: {path: q.csv}\nprompt: {template: "{{question}}"}\ntask: {kind: label, answer_column: answer, labels: [yes, no]}\n`,
  );
  return join(dir, 'def.yml');
}

describe('resolveRun: custom:model=… entries run the --benchmark-file definition', () => {
  it("the definition's name names the run and its folder", async () => {
    const run = await resolveRun('custom:model=meta/llama-3.3-70b-instruct,max_eval_instances=1', {
      ...OPTIONS,
      benchmarkFile: definition('Triage-QA'),
    });
    expect(run.benchmark.name).toBe('Triage-QA');
    expect(run.entry).toBe('custom:model=meta/llama-3.3-70b-instruct,max_eval_instances=1');
    expect(run.runName).toBe('Triage-QA:model=meta_llama-3.3-70b-instruct,max_eval_instances=1');
    expect(run.runDir).toBe('Triage-QA__model=meta_llama-3.3-70b-instruct,max_eval_instances=1');
    expect([run.model, run.maxEvalInstances]).toEqual(['meta/llama-3.3-70b-instruct', 1]);
  });

  it('without --benchmark-file: EF_CUSTOM_BENCHMARK_FILE', async () => {
    await expect(resolveRun('custom:model=m', OPTIONS)).rejects.toThrow(
      expect.objectContaining({
        code: 'EF_CUSTOM_BENCHMARK_FILE',
        message: expect.stringContaining("run entry 'custom:model=m'"),
      }),
    );
  });

  it('a broken definition stops the run before anything is loaded or sent', async () => {
    await expect(resolveRun('custom:model=m', { ...OPTIONS, benchmarkFile: '/nonexistent/def.yml' })).rejects.toThrow(
      expect.objectContaining({ code: 'EF_CUSTOM_BENCHMARK_FILE' }),
    );
  });

  it('only run-level keys are valid (a custom benchmark has no arguments)', async () => {
    await expect(
      resolveRun('custom:model=m,subject=x', { ...OPTIONS, benchmarkFile: definition('t') }),
    ).rejects.toThrow(
      expect.objectContaining({
        code: 'EF_RUN_ENTRY',
        hint: expect.stringContaining('valid keys for t: model, max_eval_instances'),
      }),
    );
  });

  it('built-in entries ignore --benchmark-file', async () => {
    expect((await resolveRun('pubmed_qa:model=m', { ...OPTIONS, benchmarkFile: definition('t') })).benchmark.name).toBe(
      'pubmed_qa',
    );
  });
});

describe('resolveRun: HELM run names that are not the registry name (benchmarks-2: med_qa, med_mcqa, med_dialog,subset=…)', () => {
  it.each([
    ['medhelm_med_qa:model=openai/gpt-4o', 'med_qa:model=openai_gpt-4o', 'med_qa__model=openai_gpt-4o'],
    [
      'medhelm_med_mcqa:model=openai/gpt-4o,num_output_tokens=4000',
      'med_mcqa:model=openai_gpt-4o,num_output_tokens=4000',
      'med_mcqa__model=openai_gpt-4o,num_output_tokens=4000',
    ],
    [
      'med_dialog:subset=icliniq,model=openai/gpt-4o',
      'med_dialog,subset=icliniq:model=openai_gpt-4o',
      'med_dialog,subset=icliniq__model=openai_gpt-4o',
    ],
  ])('%s → %s', async (entry, runName, runDir) => {
    const run = await resolveRun(entry, OPTIONS);
    expect([run.runName, run.runDir]).toEqual([runName, runDir]);
  });
});

describe('ignoredArgFlags: known benchmark arguments the chosen benchmark does not take', () => {
  it('names each set flag the benchmark has no argument for, and none it uses', async () => {
    const { getBenchmark } = await import('@eval-factory/benchmarks');
    const set = { ...OPTIONS, maxLength: 4096, subject: 'guo_los', condition: null };
    const [pubmed, ehrshot, medalign] = await Promise.all(['pubmed_qa', 'ehrshot', 'medalign'].map(getBenchmark));
    expect(ignoredArgFlags(pubmed!, set)).toEqual([
      ['subject', 'guo_los'],
      ['max_length', 4096],
    ]);
    expect(ignoredArgFlags(ehrshot!, set)).toEqual([]);
    expect(ignoredArgFlags(medalign!, set)).toEqual([['subject', 'guo_los']]);
    expect(ignoredArgFlags(pubmed!, OPTIONS)).toEqual([]);
  });
});
