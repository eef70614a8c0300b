import type { EngineSummary } from '@eval-factory/types';
import { runtimeSeconds } from './time.js';
import { finiteOrNull } from './yaml-dump.js';

export interface EvalFactoryMetricsOptions {
  /** ISO-8601 UTC (`Z`) times of the whole run as the factory saw it; null falls back to the engine's. */
  readonly startedAt: string | null;
  readonly endedAt: string | null;
  /** The factory process's own peak; the larger of it and the engine's is written. */
  readonly factoryPeakMemoryBytes?: number | null;
  /** `adapter_config.tracking_requests_stats`; when false `response_stats` is left out. */
  readonly trackResponseStats?: boolean;
}

type TokenUsage = {
  total_tokens: number | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  total_cached_requests: number;
} | null;

/** Token totals from the API `usage` sums; null when the endpoint reported no usage at all. */
function tokenUsage(summary: EngineSummary | null): TokenUsage {
  if (!summary) return null;
  const prompt = summary.efficiency.num_prompt_tokens.sum;
  const completion = summary.efficiency.num_completion_tokens.sum;
  if (prompt === null && completion === null) return null;
  return {
    total_tokens: prompt !== null && completion !== null ? prompt + completion : null,
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_cached_requests: summary.efficiency.cached_requests,
  };
}

function emptyResponseStats(): EngineSummary['response_stats'] {
  return {
    count: 0,
    successful_count: 0,
    avg_prompt_tokens: null,
    max_prompt_tokens: null,
    avg_completion_tokens: null,
    max_completion_tokens: null,
    avg_total_tokens: null,
    max_total_tokens: null,
    avg_latency_ms: null,
    max_latency_ms: null,
    finish_reason: {},
    status_codes: {},
  };
}

function peakMemory(summary: EngineSummary | null, factoryPeak: number | null | undefined): number | null {
  const values = [summary?.peak_memory_bytes, factoryPeak].filter((v): v is number => typeof v === 'number');
  return values.length === 0 ? null : Math.max(...values);
}

/**
 * `eval_factory_metrics.json` in the NeMo shape (docs/configuration.md), as indented JSON text with a final newline.
 * @example formatEvalFactoryMetrics(summary, { startedAt: '2025-01-01T00:00:00Z', endedAt: '2025-01-01T00:02:03Z' })
 */
export function formatEvalFactoryMetrics(summary: EngineSummary | null, opts: EvalFactoryMetricsOptions): string {
  const startTime = opts.startedAt ?? summary?.run.started_at ?? null;
  const endTime = opts.endedAt ?? summary?.run.ended_at ?? null;
  const doc: Record<string, unknown> = {
    evaluation: {
      start_time: startTime,
      end_time: endTime,
      runtime_seconds: runtimeSeconds(startTime, endTime) ?? summary?.run.runtime_seconds ?? null,
      token_usage: tokenUsage(summary),
      peak_memory_bytes: peakMemory(summary, opts.factoryPeakMemoryBytes),
    },
  };
  if (opts.trackResponseStats !== false) doc.response_stats = summary?.response_stats ?? emptyResponseStats();
  return `${JSON.stringify(doc, finiteOrNull, 2)}\n`;
}
