import type { EngineSummary, MetricSummary, SummaryStats } from '@eval-factory/types';

export const METRIC_NO_VALUE = 'EF_METRIC_NO_VALUE';

/** A finite number; the engine may write `null` (JSON has no NaN) even though the contract says number. */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The stats block with every non-finite field dropped (never NaN/Infinity in outputs, docs/architecture.md). */
export function finiteStats(stats: SummaryStats | null | undefined): SummaryStats {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(stats ?? {})) {
    if (isFiniteNumber(value)) out[key] = value;
  }
  return out;
}

export interface MetricSelection {
  /** `report: true` metrics with a finite value, in engine order. */
  readonly reported: readonly MetricSummary[];
  /** `report: true` metrics without a finite value: omitted and warned about. */
  readonly missing: readonly MetricSummary[];
}

/** Splits the engine's metrics into the ones written to results.yml and the ones without a value. */
export function selectMetrics(summary: EngineSummary | null): MetricSelection {
  const reportable = (summary?.metrics ?? []).filter((m) => m.report);
  return {
    reported: reportable.filter((m) => isFiniteNumber(m.value)),
    missing: reportable.filter((m) => !isFiniteNumber(m.value)),
  };
}

/** The warning recorded for a metric that had no scored instance. */
export function missingMetricWarning(metric: MetricSummary): { code: string; message: string } {
  return {
    code: METRIC_NO_VALUE,
    message: `metric ${metric.name} has no scored instance; omitted from results.yml`,
  };
}
