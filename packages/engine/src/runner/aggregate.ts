import type {
  BenchmarkDefinition,
  CodedMessage,
  MetricDescriptor,
  MetricSummary,
  SummaryStats,
} from '@eval-factory/types';
import { HELM_MAIN_SPLIT } from '@eval-factory/types';
import { StatAccumulator } from '@eval-factory/metrics';
import type { ScoredResult } from './score.js';

type Breakdown = BenchmarkDefinition['breakdown'];

/**
 * One metric over the results added so far (docs/architecture.md): HELM's headline, the mean of per-trial means, with
 * `stats` over every per-(instance, trial) value; or, for a ratio metric, Σ numerator / Σ denominator (`sum` =
 * numerator, `count` = denominator). Sums run in result order from 0, so the figures are bit for bit those of
 * summing the whole list at the end.
 */
class MetricAccumulator {
  private readonly trials = new Map<number, { sum: number; n: number }>();
  private readonly all = new StatAccumulator();
  private values = 0;
  private num = 0;
  private den = 0;

  constructor(private readonly d: MetricDescriptor) {}

  add(r: ScoredResult): void {
    const agg = this.d.aggregation;
    if (agg?.kind === 'ratio') {
      const n = r.metrics[agg.numerator];
      const d = r.metrics[agg.denominator];
      if (n === undefined || d === undefined) return;
      this.num += n;
      this.den += d;
      return;
    }
    const v = r.metrics[this.d.name];
    if (v === undefined) return;
    this.values++;
    this.all.add(v);
    const trial = this.trials.get(r.request.train_trial_index);
    if (trial) {
      trial.sum += v;
      trial.n++;
    } else this.trials.set(r.request.train_trial_index, { sum: v, n: 1 });
  }

  result(): { value: number; stats: SummaryStats } | null {
    if (this.d.aggregation?.kind === 'ratio')
      return this.den > 0 ? { value: this.num / this.den, stats: { sum: this.num, count: this.den } } : null;
    if (this.values === 0) return null;
    let sumOfMeans = 0;
    for (const t of this.trials.values()) sumOfMeans += t.sum / t.n;
    return { value: sumOfMeans / this.trials.size, stats: this.all.summary() };
  }
}

/** A reported metric's running value per breakdown group (e.g. per category), groups sorted at the end. */
class BreakdownAccumulator {
  private readonly groups = new Map<string, MetricAccumulator>();

  constructor(
    private readonly d: MetricDescriptor,
    private readonly breakdown: NonNullable<Breakdown>,
  ) {}

  add(r: ScoredResult): void {
    const key = this.breakdown.key(r.instance);
    if (key === null) return;
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = new MetricAccumulator(this.d)));
    group.add(r);
  }

  result(): MetricSummary['breakdown'] {
    const out: Record<string, { value: number; count: number }> = {};
    for (const [key, acc] of [...this.groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const m = acc.result();
      if (m) out[key] = { value: m.value, count: m.stats.count ?? 0 };
    }
    return { name: this.breakdown.name, groups: out };
  }
}

/**
 * The run's metrics, aggregated as results pass (none is kept): mean or ratio per metric, plus the benchmark's
 * per-group breakdown. A metric with no value is omitted and warned about, never written as NaN.
 */
export class MetricsTally {
  private readonly metrics: {
    d: MetricDescriptor;
    acc: MetricAccumulator;
    /** Over HELM's main split only: the headline when the run also evaluates another split (MedQA's valid). */
    main: MetricAccumulator;
    breakdown: BreakdownAccumulator | null;
  }[];
  private otherSplit = false;

  constructor(
    descriptors: readonly MetricDescriptor[],
    private readonly benchmark: Pick<BenchmarkDefinition, 'main_metric' | 'breakdown'>,
  ) {
    this.metrics = descriptors.map((d) => ({
      d,
      acc: new MetricAccumulator(d),
      main: new MetricAccumulator(d),
      breakdown: benchmark.breakdown && d.report ? new BreakdownAccumulator(d, benchmark.breakdown) : null,
    }));
  }

  add(r: ScoredResult): void {
    const inMain = r.instance.split === HELM_MAIN_SPLIT;
    if (!inMain) this.otherSplit = true;
    for (const m of this.metrics) {
      m.acc.add(r);
      if (inMain) m.main.add(r);
      m.breakdown?.add(r);
    }
  }

  finish(): { metrics: MetricSummary[]; warnings: CodedMessage[] } {
    const metrics: MetricSummary[] = [];
    const warnings: CodedMessage[] = [];
    for (const { d, acc, main, breakdown } of this.metrics) {
      // HELM's tables read the main split: a run over valid and test reports test's figures, as HELM's stats do.
      const m = (this.otherSplit ? main.result() : null) ?? acc.result();
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
        main: d.name === this.benchmark.main_metric,
        helm_compatible: d.helm_compatible,
        ...(d.corrects ? { corrects: d.corrects } : {}),
        lower_is_better: d.lower_is_better ?? false,
        description: d.description,
        ...(d.range ? { range: d.range } : {}),
        report: d.report,
        ...(breakdown ? { breakdown: breakdown.result() } : {}),
      });
    }
    return { metrics, warnings };
  }
}
