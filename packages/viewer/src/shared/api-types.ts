/**
 * The JSON the viewer's server sends to its browser pages (and the static report embeds). Shared by the Node side
 * and the browser side, so this folder stays free of Node and DOM types: plain data only.
 */

/**
 * What an instance's outcome was, for filtering: `correct` / `wrong` for a 0/1 main metric, `scored` for any other
 * main metric value, `failed` (no answer from the model) and `unscored` (answered, but no main-metric value).
 */
export type Verdict = 'correct' | 'wrong' | 'scored' | 'failed' | 'unscored';
export const VERDICTS: readonly Verdict[] = ['correct', 'wrong', 'scored', 'failed', 'unscored'];

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

export interface ReferenceView {
  readonly text: string;
  readonly correct: boolean;
}

/** One (instance, trial) of results.jsonl joined with its instances.jsonl line. */
export interface InstanceRecord {
  /** Position in results.jsonl (0-based): the order of the instance browser. */
  readonly index: number;
  readonly id: string;
  readonly trial: number;
  readonly status: string;
  readonly verdict: Verdict;
  readonly variant: string | null;
  readonly split: string | null;
  readonly input: string;
  readonly references: readonly ReferenceView[];
  readonly prediction: string | null;
  readonly mapped_output: string | null;
  readonly extracted: unknown;
  readonly metrics: Readonly<Record<string, number>>;
  readonly main_value: number | null;
  readonly reason: string | null;
  readonly flags: readonly string[];
  readonly annotations: Readonly<Record<string, unknown>> | null;
}

/** A row of the instance browser: short texts only, so a page of rows stays small. */
export interface InstanceRow {
  readonly index: number;
  readonly id: string;
  readonly trial: number;
  readonly verdict: Verdict;
  readonly input: string;
  readonly prediction: string | null;
  readonly gold: string;
  readonly main_value: number | null;
  readonly reason: string | null;
}

export interface InstanceQuery {
  readonly q: string;
  readonly verdict: Verdict | 'all';
  /** 1-based. */
  readonly page: number;
  readonly page_size: number;
}

export interface InstancePage {
  readonly query: InstanceQuery;
  /** Rows matching the search and the verdict filter. */
  readonly total: number;
  readonly pages: number;
  /** Per verdict, rows matching the search alone (the filter chips' numbers). */
  readonly counts: Readonly<Record<Verdict | 'all', number>>;
  readonly rows: readonly InstanceRow[];
}

export interface ChatMessageView {
  readonly role: string;
  readonly content: string;
}

/** One line of responses/model.jsonl, as shown on the instance page. */
export interface ResponseView {
  readonly messages: readonly ChatMessageView[] | null;
  readonly prompt: string | null;
  readonly completions: readonly { readonly text: string; readonly finish_reason: string | null }[];
  readonly success: boolean;
  readonly error: string | null;
  readonly error_kind: string | null;
  readonly status_code: number | null;
  readonly attempts: number | null;
  readonly cached: boolean;
  readonly request_time_s: number | null;
  readonly usage: Readonly<Record<string, number | null>> | null;
  readonly request_datetime: string | null;
}

export interface CriterionView {
  readonly name: string;
  readonly score: string;
  readonly explanation: string;
}

/** One judge's verdict on one instance: its raw reply, the criteria read from it, or why there is none. */
export interface JudgeView {
  readonly annotator: string;
  readonly judge: string;
  readonly ok: boolean;
  readonly reply: string | null;
  readonly criteria: readonly CriterionView[];
  readonly error: string | null;
}

export interface InstanceDetail {
  readonly record: InstanceRecord;
  readonly response: ResponseView | null;
  /** How many lines responses/model.jsonl has for this (instance, trial); the last one is shown. */
  readonly response_lines: number;
  readonly judges: readonly JudgeView[];
}
