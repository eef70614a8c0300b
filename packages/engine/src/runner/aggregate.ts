import type {
  BenchmarkDefinition,
  CodedMessage,
  MetricDescriptor,
  MetricSummary,
  SummaryStats,
} from '@eval-factory/types';
import { summaryStats } from '@eval-factory/metrics';
import type { ScoredResult } from './score.js';

type Breakdown = BenchmarkDefinition['breakdown'];

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** HELM's headline (docs/architecture.md): the mean of per-trial means; `stats` over every per-(instance, trial) value. */
function meanMetric(results: readonly ScoredResult[], name: string): { value: number; stats: SummaryStats } | null {
  const byTrial = new Map<number, number[]>();
  const all: number[] = [];
  for (const r of results) {
    const v = r.metrics[name];
    if (v === undefined) continue;
    all.push(v);
    const trial = byTrial.get(r.request.train_trial_index);
    if (trial) trial.push(v);
    else byTrial.set(r.request.train_trial_index, [v]);
  }
  if (all.length === 0) return null;
  return { value: mean([...byTrial.values()].map(mean)), stats: summaryStats(all) };
}

/** Ratio metrics (docs/architecture.md): Σ numerator / Σ denominator; `sum` = numerator, `count` = denominator. */
function ratioMetric(
  results: readonly ScoredResult[],
  numerator: string,
  denominator: string,
): { value: number; stats: SummaryStats } | null {
  let num = 0;
  let den = 0;
  for (const r of results) {
    if (r.metrics[numerator] === undefined || r.metrics[denominator] === undefined) continue;
    num += r.metrics[numerator];
    den += r.metrics[denominator];
  }
  return den > 0 ? { value: num / den, stats: { sum: num, count: den } } : null;
}

function computeMetric(results: readonly ScoredResult[], d: MetricDescriptor) {
  const agg = d.aggregation;
  return agg?.kind === 'ratio' ? ratioMetric(results, agg.numerator, agg.denominator) : meanMetric(results, d.name);
}

function breakdownOf(
  results: readonly ScoredResult[],
  d: MetricDescriptor,
  breakdown: NonNullable<Breakdown>,
): MetricSummary['breakdown'] {
  const groups = new Map<string, ScoredResult[]>();
  for (const r of results) {
    const key = breakdown.key(r.instance);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  const out: Record<string, { value: number; count: number }> = {};
  for (const [key, rs] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const m = computeMetric(rs, d);
    if (m) out[key] = { value: m.value, count: m.stats.count ?? 0 };
  }
  return { name: breakdown.name, groups: out };
}

/**
 * Aggregates per metric: mean or ratio, plus the benchmark's per-group breakdown. A metric with no value is omitted
 * and warned about, never written as NaN.
 */
export function aggregateMetrics(
  results: readonly ScoredResult[],
  descriptors: readonly MetricDescriptor[],
  benchmark: Pick<BenchmarkDefinition, 'main_metric' | 'breakdown'>,
): { metrics: MetricSummary[]; warnings: CodedMessage[] } {
  const metrics: MetricSummary[] = [];
  const warnings: CodedMessage[] = [];
  for (const d of descriptors) {
    const m = computeMetric(results, d);
    if (!m) {
      if (d.report)
        warnings.push({
          code: 'EF_METRIC_NO_VALUE',
          message: `metric ${d.name} has no scored instance; it is omitted`,
        });
      continue;
    }
    metrics.push({
      name: d.name,
      value: m.value,
      stats: m.stats,
      main: d.name === benchmark.main_metric,
      helm_compatible: d.helm_compatible,
      ...(d.corrects ? { corrects: d.corrects } : {}),
      lower_is_better: d.lower_is_better ?? false,
      description: d.description,
      ...(d.range ? { range: d.range } : {}),
      report: d.report,
      ...(benchmark.breakdown && d.report ? { breakdown: breakdownOf(results, d, benchmark.breakdown) } : {}),
    });
  }
  return { metrics, warnings };
}
