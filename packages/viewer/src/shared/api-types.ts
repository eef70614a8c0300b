/**
 * The JSON the viewer's server sends to its browser pages (and the static report embeds). Shared by the Node side
 * and the browser side, so this folder stays free of Node and DOM types: plain data only. The instance browser's
 * and the instance page's shapes are in instance-types.ts.
 */
import type { Verdict } from './instance-types.js';

export { VERDICTS, type Verdict } from './instance-types.js';
export type * from './instance-types.js';

export interface IntervalView {
  readonly lo: number;
  readonly hi: number;
}

export interface MetricView {
  readonly name: string;
  readonly value: number;
  /** Per-instance values behind the value (the denominator for a ratio metric); null when unknown. */
  readonly count: number | null;
  /** 95 % interval; null for ratio metrics, fewer than two values, or a run without results.jsonl. */
  readonly interval: IntervalView | null;
  readonly main: boolean;
  readonly helm_compatible: boolean;
  readonly lower_is_better: boolean;
  readonly description: string;
  readonly corrects: string | null;
  readonly ratio: boolean;
}

export interface CountsView {
  readonly evaluated: number | null;
  readonly scored: number | null;
  readonly failed: number | null;
  readonly unscored: number | null;
}

export type RunState = 'success' | 'partial' | 'error' | 'interrupted' | 'incomplete';

/** One run in the list of runs and on the leaderboard. */
export interface RunSummaryView {
  readonly id: string;
  /** The output folder as the user would type it (relative to where serve/report was started when inside it). */
  readonly dir: string;
  readonly task: string | null;
  readonly scenario: string | null;
  readonly model: string | null;
  readonly state: RunState;
  readonly started_at: string | null;
  readonly main: MetricView | null;
  readonly counts: CountsView | null;
  readonly problems: readonly string[];
}

export interface LeaderboardCell {
  readonly run_id: string;
  /** results.yml's value of the column's metric; null = missing (see `note`). */
  readonly value: number | null;
  readonly interval: IntervalView | null;
  /** Scored (instance, trial) values behind the value. */
  readonly count: number | null;
  readonly state: RunState;
  readonly evaluated: number | null;
  readonly failed: number | null;
  /** What a reader must know: partial run, unscored instances, non-HELM settings. */
  readonly markers: readonly string[];
  /** Why there is no value or no interval. */
  readonly note: string | null;
}

export interface LeaderboardColumn {
  /** The task name, or the scenario when one task was run with several arguments. */
  readonly label: string;
  readonly scenario: string;
  readonly metric: string | null;
  readonly lower_is_better: boolean;
  /** The metric's declared `[lowest, highest]`: the axis of its charts; null = from the values. */
  readonly range: readonly [number, number] | null;
}

export interface LeaderboardRow {
  readonly model: string;
  readonly mean_win_rate: number | null;
  readonly mean_rank: number | null;
  /** One per column; null when the model has no run of that scenario. */
  readonly cells: readonly (LeaderboardCell | null)[];
}

/** One MedHELM category (Clinical Decision Support, …): the leaderboard's columns it groups, in table order. */
export interface LeaderboardCategory {
  readonly display_name: string;
  /** Indexes into `columns`. */
  readonly columns: readonly number[];
}

export interface LeaderboardView {
  readonly columns: readonly LeaderboardColumn[];
  /** Best mean win rate first. */
  readonly rows: readonly LeaderboardRow[];
  /**
   * The columns by MedHELM's categories, as leaderboard.md groups them (the rest under "Other"); empty when no
   * column belongs to one (custom benchmarks only).
   */
  readonly categories: readonly LeaderboardCategory[];
  /** How cells and the ranking were computed, in words. */
  readonly method: string;
  /** Runs set aside, damaged runs, missing files. */
  readonly notes: readonly string[];
}

export interface OverviewView {
  readonly generated_at: string;
  /** Where the runs were read from, as given. */
  readonly sources: readonly string[];
  readonly runs: readonly RunSummaryView[];
  readonly leaderboard: LeaderboardView;
}

export interface HistogramBin {
  readonly lo: number;
  readonly hi: number;
  readonly count: number;
}

export interface HistogramView {
  readonly bins: readonly HistogramBin[];
  readonly total: number;
  readonly p50: number | null;
  readonly p90: number | null;
  readonly p99: number | null;
}

export interface CodedMessageView {
  readonly code: string;
  readonly message: string;
  readonly count?: number;
}

/** A label and a value for the run page's settings tables. */
export type Fact = readonly [label: string, value: string];

export interface RunView {
  readonly summary: RunSummaryView;
  readonly interval_method: string;
  readonly metrics: readonly MetricView[];
  readonly facts: {
    readonly run: readonly Fact[];
    readonly model: readonly Fact[];
    readonly generation: readonly Fact[];
    readonly data: readonly Fact[];
  };
  readonly requests: Readonly<Record<string, number>> | null;
  readonly efficiency: readonly Fact[];
  /** Live (uncached) request times in seconds, from responses/model.jsonl. */
  readonly latency: HistogramView | null;
  readonly verdicts: Readonly<Record<Verdict, number>>;
  readonly main_metric: string | null;
  readonly warnings: readonly CodedMessageView[];
  readonly errors: readonly CodedMessageView[];
  readonly run_config_yaml: string | null;
}
