import type { CodedMessage } from '@eval-factory/types';

/** A run's state as the summary sees it; `incomplete` = a run folder without evaluation_config.yaml. */
export type RunState = 'success' | 'partial' | 'error' | 'interrupted' | 'incomplete';

/** One reported metric of a run: the results.yml value and what evaluation_config.yaml says about it. */
export interface RunMetric {
  readonly name: string;
  /** results.yml `scores.mean.value` (evaluation_config.yaml's when results.yml is missing). */
  readonly value: number;
  /** `stats.count`: per-(instance, trial) values, or the denominator of a ratio metric. */
  readonly count: number | null;
  readonly main: boolean;
  readonly lowerIsBetter: boolean;
  readonly helmCompatible: boolean;
  /** Σ numerator / Σ denominator (stats with a sum and a count but no mean): no per-instance value to resample. */
  readonly ratio: boolean;
  /** The metric's declared `[lowest, highest]` (evaluation_config.yaml), or null. */
  readonly range: readonly [number, number] | null;
}

export interface InstanceCountsView {
  readonly evaluated: number | null;
  readonly scored: number | null;
  readonly failed: number | null;
  readonly unscored: number | null;
}

/** Everything the leaderboard and comparisons read from one output folder (docs/configuration.md). */
export interface RunInfo {
  /** Absolute path of the output folder. */
  readonly dir: string;
  readonly state: RunState;
  readonly task: string | null;
  /** The run name without its `model=` argument, e.g. `ehrshot:subject=guo_los`: what was evaluated. */
  readonly scenario: string | null;
  readonly model: string | null;
  readonly startedAt: string | null;
  readonly endedAt: string | null;
  readonly helmCompatible: boolean | null;
  /** evaluation_config.yaml's `helm_incompatible_reasons`: why the run is not comparable with MedHELM. */
  readonly helmReasons: readonly string[];
  readonly counts: InstanceCountsView | null;
  readonly metrics: readonly RunMetric[];
  readonly errors: readonly CodedMessage[];
  readonly warnings: readonly CodedMessage[];
  /** What could not be read (a missing results.yml…), in words. */
  readonly problems: readonly string[];
  /** Absolute path of results.jsonl, or null when the run has none. */
  readonly resultsJsonl: string | null;
}
