import { isUserError } from '@eval-factory/errors';
import { pickRun } from './runs/collect.js';
import { readInstanceValues, valuesInOrder } from './runs/instance-values.js';
import { missingReason, readRun, rememberRun } from './runs/read-run.js';
import { FileMemo } from './runs/run-memo.js';
import type { RunInfo, RunMetric, RunState } from './runs/types.js';
import type { WrittenRunDocuments } from '@eval-factory/types';
import { bootstrapMeanCI, DEFAULT_BOOTSTRAP, type BootstrapOptions, type Interval } from './stats/bootstrap.js';
import { standings } from './stats/ranking.js';

/** A benchmark column: one scenario (task + its arguments) and the metric shown for it. */
export interface LeaderboardColumn {
  /** The task name, or the scenario (`ehrshot:subject=guo_los`) when one task was run with several arguments. */
  readonly label: string;
  readonly scenario: string;
  readonly task: string | null;
  /** The benchmark's main metric (or `--metric` where runs report it); null when no run reported any metric. */
  readonly metric: string | null;
  readonly lowerIsBetter: boolean;
  /** The metric's declared range (charts' axis), or null when no run declares one. */
  readonly range: readonly [number, number] | null;
}

export interface LeaderboardCell {
  /** results.yml's value of the column's metric; null = missing (see `note`). */
  readonly value: number | null;
  /** Percentile bootstrap interval over instances; null = none (see `note`). */
  readonly ci: Interval | null;
  /** `stats.count` of the metric: the scored (instance, trial) values behind the value. */
  readonly n: number | null;
  readonly state: RunState;
  readonly evaluated: number | null;
  readonly failed: number | null;
  readonly unscored: number | null;
  readonly helmCompatible: boolean | null;
  /** Why the run is not comparable with published MedHELM numbers (empty: it is, or an older run did not say). */
  readonly helmReasons: readonly string[];
  /** Why there is no value, or no interval. */
  readonly note: string | null;
  readonly runDir: string;
}

export interface LeaderboardRow {
  readonly model: string;
  readonly meanWinRate: number | null;
  readonly meanRank: number | null;
  /** Columns that counted for the win rate and rank. */
  readonly rankedColumns: number;
  /** One per column, in column order; null = the model was not run on that benchmark. */
  readonly cells: readonly (LeaderboardCell | null)[];
}

export interface LeaderboardMethod {
  readonly interval: 'percentile bootstrap over instances';
  readonly prng: 'mulberry32';
  readonly seed: number;
  readonly resamples: number;
  readonly level: number;
  readonly ranking: string;
}

export interface Leaderboard {
  readonly columns: readonly LeaderboardColumn[];
  /** Best mean win rate first; models without one last, by name. */
  readonly rows: readonly LeaderboardRow[];
  readonly method: LeaderboardMethod;
  /** Duplicates set aside, damaged runs, runs with missing files. */
  readonly notes: readonly string[];
  readonly runCount: number;
}

export interface LeaderboardOptions {
  readonly bootstrap?: BootstrapOptions;
  /** Show this metric instead of the main one in every column whose runs report it. */
  readonly metric?: string | null;
  /** Damaged runs found while collecting (collectRuns' `unreadable`), listed in the notes. */
  readonly unreadable?: readonly { readonly dir: string; readonly message: string }[];
}

const UNKNOWN_MODEL = '(unknown model)';
const RANKING =
  'mean win rate over the benchmark columns (each other model with a value there: beaten 1, tied ½, lost 0) and mean rank (1 = best, ties share the mean rank); runs with status error or interrupted, and unfinished runs, are left out';

function mostCommon(names: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

function columnsOf(runs: readonly RunInfo[], metric: string | null | undefined): LeaderboardColumn[] {
  const byScenario = new Map<string, RunInfo[]>();
  for (const r of runs) {
    const key = r.scenario ?? r.task ?? '(unknown benchmark)';
    byScenario.set(key, [...(byScenario.get(key) ?? []), r]);
  }
  const tasksSeen = [...byScenario.values()].map((rs) => rs[0].task);
  return [...byScenario.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([scenario, rs]) => {
      const task = rs[0].task;
      const all = rs.flatMap((r) => r.metrics);
      const chosen =
        metric && all.some((m) => m.name === metric)
          ? metric
          : mostCommon(all.filter((m) => m.main).map((m) => m.name));
      const shared = tasksSeen.filter((t) => t === task).length > 1;
      const declared = all.find((m) => m.name === chosen);
      return {
        label: task && !shared ? task : scenario,
        scenario,
        task,
        metric: chosen,
        lowerIsBetter: declared?.lowerIsBetter ?? false,
        range: all.find((m) => m.name === chosen && m.range)?.range ?? null,
      };
    });
}

type CellInterval = { ci: Interval | null; note: string | null };

/** Each resampling is seeded on its own (bootstrap.ts), so one computed earlier is the one computed now. */
const intervals = new FileMemo<Promise<CellInterval>>();

function intervalOf(run: RunInfo, metric: RunMetric, options: BootstrapOptions): Promise<CellInterval> {
  const id = [run.resultsJsonl, metric.name, metric.ratio, options.seed, options.resamples, options.level].join('\0');
  return intervals.get(id, run.resultsJsonl ? [run.resultsJsonl] : [], () => computeInterval(run, metric, options));
}

async function computeInterval(run: RunInfo, metric: RunMetric, options: BootstrapOptions): Promise<CellInterval> {
  if (metric.ratio) return { ci: null, note: 'ratio metric: no per-instance values to resample' };
  if (!run.resultsJsonl) return { ci: null, note: 'no results.jsonl: no interval' };
  try {
    const values = valuesInOrder(await readInstanceValues(run.resultsJsonl, new Set([metric.name])), metric.name);
    const ci = bootstrapMeanCI(values, options);
    return { ci, note: ci ? null : `${values.length} instance value(s) in results.jsonl: no interval` };
  } catch (error) {
    if (!isUserError(error)) throw error;
    return { ci: null, note: error.message };
  }
}

/**
 * Reads a finished run and resamples its main metrics now, so that a leaderboard built later over it finds them
 * done while its files are unchanged (run_suite calls it as each job ends, while the others still send). Resampling
 * is synchronous (`resamples` × n draws): a metric over more than `maxInstances` values is left for the leaderboard.
 * `written`: what the run (in this process) has just written into its YAML files, taken instead of parsing them.
 */
export async function prepareRunSummary(
  dir: string,
  options: BootstrapOptions = DEFAULT_BOOTSTRAP,
  maxInstances = Number.POSITIVE_INFINITY,
  written: WrittenRunDocuments | null = null,
): Promise<void> {
  const run = written ? rememberRun(dir, written) : readRun(dir);
  const ahead = run.metrics.filter((m) => m.main && (m.count ?? Number.POSITIVE_INFINITY) <= maxInstances);
  await Promise.all(ahead.map((m) => intervalOf(run, m, options)));
}

async function cellOf(run: RunInfo, column: LeaderboardColumn, options: BootstrapOptions): Promise<LeaderboardCell> {
  const metric = column.metric ? run.metrics.find((m) => m.name === column.metric) : undefined;
  const base = {
    state: run.state,
    evaluated: run.counts?.evaluated ?? null,
    failed: run.counts?.failed ?? null,
    unscored: run.counts?.unscored ?? null,
    helmCompatible: run.helmCompatible,
    helmReasons: run.helmReasons,
    runDir: run.dir,
  };
  if (!metric) return { ...base, value: null, ci: null, n: null, note: missingReason(run, column.metric) };
  return { ...base, value: metric.value, n: metric.count, ...(await intervalOf(run, metric, options)) };
}

/**
 * The models × benchmarks leaderboard: per cell the results.yml value of the benchmark's main metric,
 * its bootstrap interval over instances (results.jsonl, streamed) and count, the run's state and failures, and a
 * reason wherever something is missing; per model its mean win rate and mean rank.
 * @example const board = await buildLeaderboard(collectRuns(['results']).runs);
 */
export async function buildLeaderboard(
  runs: readonly RunInfo[],
  options: LeaderboardOptions = {},
): Promise<Leaderboard> {
  const bootstrap = options.bootstrap ?? DEFAULT_BOOTSTRAP;
  const columns = columnsOf(runs, options.metric);
  const models = [...new Set(runs.map((r) => r.model ?? UNKNOWN_MODEL))].sort();
  const notes: string[] = (options.unreadable ?? []).map((u) => `unreadable run ${u.dir}: ${u.message}`);
  const cells: (LeaderboardCell | null)[][] = [];
  for (const model of models) {
    const row: (LeaderboardCell | null)[] = [];
    for (const column of columns) {
      const candidates = runs.filter(
        (r) =>
          (r.model ?? UNKNOWN_MODEL) === model && (r.scenario ?? r.task ?? '(unknown benchmark)') === column.scenario,
      );
      if (candidates.length === 0) {
        row.push(null);
        continue;
      }
      const run = pickRun(candidates);
      if (candidates.length > 1)
        notes.push(
          `${model} on ${column.label}: ${candidates.length} runs; showing ${run.dir}, set aside ${candidates
            .filter((c) => c !== run)
            .map((c) => c.dir)
            .join(', ')}`,
        );
      run.problems.forEach((p) => notes.push(`${run.dir}: ${p}`));
      row.push(await cellOf(run, column, bootstrap));
    }
    cells.push(row);
  }
  const ranked = standings(
    models.length,
    columns.map((column, j) => ({
      lowerIsBetter: column.lowerIsBetter,
      values: cells.map((row) => {
        const cell = row[j];
        return cell && (cell.state === 'success' || cell.state === 'partial') ? cell.value : null;
      }),
    })),
  );
  const rows: LeaderboardRow[] = models.map((model, i) => ({
    model,
    meanWinRate: ranked[i].meanWinRate,
    meanRank: ranked[i].meanRank,
    rankedColumns: ranked[i].columns,
    cells: cells[i],
  }));
  rows.sort((a, b) => (b.meanWinRate ?? -1) - (a.meanWinRate ?? -1) || a.model.localeCompare(b.model));
  return {
    columns,
    rows,
    method: {
      interval: 'percentile bootstrap over instances',
      prng: 'mulberry32',
      seed: bootstrap.seed,
      resamples: bootstrap.resamples,
      level: bootstrap.level,
      ranking: RANKING,
    },
    notes,
    runCount: runs.length,
  };
}
