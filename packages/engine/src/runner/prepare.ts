import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AdapterSpec, Instance, LoadedData, PromptRequest } from '@eval-factory/types';
import { UserError } from '@eval-factory/errors';
import { buildAdapterSpec, buildRequests } from '../adapters/index.js';
import { selectEvalInstances } from '../selection/index.js';
import type { Diagnostics } from './diagnostics.js';
import type { RunOptions } from './options.js';
import { applyPromptTexts } from './prompt-texts.js';
import type { ResolvedRun } from './resolve-run.js';

export interface PreparedRun {
  readonly loaded: LoadedData;
  readonly selected: readonly Instance[];
  readonly subsample: { limit: number; method: string; indices_sha256: string } | null;
  readonly adapter: AdapterSpec;
  readonly requests: readonly PromptRequest[];
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

/** Loads the data, selects the eval instances (seed-0 rule) and builds one request per instance × trial. */
export async function prepareRun(run: ResolvedRun, options: RunOptions, diag: Diagnostics): Promise<PreparedRun> {
  const loaded = await run.benchmark.load({
    args: run.scenarioArgs,
    dataPath: options.dataPath,
    cacheDir: options.dataCacheDir,
    allowDataDrift: options.allowDataDrift,
    warn: diag.warn,
    log: diag.log,
  });
  const evalSplits = run.evalSplit ? [run.evalSplit] : ['valid', 'test'];
  const helmSet = loaded.instances.filter((i) => i.variant !== 'corrected');
  const { selected: helmSelected, subsample } = selectEvalInstances(helmSet, run.maxEvalInstances, evalSplits);
  const correctedSet = options.reportCorrected ? loaded.instances.filter((i) => i.variant === 'corrected') : [];
  const selected = [...helmSelected, ...selectCorrected(correctedSet, helmSelected, run, evalSplits)];
  if (selected.length === 0) {
    throw new UserError(
      'EF_NO_INSTANCES',
      `${run.benchmark.name}: the data has no instances to evaluate (split ${evalSplits.join('/')})`,
      'check extra.data_path and the benchmark arguments',
    );
  }
  const spec = applyPromptTexts(run.benchmark.prompt, run.benchmark.name, options.promptTexts);
  const adapter = buildAdapterSpec(spec);
  if (run.numTrainTrials !== null && run.numTrainTrials > 1) {
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
  // In-context examples (custom benchmarks with few-shot rows; every shipped benchmark is zero-shot).
  const train = loaded.instances.filter((i) => i.split === 'train').slice(0, adapter.max_train_instances);
  const requests = buildRequests(adapter, selected, {
    numTrials: 1,
    ...(train.length ? { trainInstancesForTrial: () => train } : {}),
    ...(options.maxNewTokens !== null ? { maxTokensOverride: options.maxNewTokens } : {}),
    ...(options.temperature !== null ? { temperatureOverride: options.temperature } : {}),
    ...(options.topP !== null ? { topP: options.topP } : {}),
    ...(run.numOutputTokens !== null ? { numOutputTokens: run.numOutputTokens } : {}),
  });
  const helmCompatible =
    options.maxNewTokens === null && options.temperature === null && (options.topP === null || options.topP === 1);
  return { loaded, selected, subsample, adapter, requests, helmCompatible };
}
