import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AdapterSpec, HelmAdapterSpec, Instance, LoadedData, PromptRequest } from '@eval-factory/types';
import { UserError } from '@eval-factory/errors';
import {
  adapterSpecAsSent,
  buildAdapterSpec,
  requestPlan,
  type BuildRequestsOptions,
  type RequestPlan,
} from '../adapters/index.js';
import { instancesOfShard, selectEvalInstances } from '../selection/index.js';
import type { Diagnostics } from './diagnostics.js';
import type { PrepareOptions } from './options.js';
import { applyPromptTexts } from './prompt-texts.js';
import type { ResolvedRun } from './resolve-run.js';

export interface PreparedRun {
  readonly loaded: LoadedData;
  readonly selected: readonly Instance[];
  readonly subsample: { limit: number; method: string; indices_sha256: string } | null;
  readonly adapter: AdapterSpec;
  /** What the HELM files record: the spec with the settings the requests were sent with. */
  readonly helmAdapter: HelmAdapterSpec;
  /** In-context examples in each prompt (HELM's `num_train_instances`). */
  readonly numTrainInstances: number;
  /** Built one at a time as the run sends and scores them (none is held for the whole run). */
  readonly requests: RequestPlan;
  /** How the requests are built from `selected`, for `scrubPrepared` to rebuild them over scrubbed instances. */
  readonly planOver: (instances: readonly Instance[]) => RequestPlan;
  readonly helmCompatible: boolean;
}

/**
 * The corrected instance set (docs/benchmarks.md) runs beside the HELM set: `paired` keeps the same selected
 * positions (ids `c-<id>`), so the two sets compare like for like; `independent` draws its own seed-0 subsample.
 */
function selectCorrected(
  corrected: readonly Instance[],
  helmSelected: readonly Instance[],
  run: ResolvedRun,
  evalSplits: string[],
): Instance[] {
  if (corrected.length === 0) return [];
  if (run.benchmark.corrected_selection === 'paired') {
    const byId = new Map(corrected.map((c) => [c.id, c]));
    return helmSelected.map((i) => byId.get(`c-${i.id}`)).filter((c): c is Instance => c !== undefined);
  }
  return [...selectEvalInstances(corrected, run.maxEvalInstances, evalSplits).selected];
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

/** The instances the run evaluates: the seed-0 selection, its corrected twins, and the shard's part of them. */
function selectInstances(
  run: ResolvedRun,
  options: PrepareOptions,
  instances: readonly Instance[],
): Pick<PreparedRun, 'selected' | 'subsample'> {
  const evalSplits = run.evalSplit ? [run.evalSplit] : ['valid', 'test'];
  const helmSet = instances.filter((i) => i.variant !== 'corrected');
  const { selected: helmSelected, subsample } = selectEvalInstances(helmSet, run.maxEvalInstances, evalSplits);
  const correctedSet = options.reportCorrected ? instances.filter((i) => i.variant === 'corrected') : [];
  // A shard keeps its part of the whole job's selection: the shards of a job together are exactly the unsharded run.
  const selected = instancesOfShard(
    [...helmSelected, ...selectCorrected(correctedSet, helmSelected, run, evalSplits)],
    options.shard ?? null,
  );
  if (selected.length === 0 && options.shard) {
    throw new UserError(
      'EF_SHARD_EMPTY',
      `${run.benchmark.name}: shard ${options.shard.index} of ${options.shard.count} holds no instance`,
      'Run the units `run_suite --list-units` prints: it lists only shards that hold instances (docs/scale.md).',
    );
  }
  if (selected.length === 0) {
    throw new UserError(
      'EF_NO_INSTANCES',
      `${run.benchmark.name}: the data has no instances to evaluate (split ${evalSplits.join('/')})`,
      'check extra.data_path and the benchmark arguments',
    );
  }
  return { selected, subsample };
}

/** Loads the data, selects the eval instances (seed-0 rule) and plans one request per instance × trial. */
export async function prepareRun(run: ResolvedRun, options: PrepareOptions, diag: Diagnostics): Promise<PreparedRun> {
  const loaded = await run.benchmark.load({
    args: run.scenarioArgs,
    dataPath: options.dataPath,
    cacheDir: options.dataCacheDir,
    allowDataDrift: options.allowDataDrift,
    warn: diag.warn,
    log: diag.log,
  });
  const { selected, subsample } = selectInstances(run, options, loaded.instances);
  const spec = applyPromptTexts(run.benchmark.prompt, run.benchmark.name, options.promptTexts);
  const adapter = buildAdapterSpec(spec);
  warnTrials(run, adapter, diag);
  // In-context examples (custom benchmarks with few-shot rows; every shipped benchmark is zero-shot).
  const train = loaded.instances.filter((i) => i.split === 'train').slice(0, adapter.max_train_instances);
  const planOver = (instances: readonly Instance[]) =>
    requestPlan(adapter, instances, planOptions(run, options, train));
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
  };
}

/** The plan's requests one after another, each built when the loop reaches it. */
export function* planned(plan: RequestPlan): Generator<PromptRequest> {
  for (let i = 0; i < plan.length; i++) yield plan.at(i);
}
