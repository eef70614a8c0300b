import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AdapterSpec, HelmAdapterSpec, Instance, LoadedData, PromptRequest } from '@eval-factory/types';
import {
  adapterSpecAsSent,
  buildAdapterSpec,
  requestPlan,
  type BuildRequestsOptions,
  type RequestPlan,
} from '../adapters/index.js';
import type { StreamedInstances } from '../selection/index.js';
import type { Diagnostics } from './diagnostics.js';
import type { PrepareOptions } from './options.js';
import { loadSelection } from './load-instances.js';
import { applyPromptTexts } from './prompt-texts.js';
import type { ResolvedRun } from './resolve-run.js';

export interface PreparedRun {
  readonly loaded: LoadedData;
  /** Grows while a streamed load reads its file (`loadEnded`); complete for a whole load. */
  readonly selected: readonly Instance[];
  readonly subsample: { limit: number; method: string; indices_sha256: string } | null;
  readonly adapter: AdapterSpec;
  /** What the HELM files record: the spec with the settings the requests were sent with. */
  readonly helmAdapter: HelmAdapterSpec;
  /** In-context examples in each prompt (HELM's `num_train_instances`). */
  readonly numTrainInstances: number;
  /** Built one at a time as the run sends and scores them (none is held for the whole run). */
  readonly requests: RequestPlan;
  /**
   * How the requests are built from `selected`, for `scrubPrepared` to rebuild them over scrubbed instances, with
   * `scrub` applied once to what else they are built from (the adapter, the in-context examples).
   */
  readonly planOver: (instances: readonly Instance[], scrub?: <T>(value: T) => T) => RequestPlan;
  readonly helmCompatible: boolean;
  /**
   * Every instance is read: at once for a whole load; for a streamed one when the loader reaches the end of its
   * file (rejects with its error). `loaded`'s data, the request count and the progress total are final then.
   */
  readonly loadEnded: () => Promise<void>;
  /** A streamed load's selection, which `scrubPrepared` scrubs in place; null for a whole load. */
  readonly stream: StreamedInstances | null;
}

export function defaultDataCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.EF_DATA_CACHE || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'eval-factory');
}

/** HELM runs one trial of a zero-shot benchmark; a few-shot custom benchmark runs one with its first rows. */
function warnTrials(run: ResolvedRun, adapter: AdapterSpec, diag: Diagnostics): void {
  if (run.numTrainTrials === null || run.numTrainTrials <= 1) return;
  if (adapter.max_train_instances === 0)
    diag.warn(
      'EF_TRIALS_ZERO_SHOT',
      `num_train_trials=${run.numTrainTrials} ignored: ${run.benchmark.name} is zero-shot, so HELM runs one trial`,
    );
  // Few-shot custom benchmarks: HELM samples new in-context examples per trial; we use the first rows once.
  else
    diag.warn(
      'EF_TRIALS_SINGLE',
      `num_train_trials=${run.numTrainTrials} ignored: ${run.benchmark.name} runs one trial with its first ${adapter.max_train_instances} training rows as examples`,
    );
}

/** The generation settings the command line overrides, and the in-context examples. */
function planOptions(run: ResolvedRun, options: PrepareOptions, train: readonly Instance[]): BuildRequestsOptions {
  return {
    numTrials: 1,
    ...(train.length ? { trainInstancesForTrial: () => train } : {}),
    ...(options.maxNewTokens !== null ? { maxTokensOverride: options.maxNewTokens } : {}),
    ...(options.temperature !== null ? { temperatureOverride: options.temperature } : {}),
    ...(options.topP !== null ? { topP: options.topP } : {}),
    ...(run.numOutputTokens !== null ? { numOutputTokens: run.numOutputTokens } : {}),
  };
}

/**
 * Loads the data, selects the eval instances (seed-0 rule) and plans one request per instance × trial. A streamed
 * load returns once its first instance is read; the plan grows as the rest is (load-instances.ts).
 */
export async function prepareRun(run: ResolvedRun, options: PrepareOptions, diag: Diagnostics): Promise<PreparedRun> {
  const spec = applyPromptTexts(run.benchmark.prompt, run.benchmark.name, options.promptTexts);
  const adapter = buildAdapterSpec(spec);
  const { loaded, selected, subsample, train, stream } = await loadSelection(run, options, diag, adapter);
  warnTrials(run, adapter, diag);
  const planOver = (instances: readonly Instance[], scrub = <T>(value: T) => value): RequestPlan => {
    const plan = requestPlan(scrub(adapter), instances, planOptions(run, options, scrub(train)));
    return stream ? growing(plan, stream) : plan;
  };
  const requests = planOver(selected);
  const helmCompatible =
    options.maxNewTokens === null && options.temperature === null && (options.topP === null || options.topP === 1);
  const helmAdapter = adapterSpecAsSent(adapter, requests.at(0), run.maxEvalInstances);
  return {
    loaded,
    selected,
    subsample,
    adapter,
    helmAdapter,
    numTrainInstances: train.length,
    requests,
    planOver,
    helmCompatible,
    loadEnded: stream ? () => stream.ended() : () => Promise.resolve(),
    stream,
  };
}

/** A plan over a streamed selection: its length grows with it, and `reach` waits for the loader. */
function growing(plan: RequestPlan, stream: StreamedInstances): RequestPlan {
  return {
    get length() {
      return plan.length;
    },
    at: (index) => plan.at(index),
    reach: (index) => stream.reach(index),
  };
}

/** The plan's requests one after another, each built when the loop reaches it. */
export function* planned(plan: RequestPlan): Generator<PromptRequest> {
  for (let i = 0; i < plan.length; i++) yield plan.at(i);
}
