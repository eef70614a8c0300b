import type { AdapterSpec, Instance, LoadContext, LoadedData, StreamedData } from '@eval-factory/types';
import { UserError } from '@eval-factory/errors';
import { instancesOfShard, selectEvalInstances, StreamedInstances } from '../selection/index.js';
import type { Diagnostics } from './diagnostics.js';
import { laneCount } from './execute-requests.js';
import { looksAnswersUp, type PrepareOptions } from './options.js';
import { FEED_BLOCK } from './request-feed.js';
import type { ResolvedRun } from './resolve-run.js';

/** A run's data and the instances it evaluates. */
export interface LoadedSelection {
  readonly loaded: LoadedData;
  readonly selected: readonly Instance[];
  readonly subsample: { limit: number; method: string; indices_sha256: string } | null;
  /** In-context examples (custom benchmarks with few-shot rows; every shipped benchmark is zero-shot). */
  readonly train: readonly Instance[];
  /** A streamed load still reading its file (`selected` grows); null when the data was loaded whole. */
  readonly stream: StreamedInstances | null;
}

/**
 * Loads the data and selects the instances to evaluate. A run that takes every eval instance in file order (no
 * `limit_samples`, no shard, no in-context examples) of a benchmark that can stream its file selects each instance
 * as it is read, so it sends before the rest of the file is read; any other run needs every instance first (the
 * seed-0 subsample draws from all of them, a shard's part depends on every id), and a request is never sent for an
 * instance the final selection might not hold.
 */
export async function loadSelection(
  run: ResolvedRun,
  options: PrepareOptions,
  diag: Diagnostics,
  adapter: AdapterSpec,
): Promise<LoadedSelection> {
  const context: LoadContext = {
    args: run.scenarioArgs,
    dataPath: options.dataPath,
    cacheDir: options.dataCacheDir,
    allowDataDrift: options.allowDataDrift,
    warn: diag.warn,
    log: diag.log,
  };
  if (streams(run, options, adapter) && run.benchmark.loadStream)
    return streamSelection(run, await run.benchmark.loadStream(context), firstRead(options));
  const loaded = await run.benchmark.load(context);
  const train = loaded.instances.filter((i) => i.split === 'train').slice(0, adapter.max_train_instances);
  return { loaded, ...selectInstances(run, options, loaded.instances), train, stream: null };
}

/** Whether every eval instance is selected, in file order, whatever the file turns out to hold. */
function streams(run: ResolvedRun, options: PrepareOptions, adapter: AdapterSpec): boolean {
  return (
    run.maxEvalInstances === null &&
    !options.shard &&
    !options.dryRun &&
    // A suite's job hands its slots on by the count of its requests (runner/slot-handover.ts): it needs the total.
    !options.slotHandover &&
    run.evalSplit === null &&
    run.benchmark.corrected_selection === undefined &&
    adapter.max_train_instances === 0
  );
}

/** The selection of a streamed load: every instance as it is read; what `LoadedData` says besides, at its end. */
async function streamSelection(run: ResolvedRun, streamed: StreamedData, lead: number): Promise<LoadedSelection> {
  const stream = new StreamedInstances(streamed.instances, EVAL_SPLITS, lead);
  if (!(await stream.reach(0))) {
    await stream.ended(); // a malformed file is its error, not "no instances"
    throw noInstances(run, EVAL_SPLITS);
  }
  const loaded: LoadedData = {
    instances: stream.items,
    get data() {
      return streamed.ended().data;
    },
    get resources() {
      return streamed.ended().resources;
    },
    get partial() {
      return streamed.ended().partial;
    },
  };
  return { loaded, selected: stream.items, subsample: null, train: [], stream };
}

const EVAL_SPLITS: readonly string[] = ['valid', 'test'];

/**
 * Instances read before the first answer (the loader then waits for it, or for a lane that asks for more): what the
 * first requests need. A run that looks its answers up needs two of the request feed's blocks (the first looked up
 * and sent, the next read ahead); one that does not, one instance per lane of the sender (more lanes than requests
 * in flight): parsing more of the file first only holds up its first requests (the rest of 1000 PubMedQA-sized
 * instances is ~25 ms of CPU).
 */
function firstRead(options: PrepareOptions): number {
  return looksAnswersUp(options) ? 2 * FEED_BLOCK : laneCount(Math.max(1, options.parallelism));
}

function noInstances(run: ResolvedRun, evalSplits: readonly string[]): UserError {
  return new UserError(
    'EF_NO_INSTANCES',
    `${run.benchmark.name}: the data has no instances to evaluate (split ${evalSplits.join('/')})`,
    'check extra.data_path and the benchmark arguments',
  );
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

/** The instances the run evaluates: the seed-0 selection, its corrected twins, and the shard's part of them. */
function selectInstances(
  run: ResolvedRun,
  options: PrepareOptions,
  instances: readonly Instance[],
): Pick<LoadedSelection, 'selected' | 'subsample'> {
  const evalSplits = run.evalSplit ? [run.evalSplit] : [...EVAL_SPLITS];
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
  if (selected.length === 0) throw noInstances(run, evalSplits);
  return { selected, subsample };
}
