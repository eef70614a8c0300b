import { describe, expect, it } from '@jest/globals';
import type { Instance, MetricDescriptor, PromptRequest } from '@eval-factory/types';
import { MetricsTally } from './aggregate.js';
import type { ScoredResult } from './score.js';

const d = (name: string, over: Partial<MetricDescriptor> = {}): MetricDescriptor => ({
  name,
  description: name,
  helm_compatible: true,
  report: true,
  ...over,
});

function result(
  id: string,
  metrics: Record<string, number>,
  opts: { trial?: number; category?: string; split?: string } = {},
): ScoredResult {
  const instance: Instance = {
    id,
    input: { text: id },
    references: [],
    split: opts.split ?? 'test',
    extra_data: { category: opts.category ?? 'a' },
  };
  const request = { instance_id: id, train_trial_index: opts.trial ?? 0 } as PromptRequest;
  return { request, instance, status: 'ok', prediction: '', metrics, flags: [] };
}

/** The tally over a whole list at once (a run adds its results as they are scored). */
function aggregateMetrics(
  results: readonly ScoredResult[],
  ...tally: ConstructorParameters<typeof MetricsTally>
): ReturnType<MetricsTally['finish']> {
  const t = new MetricsTally(...tally);
  for (const r of results) t.add(r);
  return t.finish();
}

describe('MetricsTally', () => {
  it("reports HELM's main split (test) when the run also evaluates valid (MedQA given its dev file)", () => {
    const rs = [
      result('v1', { m: 0 }, { split: 'valid' }),
      result('v2', { m: 0 }, { split: 'valid' }),
      result('t1', { m: 1 }),
      result('t2', { m: 0 }),
    ];
    const [m] = aggregateMetrics(rs, [d('m')], { main_metric: 'm' }).metrics;
    expect(m.value).toBe(0.5);
    expect(m.stats.count).toBe(2);
    // A run over valid alone (a benchmark whose eval split is valid) keeps it.
    const [v] = aggregateMetrics(rs.slice(0, 2), [d('m')], { main_metric: 'm' }).metrics;
    expect(v.stats.count).toBe(2);
  });

  it('takes the mean of per-trial means as the value and stats over every value', () => {
    const rs = [
      result('1', { m: 1 }),
      result('2', { m: 0 }),
      result('1', { m: 1 }, { trial: 1 }),
      result('2', { m: 1 }, { trial: 1 }),
    ];
    const [m] = aggregateMetrics(rs, [d('m')], { main_metric: 'm' }).metrics;
    expect(m.value).toBeCloseTo(0.75);
    expect(m.stats).toMatchObject({ count: 4, sum: 3, mean: 0.75 });
    expect(m.main).toBe(true);
  });

  it('leaves instances without a value out of the denominator', () => {
    const [m] = aggregateMetrics([result('1', { m: 1 }), result('2', {})], [d('m')], { main_metric: 'm' }).metrics;
    expect(m.value).toBe(1);
    expect(m.stats.count).toBe(1);
  });

  it('omits a metric with no value and warns, never NaN', () => {
    const out = aggregateMetrics([result('1', {})], [d('m'), d('hidden', { report: false })], { main_metric: 'm' });
    expect(out.metrics).toEqual([]);
    expect(out.warnings.map((w) => w.code)).toEqual(['EF_METRIC_NO_VALUE']);
  });

  it('computes ratio metrics from summed numerators and denominators', () => {
    const ratio = d('precision', { aggregation: { kind: 'ratio', numerator: 'num', denominator: 'den' } });
    const rs = [
      result('1', { num: 1, den: 1 }),
      result('2', { num: 0, den: 1 }),
      result('3', { num: 0, den: 0 }),
      result('4', { num: 1, den: 1 }),
    ];
    const [p] = aggregateMetrics(rs, [ratio], { main_metric: 'x' }).metrics;
    expect(p.value).toBeCloseTo(2 / 3);
    expect(p.stats).toEqual({ sum: 2, count: 3 });
    expect(aggregateMetrics([result('1', { num: 0, den: 0 })], [ratio], { main_metric: 'x' }).metrics).toEqual([]);
  });

  it('breaks reported metrics down by the benchmark key', () => {
    const rs = [
      result('1', { m: 1 }, { category: 'lab' }),
      result('2', { m: 0 }, { category: 'lab' }),
      result('3', { m: 1 }, { category: 'date' }),
    ];
    const breakdown = { name: 'category', key: (i: Instance) => String(i.extra_data?.category) };
    const [m] = aggregateMetrics(rs, [d('m')], { main_metric: 'm', breakdown }).metrics;
    expect(m.breakdown).toEqual({
      name: 'category',
      groups: { date: { value: 1, count: 1 }, lab: { value: 0.5, count: 2 } },
    });
  });
});
