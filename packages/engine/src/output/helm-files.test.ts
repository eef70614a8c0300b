import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type {
  AdapterSpec,
  BenchmarkDefinition,
  Instance,
  PromptRequest,
  RequestOutcome,
  Stat,
} from '@eval-factory/types';
import { statFromValues } from '@eval-factory/metrics';
import type { ModelCallRecord } from '../clients/index.js';
import type { ScoredResult } from '../runner/score.js';
import { WRITTEN } from './written.js';
import { helmRunGroup, HelmRunWriter, type HelmRunSpec } from './helm-files.js';

/** Many kinds of result: cached and live, failed and never sent, every finish reason, two trials and splits, nulls in extra data. */
function fixture(n: number): { results: ScoredResult[]; records: (ModelCallRecord | undefined)[] } {
  const results: ScoredResult[] = [];
  const records: (ModelCallRecord | undefined)[] = [];
  for (let i = 0; i < n; i++) {
    const instance: Instance = {
      id: `id${i % 40}`,
      input: { text: `Question ${i}?\n"quoted" \u2028` },
      references: [
        { output: { text: 'yes' }, tags: ['correct'] },
        { output: { text: 'no' }, tags: [] },
      ],
      split: i % 9 === 0 ? 'valid' : 'test',
      ...(i % 5 === 0 ? { extra_data: { a: null, b: [null, 1, { c: null, d: 'x' }], 10: null, 9: 'nine' } } : {}),
    };
    const request: PromptRequest = {
      instance_id: instance.id,
      train_trial_index: i < 40 ? 0 : 1,
      prompt: `Prompt ${i}\nAnswer:`,
      temperature: 0,
      max_tokens: 1,
      stop: i % 4 === 0 ? ['\n'] : [],
      top_p: i % 3 === 0 ? 0.9 : null,
      num_completions: 1,
      top_k_per_token: 5,
      ...(i % 2 === 0 ? { output_mapping: { A: 'yes', B: 'no' } } : {}),
    };
    const outcome = outcomeOf(i);
    records.push(
      i % 17 === 16
        ? undefined
        : {
            body: { model: 'm', prompt: request.prompt },
            outcome,
            retries: [],
            request_datetime: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
            ...(i % 2 ? { original_request_time_s: 0.5 } : {}),
          },
    );
    const metrics: Record<string, number> = {};
    if (outcome.ok)
      for (const [k, v] of Object.entries(
        i % 11 === 0 ? { b: 1, 10: 0.5, a: 0 } : { exact_match: i % 3 === 0 ? 0 : 1, 'exact_match@5': 1, score: i / 7 },
      ))
        metrics[k] = v;
    results.push({
      request,
      instance,
      status: outcome.ok ? 'ok' : 'failed',
      ...(outcome.ok ? {} : { reason: `server_error: boom ${i}` }),
      prediction: outcome.ok ? 'A' : null,
      metrics,
      flags: [],
    });
  }
  return { results, records };
}

function outcomeOf(i: number): RequestOutcome {
  if (i % 7 === 6)
    return { ok: false, error_kind: 'server_error', message: `boom ${i}`, retriable: true, fatal: false, attempts: 3 };
  const finish_reason = [null, 'stop', 'length', 'content_filter', 'endoftext', '', 'unknown'][i % 7];
  const usage =
    i % 5 === 1
      ? null
      : { prompt_tokens: 100 + (i % 13), completion_tokens: i % 4 === 0 ? null : 1, total_tokens: null };
  return {
    ok: true,
    completions: [{ text: 'A', finish_reason }],
    usage,
    cached: i % 2 === 0,
    request_time_s: 0.1 + i / 1000,
    attempts: i % 2 ? 1 : 0,
  };
}

const adapter = {
  method: 'multiple_choice_joint',
  instructions: 'Pick "A".\n',
  max_tokens: 1,
  stop_sequences: [],
  eval_splits: ['valid', 'test'],
} as unknown as AdapterSpec;
const benchmark = {
  name: 'bench_x',
  description: 'A "test" benchmark',
  metrics: [{ name: 'exact_match', metrics: [], compute: () => ({}) }],
} as unknown as BenchmarkDefinition;

/** Every result through one writer, in order (what a run's result sink does). */
async function writeHelmFiles(
  opts: HelmRunSpec & { results: readonly ScoredResult[]; records: readonly (ModelCallRecord | undefined)[] },
): Promise<void> {
  const writer = await HelmRunWriter.open(opts);
  for (let i = 0; i < opts.results.length; i++) await writer.add(opts.results[i], opts.records[i]);
  await writer.close();
}

describe('HelmRunWriter', () => {
  it('writes the files byte for byte as the previous implementation did', async () => {
    const { results, records } = fixture(80);
    const dir = mkdtempSync(join(tmpdir(), 'ef-helm-'));
    await writeHelmFiles({
      dir,
      runName: 'bench_x:model=m',
      benchmark,
      scenarioArgs: { a: null, b: 1 },
      adapter,
      model: 'm',
      deployment: 'd/m',
      results,
      records,
    });
    const expected = oracleFiles(results, records, 'd/m', 'm');
    for (const [name, text] of Object.entries(expected))
      expect([name, readFileSync(join(dir, name), 'utf8')]).toEqual([name, text]);
  });

  it("makes no promise per result while the disk keeps up: each add gives back the writers' settled one", async () => {
    const { results, records } = fixture(40);
    const dir = mkdtempSync(join(tmpdir(), 'ef-helm-'));
    const spec = {
      dir,
      runName: 'bench_x:model=m',
      benchmark,
      scenarioArgs: {},
      adapter,
      model: 'm',
      deployment: 'd/m',
    };
    const writer = await HelmRunWriter.open(spec);
    const added = results.map((r, i) => writer.add(r, records[i]));
    await writer.close();
    expect(added.filter((p) => p !== WRITTEN)).toEqual([]);
  });

  it('puts every file it can in place when one cannot be, and leaves no temp file behind', async () => {
    const { results, records } = fixture(10);
    const dir = mkdtempSync(join(tmpdir(), 'ef-helm-'));
    // A folder where scenario_state.json goes: that rename fails, the others must not depend on it.
    mkdirSync(join(dir, 'scenario_state.json'));
    writeFileSync(join(dir, 'scenario_state.json', 'keep'), '');
    const spec = {
      dir,
      runName: 'bench_x:model=m',
      benchmark,
      scenarioArgs: {},
      adapter,
      model: 'm',
      deployment: 'd/m',
    };
    await expect(writeHelmFiles({ ...spec, results, records })).rejects.toThrow();
    expect(JSON.parse(readFileSync(join(dir, 'per_instance_stats.json'), 'utf8'))).toHaveLength(10);
    expect(readdirSync(dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it("takes a previous run's stats.json away when this run's files could not all be put in place", async () => {
    const { results, records } = fixture(10);
    const dir = mkdtempSync(join(tmpdir(), 'ef-helm-'));
    writeFileSync(join(dir, 'stats.json'), '[]\n'); // the previous run's: it said that run had finished
    mkdirSync(join(dir, 'scenario_state.json'));
    writeFileSync(join(dir, 'scenario_state.json', 'keep'), '');
    const spec = {
      dir,
      runName: 'bench_x:model=m',
      benchmark,
      scenarioArgs: {},
      adapter,
      model: 'm',
      deployment: 'd/m',
    };
    await expect(writeHelmFiles({ ...spec, results, records })).rejects.toThrow();
    expect(readdirSync(dir)).not.toContain('stats.json');
  });
});

// ---- The previous implementation (before the writers were sped up), kept as the oracle of the file bytes. ----

const omitNull = (_key: string, value: unknown): unknown => (value === null ? undefined : value);
const oldHelmJson = (value: unknown) => `${JSON.stringify(value, omitNull, 2)}\n`;
const oldArrayFile = (items: readonly unknown[], prefix = '', suffix = '') =>
  `${prefix}[${items.map((x) => `\n${JSON.stringify(x, omitNull, 2)}`).join(',')}${items.length ? '\n' : ''}]${suffix}\n`;

function oracleFiles(
  results: readonly ScoredResult[],
  records: readonly (ModelCallRecord | undefined)[],
  deployment: string,
  model: string,
): Record<string, string> {
  const acc = new Map<string, { name: string; split: string; trials: Map<number, { sum: number; n: number }> }>();
  const perInstance = results.map((r, i) => {
    const trial = r.request.train_trial_index;
    const stats: Stat[] = [];
    for (const [name, v] of Object.entries(oldPerInstanceValues(r, records[i]))) {
      stats.push({
        name: { name, split: r.instance.split },
        count: 1,
        sum: v,
        sum_squared: v * v,
        min: v,
        max: v,
        mean: v,
        variance: 0,
        stddev: 0,
      });
      const key = `${name}\u0000${r.instance.split}`;
      let entry = acc.get(key);
      if (!entry) acc.set(key, (entry = { name, split: r.instance.split, trials: new Map() }));
      const t = entry.trials.get(trial);
      if (t) {
        t.sum += v;
        t.n++;
      } else entry.trials.set(trial, { sum: v, n: 1 });
    }
    return { instance_id: r.instance.id, train_trial_index: trial, stats };
  });
  const runStats = [...acc.values()].map((e) =>
    statFromValues(
      { name: e.name, split: e.split },
      [...e.trials.values()].map((t) => t.sum / t.n),
    ),
  );
  const trials = new Set(results.map((r) => r.request.train_trial_index));
  runStats.push(
    statFromValues({ name: 'num_instances', split: results[0]?.instance.split ?? 'test' }, [
      results.length / Math.max(1, trials.size),
    ]),
  );
  runStats.push(
    statFromValues({ name: 'num_train_trials', split: results[0]?.instance.split ?? 'test' }, [trials.size]),
  );
  const adapterJson = JSON.stringify({ ...adapter, model, model_deployment: deployment }, null, 2).replace(
    /\n/g,
    '\n  ',
  );
  return {
    'scenario_state.json': oldArrayFile(
      results.map((r, i) => oldRequestState(r, records[i], deployment, model)),
      `{\n  "adapter_spec": ${adapterJson},\n  "request_states": `,
      '\n}',
    ),
    'per_instance_stats.json': oldArrayFile(perInstance),
    'stats.json': oldHelmJson(runStats),
  };
}

function oldPerInstanceValues(r: ScoredResult, record: ModelCallRecord | undefined): Record<string, number> {
  const values: Record<string, number> = {
    ...r.metrics,
    num_train_instances: 0,
    prompt_truncated: 0,
    num_references: r.instance.references.length,
  };
  const o = record?.outcome;
  values.num_failed_requests = o?.ok ? 0 : 1;
  if (o?.ok) {
    values.num_cached_requests = o.cached ? 1 : 0;
    if (o.usage?.prompt_tokens != null) values.num_prompt_tokens = o.usage.prompt_tokens;
    if (o.usage?.completion_tokens != null) {
      values.num_completion_tokens = o.usage.completion_tokens;
      values.num_output_tokens = o.usage.completion_tokens;
    }
    if (!o.cached) values.inference_runtime = o.request_time_s;
    const reason = o.completions[0]?.finish_reason ?? 'unknown';
    for (const k of ['length', 'stop', 'endoftext', 'unknown'])
      values[`finish_reason_${k}`] =
        reason === k || (k === 'unknown' && !['length', 'stop', 'endoftext'].includes(reason)) ? 1 : 0;
  }
  return values;
}

function oldRequestState(
  r: ScoredResult,
  record: ModelCallRecord | undefined,
  deployment: string,
  model: string,
): Record<string, unknown> {
  const q = r.request;
  const o = record?.outcome;
  return {
    instance: {
      input: r.instance.input,
      references: r.instance.references,
      split: r.instance.split,
      id: r.instance.id,
      extra_data: r.instance.extra_data,
    },
    train_trial_index: q.train_trial_index,
    output_mapping: q.output_mapping,
    request: {
      model_deployment: deployment,
      model,
      embedding: false,
      prompt: q.prompt,
      temperature: q.temperature,
      num_completions: q.num_completions,
      top_k_per_token: q.top_k_per_token,
      max_tokens: q.max_tokens,
      stop_sequences: q.stop,
      echo_prompt: false,
      top_p: q.top_p ?? 1,
      presence_penalty: 0,
      frequency_penalty: 0,
    },
    // Failed requests as HELM's executor keeps a non-fatal failure: one empty completion, error flags.
    result: {
      success: o?.ok ?? false,
      embedding: [],
      completions: o?.ok
        ? o.completions.map((c) => ({
            text: c.text,
            logprob: 0,
            tokens: [],
            ...(c.finish_reason ? { finish_reason: { reason: c.finish_reason } } : {}),
          }))
        : [{ text: '', logprob: 0, tokens: [] }],
      cached: o?.ok ? o.cached : false,
      request_time: o?.ok ? o.request_time_s : undefined,
      request_datetime: record ? Math.floor(Date.parse(record.request_datetime) / 1000) : undefined,
      error: o && !o.ok ? o.message : o ? r.reason : (r.reason ?? 'not sent'),
      ...(o?.ok ? {} : { error_flags: { is_retriable: o ? o.retriable : false, is_fatal: false } }),
    },
    num_train_instances: 0,
    prompt_truncated: false,
    num_conditioning_tokens: 0,
  };
}

describe('helmRunGroup', () => {
  // MedHELM's run specs (src/helm/benchmark/run_specs/medhelm_run_specs.py) give each run the group its name starts
  // with; schema_medhelm.yaml's run groups are those names.
  it.each([
    ['med_qa:model=openai_gpt-4o', 'med_qa'],
    ['med_mcqa:model=openai_gpt-4o,num_output_tokens=4000', 'med_mcqa'],
    ['med_dialog,subset=icliniq:model=openai_gpt-4o', 'med_dialog'],
    ['head_qa:language=en,category=None,model=m', 'head_qa'],
    ['ehrshot:subject=guo_los,model=m', 'ehrshot'],
    ['pubmed_qa', 'pubmed_qa'],
  ])('%s → %s', (runName, group) => expect(helmRunGroup(runName)).toBe(group));
});
