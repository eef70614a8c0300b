import { helmAnnotations } from './helm-annotations.js';
import { join } from 'node:path';
import { HELM_RUN_FILES, type BenchmarkDefinition, type HelmAdapterSpec, type Stat } from '@eval-factory/types';
import { statFromValues } from '@eval-factory/metrics';
import type { ModelCallRecord } from '../clients/index.js';
import type { ScoredResult } from '../runner/score.js';
import { writeFileAtomic } from '@eval-factory/files';
import { JsonArrayWriter } from './atomic.js';
import { helmElementJson, helmJson } from './helm-json.js';
import { perInstanceStatsJson, StatTexts } from './per-instance-stats.js';
import { helmRequestResult } from './helm-request-result.js';

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

/** Per-instance HELM stats: the benchmark metrics plus the bookkeeping stats HELM's UI expects (docs/architecture.md). */
function perInstanceValues(
  r: ScoredResult,
  record: ModelCallRecord | undefined,
  numTrainInstances: number,
): Record<string, number> {
  // Object.assign, not `{ ...r.metrics, … }`: V8 cloned the spread 30× slower (25 µs per instance). The same
  // fields in the same order: metrics are plain data fields set by `scoreOne`.
  const values: Record<string, number> = Object.assign({}, r.metrics);
  values.num_train_instances = numTrainInstances;
  values.prompt_truncated = 0;
  values.num_references = r.instance.references.length;
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

export interface HelmRunSpec {
  readonly dir: string;
  readonly runName: string;
  readonly benchmark: BenchmarkDefinition;
  readonly scenarioArgs: Readonly<Record<string, unknown>>;
  /** The spec as sent (adapters/adapter-spec-as-sent.ts), recorded in run_spec.json and scenario_state.json. */
  readonly adapter: HelmAdapterSpec;
  /** In-context examples in each prompt; 0 (every shipped benchmark is zero-shot) when not given. */
  readonly numTrainInstances?: number;
  readonly model: string;
  readonly deployment: string;
}

/**
 * The HELM run files, written result by result in request order: a run hands each scored answer over as soon as
 * the answers before it are in (runner/in-order-results.ts), so once the last answer arrives only the small files
 * are left to write. scenario_state and per_instance_stats grow in temp files and are renamed into place on
 * `close`; the run Stats accumulate as results pass.
 */
export class HelmRunWriter {
  private readonly runAcc = new RunAccumulator();
  private readonly statTexts = new StatTexts();
  private readonly trials = new Set<number>();
  private count = 0;
  private firstSplit: string | null = null;

  private constructor(
    private readonly spec: HelmRunSpec,
    private readonly states: JsonArrayWriter,
    private readonly perInstance: JsonArrayWriter,
  ) {}

  static async open(spec: HelmRunSpec): Promise<HelmRunWriter> {
    const adapterJson = JSON.stringify(HelmRunWriter.adapterSpec(spec), null, 2).replace(/\n/g, '\n  ');
    const states = await JsonArrayWriter.open(
      join(spec.dir, HELM_RUN_FILES.scenarioState),
      `{\n  "adapter_spec": ${adapterJson},\n  "request_states": `,
    );
    try {
      return new HelmRunWriter(
        spec,
        states,
        await JsonArrayWriter.open(join(spec.dir, HELM_RUN_FILES.perInstanceStats)),
      );
    } catch (error) {
      await states.discard();
      throw error;
    }
  }

  private static adapterSpec(spec: HelmRunSpec): Record<string, unknown> {
    return { ...spec.adapter, model: spec.model, model_deployment: spec.deployment };
  }

  /** The next result in request order; the promise waits only when the disk is far behind (callers may ignore it). */
  add(r: ScoredResult, record: ModelCallRecord | undefined): Promise<void> {
    const trial = r.request.train_trial_index;
    const values = perInstanceValues(r, record, this.spec.numTrainInstances ?? 0);
    for (const name of Object.keys(values)) this.runAcc.add(name, r.instance.split, trial, values[name]);
    this.trials.add(trial);
    this.firstSplit ??= r.instance.split;
    this.count++;
    const state = this.states.push(helmElementJson(requestState(r, record, this.spec)));
    const stats = this.perInstance.push(
      perInstanceStatsJson(this.statTexts, r.instance.id, trial, r.instance.split, values),
    );
    return Promise.all([state, stats]).then(() => undefined);
  }

  /** Writes the small files and renames the two large ones into place. */
  async close(): Promise<void> {
    const { spec } = this;
    const runSpec = {
      name: spec.runName,
      scenario_spec: { class_name: `eval_factory.scenarios.${spec.benchmark.name}`, args: spec.scenarioArgs },
      adapter_spec: HelmRunWriter.adapterSpec(spec),
      metric_specs: spec.benchmark.metrics.map((f) => ({ class_name: `eval_factory.metrics.${f.name}`, args: {} })),
      data_augmenter_spec: DATA_AUGMENTER_SPEC,
      groups: [helmRunGroup(spec.runName)],
    };
    await writeFileAtomic(join(spec.dir, HELM_RUN_FILES.runSpec), helmJson(runSpec));
    await writeFileAtomic(
      join(spec.dir, HELM_RUN_FILES.scenario),
      helmJson({
        name: spec.benchmark.name,
        description: spec.benchmark.description,
        tags: [],
        definition_path: `packages/benchmarks/src/${spec.benchmark.name}/definition.ts`,
      }),
    );
    await this.states.close('\n}');
    await this.perInstance.close();
    await writeFileAtomic(join(spec.dir, HELM_RUN_FILES.stats), helmJson(this.runStats()));
  }

  /** Drops the temp files (the run failed before `close`). */
  async discard(): Promise<void> {
    await Promise.all([this.states.discard(), this.perInstance.discard()]);
  }

  /** HELM aggregation: per trial the mean of per-instance values, then a Stat over the trial means (count = trials). */
  private runStats(): Stat[] {
    const stats = this.runAcc.entries.map((e) =>
      statFromValues(
        { name: e.name, split: e.split },
        [...e.trials.values()].map((t) => t.sum / t.n),
      ),
    );
    const split = this.firstSplit ?? 'test';
    stats.push(statFromValues({ name: 'num_instances', split }, [this.count / Math.max(1, this.trials.size)]));
    stats.push(statFromValues({ name: 'num_train_trials', split }, [this.trials.size]));
    return stats;
  }
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

function requestState(
  r: ScoredResult,
  record: ModelCallRecord | undefined,
  spec: HelmRunSpec,
): Record<string, unknown> {
  const q = r.request;
  const { deployment, model } = spec;
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
      prompt: record?.prompt ?? q.prompt,
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
    result: helmRequestResult(record, r.reason),
    num_train_instances: spec.numTrainInstances ?? 0,
    prompt_truncated: false,
    num_conditioning_tokens: 0,
    ...(r.annotations ? { annotations: helmAnnotations(r.annotations, spec.benchmark) } : {}),
  };
}

/**
 * The run group HELM files a run under: its run name's scenario part (`med_qa:model=…` → `med_qa`,
 * `med_dialog,subset=icliniq:model=…` → `med_dialog`), which is what MedHELM's run specs give as `groups` and what
 * schema_medhelm.yaml's run groups name. helm-summarize places runs in its tables by this field only, so our own
 * benchmark name (`medhelm_med_qa`) would leave the run out of MedQA's table.
 */
export function helmRunGroup(runName: string): string {
  return runName.split(/[:,]/, 1)[0] ?? runName;
}
