import { helmAnnotations } from './helm-annotations.js';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { HELM_RUN_FILES, type BenchmarkDefinition, type HelmAdapterSpec } from '@eval-factory/types';
import type { ModelCallRecord } from '../clients/index.js';
import type { ScoredResult } from '../runner/score.js';
import { writeFileAtomic } from '@eval-factory/files';
import { JsonArrayWriter } from './atomic.js';
import { bothWritten } from './written.js';
import { helmElementJson, helmJson } from './helm-json.js';
import { perInstanceStatsPieces, StatTexts } from './per-instance-stats.js';
import { helmRequestResult } from './helm-request-result.js';
import { perInstanceValues, RunStats } from './helm-run-stats.js';

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
  private readonly runStats = new RunStats();
  private readonly statTexts = new StatTexts();

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
    this.runStats.add(values, r.instance.split, trial);
    const state = this.states.push(helmElementJson(requestState(r, record, this.spec)));
    const stats = this.perInstance.pushPieces(
      perInstanceStatsPieces(this.statTexts, r.instance.id, trial, r.instance.split, values),
    );
    return bothWritten(state, stats);
  }

  /**
   * Writes the small files and renames the two large ones into place, all at once: renaming over a previous run's
   * file frees that file's pages (20–50 ms for a large one), so one after the other they added up at the end of a
   * run. Each goes into place or fails on its own; the first failure is thrown once all have ended. stats.json,
   * which a reader takes for a finished run, goes first and comes back last: a previous run's must not vouch for
   * a folder where some of this run's files are in place and others failed.
   */
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
    const scenario = {
      name: spec.benchmark.name,
      description: spec.benchmark.description,
      tags: [],
      definition_path: `packages/benchmarks/src/${spec.benchmark.name}/definition.ts`,
    };
    await rm(join(spec.dir, HELM_RUN_FILES.stats), { force: true });
    const closed = await Promise.allSettled([
      writeFileAtomic(join(spec.dir, HELM_RUN_FILES.runSpec), helmJson(runSpec)),
      writeFileAtomic(join(spec.dir, HELM_RUN_FILES.scenario), helmJson(scenario)),
      this.states.close('\n}'),
      this.perInstance.close(),
    ]);
    const failed = closed.find((c) => c.status === 'rejected');
    if (failed) throw failed.reason;
    await writeFileAtomic(join(spec.dir, HELM_RUN_FILES.stats), helmJson(this.runStats.stats()));
  }

  /** Drops the temp files (the run failed before `close`). */
  async discard(): Promise<void> {
    await Promise.all([this.states.discard(), this.perInstance.discard()]);
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
