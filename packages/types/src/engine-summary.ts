/**
 * The engine → executor contract: the engine writes this as `ef_summary.json` in its run directory and prints
 * `{"status", "run_dir", "counts"}` as its last stdout line. The factory side reads only files like this one,
 * never engine code (docs/architecture.md).
 */
import type { DataFileInfo } from './benchmark.js';
import type { SummaryStats } from './stats.js';

/** `interrupted`: stopped by Ctrl-C or SIGTERM; re-running the same command resumes it. */
export type RunStatus = 'success' | 'partial' | 'error' | 'interrupted';

export interface CodedMessage {
  readonly code: string;
  readonly message: string;
  /** How many times it happened (warnings are printed once with a count). */
  readonly count?: number;
}

export interface MetricSummary {
  readonly name: string;
  /** The headline number: mean over trials of per-trial means (HELM's stats.json mean). */
  readonly value: number;
  readonly stats: SummaryStats;
  readonly main: boolean;
  readonly helm_compatible: boolean;
  readonly corrects?: string;
  readonly lower_is_better: boolean;
  readonly description: string;
  /** The metric's declared `[lowest, highest]`, when it declares one. */
  readonly range?: readonly [number, number];
  /** `false` for HELM-file-only twins (`exact_match@5`). */
  readonly report: boolean;
  /** Per-group values (e.g. medcalc_bench categories) when the benchmark declares a breakdown. */
  readonly breakdown?: {
    readonly name: string;
    readonly groups: Readonly<Record<string, { readonly value: number; readonly count: number }>>;
  };
}

export interface RequestCounts {
  readonly total: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly retried: number;
  readonly cached: number;
  /** Of `cached`: repeats of a prompt earlier in the same run, answered once (not an earlier run's cache). */
  readonly duplicates?: number;
  /** Requests never answered because the run was stopped (not failures; the re-run sends them). */
  readonly not_sent?: number;
}

export interface InstanceCounts {
  readonly evaluated: number;
  readonly scored: number;
  readonly failed: number;
  readonly unscored: number;
  /** Of `unscored`: instances whose request was never answered because the run was interrupted (not failures). */
  readonly not_sent?: number;
}

/** Judged benchmarks (docs/configuration.md#judges): totals and per role. */
export interface JudgeCounts {
  readonly calls: number;
  readonly failed_calls: number;
  readonly parse_failures: number;
  readonly unscored_instances: number;
  readonly per_judge: Readonly<
    Record<
      string,
      {
        readonly calls: number;
        readonly failed_calls: number;
        readonly parse_failures: Readonly<Record<string, number>>;
      }
    >
  >;
}

export interface EngineSummary {
  readonly schema_version: 1;
  readonly status: RunStatus;
  readonly engine_version: string;
  readonly benchmark: string;
  readonly run: {
    readonly run_entry: string;
    readonly run_name: string;
    /** Relative to the output folder, `/`-separated. */
    readonly run_dir: string;
    readonly started_at: string;
    readonly ended_at: string;
    readonly runtime_seconds: number;
  };
  readonly model: {
    readonly model_id: string;
    readonly deployment: string;
    readonly provider: string;
    readonly resolved_url: string;
    readonly type: 'chat' | 'completions';
  };
  readonly generation: {
    readonly temperature: number;
    readonly top_p: number | null;
    readonly max_tokens: number;
    readonly stop: readonly string[];
    readonly num_completions: number;
    readonly system_prompt: boolean;
  };
  readonly helm_compatible: boolean;
  /**
   * Why the run is not comparable with published MedHELM numbers, one short phrase each (empty when it is): the
   * leaderboard, viewer and report show them beside `non-HELM settings`. Absent in summaries of older versions.
   */
  readonly helm_incompatible_reasons?: readonly string[];
  readonly prompt_texts: string;
  readonly data: {
    readonly source: string;
    readonly revision: string | null;
    readonly files: readonly DataFileInfo[];
    readonly num_rows: number;
    readonly num_instances: number;
    readonly num_evaluated: number;
    /** Of `num_evaluated`: the corrected-set twins evaluated beside the HELM instances (mtsamples, medhallu, …). */
    readonly num_corrected?: number;
    readonly subsample: { readonly limit: number; readonly method: string; readonly indices_sha256: string } | null;
  };
  readonly counts: {
    readonly requests: RequestCounts;
    readonly instances: InstanceCounts;
    readonly judges?: JudgeCounts;
  };
  readonly metrics: readonly MetricSummary[];
  readonly efficiency: {
    readonly num_prompt_tokens: { readonly sum: number | null; readonly mean: number | null };
    readonly num_completion_tokens: { readonly sum: number | null; readonly mean: number | null };
    readonly inference_runtime: {
      readonly mean: number | null;
      readonly p50: number | null;
      readonly p90: number | null;
      readonly p99: number | null;
    };
    readonly cached_requests: number;
  };
  /** Fills eval_factory_metrics.json `response_stats` (docs/configuration.md). */
  readonly response_stats: {
    readonly count: number;
    readonly successful_count: number;
    readonly avg_prompt_tokens: number | null;
    readonly max_prompt_tokens: number | null;
    readonly avg_completion_tokens: number | null;
    readonly max_completion_tokens: number | null;
    readonly avg_total_tokens: number | null;
    readonly max_total_tokens: number | null;
    readonly avg_latency_ms: number | null;
    readonly max_latency_ms: number | null;
    readonly finish_reason: Readonly<Record<string, number>>;
    readonly status_codes: Readonly<Record<string, number>>;
  };
  readonly peak_memory_bytes: number;
  readonly warnings: readonly CodedMessage[];
  readonly errors: readonly CodedMessage[];
}
