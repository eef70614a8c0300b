import { join } from 'node:path';
import type { AdapterSpec, BenchmarkDefinition, Stat } from '@eval-factory/types';
import { statFromValues } from '@eval-factory/metrics';
import type { ModelCallRecord } from '../clients/index.js';
import type { ScoredResult } from '../runner/score.js';
import { helmJson, writeFileAtomic, writeJsonArrayAtomic, writeJsonTextArrayAtomic } from './atomic.js';
import { perInstanceStatsJson, StatTexts } from './per-instance-stats.js';

const DATA_AUGMENTER_SPEC = {
  perturbation_specs: [],
  should_augment_train_instances: false,
  should_include_original_train: false,
  should_skip_unchanged_train: false,
  should_augment_eval_instances: false,
  should_include_original_eval: false,
  should_skip_unchanged_eval: false,
  seeds_per_instance: 1,
};

/** Per-instance HELM stats: the benchmark metrics plus the bookkeeping stats HELM's UI expects (engine.md §10). */
function perInstanceValues(r: ScoredResult, record: ModelCallRecord | undefined): Record<string, number> {
  // Object.assign, not `{ ...r.metrics, … }`: V8 cloned the spread 30× slower (25 µs per instance). The same
  // fields in the same order: metrics are plain data fields set by `scoreOne`.
  const values: Record<string, number> = Object.assign({}, r.metrics);
  values.num_train_instances = 0;
  values.prompt_truncated = 0;
  values.num_references = r.instance.references.length;
  const o = record?.outcome;
  values.num_failed_requests = o && o.ok ? 0 : 1;
  if (o && o.ok) {
    values.num_cached_requests = o.cached ? 1 : 0;
    if (o.usage?.prompt_tokens != null) values.num_prompt_tokens = o.usage.prompt_tokens;
    if (o.usage?.completion_tokens != null) {
      values.num_completion_tokens = o.usage.completion_tokens;
      values.num_output_tokens = o.usage.completion_tokens;
    }
    if (!o.cached) values.inference_runtime = o.request_time_s;
    // Named stores, not `values[`finish_reason_${k}`]`: computed keys made a new key string per stat and could
    // leave `values` in slow dictionary mode.
    const reason = o.completions[0]?.finish_reason ?? 'unknown';
    values.finish_reason_length = reason === 'length' ? 1 : 0;
    values.finish_reason_stop = reason === 'stop' ? 1 : 0;
    values.finish_reason_endoftext = reason === 'endoftext' ? 1 : 0;
    values.finish_reason_unknown = reason === 'length' || reason === 'stop' || reason === 'endoftext' ? 0 : 1;
  }
  return values;
}

/** Writes runs/<suite>/<run_dir>/{run_spec,scenario,scenario_state,stats,per_instance_stats}.json. */
export async function writeHelmFiles(opts: {
  dir: string;
  runName: string;
  benchmark: BenchmarkDefinition;
  scenarioArgs: Readonly<Record<string, unknown>>;
  adapter: AdapterSpec;
  model: string;
  deployment: string;
  results: readonly ScoredResult[];
  records: readonly (ModelCallRecord | undefined)[];
}): Promise<void> {
  const { dir, benchmark, adapter, results, records } = opts;
  const adapter_spec = { ...adapter, model: opts.model, model_deployment: opts.deployment };
  const runSpec = {
    name: opts.runName,
    scenario_spec: { class_name: `eval_factory.scenarios.${benchmark.name}`, args: opts.scenarioArgs },
    adapter_spec,
    metric_specs: benchmark.metrics.map((f) => ({ class_name: `eval_factory.metrics.${f.name}`, args: {} })),
    data_augmenter_spec: DATA_AUGMENTER_SPEC,
    groups: [benchmark.name],
  };
  // One pass over the values: per-instance Stats are written as they are built, and the run Stats accumulate sums.
  const runAcc = new RunAccumulator();
  const statTexts = new StatTexts();
  const perInstance = (function* (): Generator<string> {
    for (let i = 0; i < results.length; i++) {
      const r = results[i];
      const trial = r.request.train_trial_index;
      const values = perInstanceValues(r, records[i]);
      for (const name of Object.keys(values)) runAcc.add(name, r.instance.split, trial, values[name]);
      yield perInstanceStatsJson(statTexts, r.instance.id, trial, r.instance.split, values);
    }
  })();
  await writeFileAtomic(join(dir, 'run_spec.json'), helmJson(runSpec));
  await writeFileAtomic(join(dir, 'scenario.json'), helmJson({ name: benchmark.name, description: benchmark.description, tags: [], definition_path: `packages/benchmarks/src/${benchmark.name}/definition.ts` }));
  const states = (function* () {
    for (let i = 0; i < results.length; i++) yield requestState(results[i], records[i], opts.deployment, opts.model);
  })();
  const adapterJson = JSON.stringify(adapter_spec, null, 2).replace(/\n/g, '\n  ');
  await writeJsonArrayAtomic(join(dir, 'scenario_state.json'), states, `{\n  "adapter_spec": ${adapterJson},\n  "request_states": `, '\n}');
  await writeJsonTextArrayAtomic(join(dir, 'per_instance_stats.json'), perInstance);
  await writeFileAtomic(join(dir, 'stats.json'), helmJson(runStats(runAcc, results)));
}

interface RunEntry {
  readonly name: string;
  readonly split: string;
  readonly trials: Map<number, { sum: number; n: number }>;
}

/**
 * Sums of every (name, split) per trial, in order of first appearance (the order of stats.json). Looked up by
 * split then name: no key string is built for each of the ~200,000 values.
 */
class RunAccumulator {
  readonly entries: RunEntry[] = [];
  private readonly index = new Map<string, Map<string, RunEntry>>();

  add(name: string, split: string, trial: number, v: number): void {
    let byName = this.index.get(split);
    if (!byName) this.index.set(split, (byName = new Map()));
    let entry = byName.get(name);
    if (!entry) {
      entry = { name, split, trials: new Map() };
      byName.set(name, entry);
      this.entries.push(entry);
    }
    const t = entry.trials.get(trial);
    if (t) {
      t.sum += v;
      t.n++;
    } else entry.trials.set(trial, { sum: v, n: 1 });
  }
}

/** HELM aggregation: per trial the mean of per-instance values, then a Stat over the trial means (count = trials). */
function runStats(acc: RunAccumulator, results: readonly ScoredResult[]): Stat[] {
  const stats = acc.entries.map((e) => statFromValues({ name: e.name, split: e.split }, [...e.trials.values()].map((t) => t.sum / t.n)));
  const trials = new Set(results.map((r) => r.request.train_trial_index));
  stats.push(statFromValues({ name: 'num_instances', split: results[0]?.instance.split ?? 'test' }, [results.length / Math.max(1, trials.size)]));
  stats.push(statFromValues({ name: 'num_train_trials', split: results[0]?.instance.split ?? 'test' }, [trials.size]));
  return stats;
}

function requestState(r: ScoredResult, record: ModelCallRecord | undefined, deployment: string, model: string): Record<string, unknown> {
  const q = r.request;
  const o = record?.outcome;
  return {
    instance: { input: r.instance.input, references: r.instance.references, split: r.instance.split, id: r.instance.id, extra_data: r.instance.extra_data },
    train_trial_index: q.train_trial_index,
    output_mapping: q.output_mapping,
    request: { model_deployment: deployment, model, embedding: false, prompt: q.prompt, temperature: q.temperature, num_completions: q.num_completions, top_k_per_token: q.top_k_per_token, max_tokens: q.max_tokens, stop_sequences: q.stop, echo_prompt: false, top_p: q.top_p ?? 1, presence_penalty: 0, frequency_penalty: 0 },
    result: {
      success: o?.ok ?? false,
      embedding: [],
      completions: o && o.ok ? o.completions.map((c) => ({ text: c.text, logprob: 0, tokens: [], ...(c.finish_reason ? { finish_reason: { reason: c.finish_reason } } : {}) })) : [],
      cached: o && o.ok ? o.cached : false,
      request_time: o && o.ok ? o.request_time_s : undefined,
      request_datetime: record ? Math.floor(Date.parse(record.request_datetime) / 1000) : undefined,
      error: o && !o.ok ? o.message : r.reason,
    },
    num_train_instances: 0,
    prompt_truncated: false,
    num_conditioning_tokens: 0,
  };
}
