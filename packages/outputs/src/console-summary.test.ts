import { describe, it, expect } from '@jest/globals';
import { formatConsoleSummary, formatFinalLogLine } from './console-summary.js';
import { loadEngineSummary } from './fixtures/sample.js';

describe('formatConsoleSummary', () => {
  it('prints status, metrics with a 95% interval, counts and output paths', () => {
    const text = formatConsoleSummary({
      status: 'partial',
      summary: loadEngineSummary(),
      outputPaths: ['out/results.yml', 'out/evaluation_config.yaml'],
      warningCount: 2,
    });
    expect(text).toBe(`status: partial (medcalc_bench, acme/tiny-model)
metrics (value ± 95% CI):
  medcalc_bench_accuracy            0.4000 ± 0.3201 (n=10)  [main]
  medcalc_bench_accuracy_corrected  0.7500 ± 0.2559 (n=12)
  ratio_precision                   0.5000 (n=4)
  never_scored_metric               no scored instance
instances: 12 evaluated, 10 scored, 1 failed, 1 unscored
requests:  13 total, 3 cached, 1 failed, 2 retried
warnings:  2 (see evaluation_config.yaml)
outputs:   out/results.yml
           out/evaluation_config.yaml
`);
  });

  it('prints only the status, errors and paths when there is no summary', () => {
    const text = formatConsoleSummary({
      status: 'error',
      summary: null,
      outputPaths: ['out/evaluation_config.yaml'],
      errorCount: 1,
    });
    expect(text).toBe(
      'status: error\nerrors:    1 (see evaluation_config.yaml)\noutputs:   out/evaluation_config.yaml\n',
    );
    expect(text).not.toMatch(/NaN/);
  });
});

describe('count lines that explain themselves', () => {
  const base = loadEngineSummary();
  const withCounts = (data: object, requests: object) => ({
    ...base,
    data: { ...base.data, ...data },
    counts: { ...base.counts, requests: { ...base.counts.requests, ...requests } },
  });

  it('a run with corrected-set twins says why it evaluated twice limit_samples', () => {
    const summary = withCounts({ num_evaluated: 12, num_corrected: 6 }, {});
    expect(formatConsoleSummary({ status: 'success', summary, outputPaths: [] })).toContain(
      'instances: 12 evaluated (6 + their 6 corrected-set twins), 10 scored',
    );
  });

  it('cache hits of prompts repeated within the run are "duplicate prompts answered once", not "cached"', () => {
    const fresh = withCounts({}, { cached: 8, duplicates: 8 });
    expect(formatConsoleSummary({ status: 'success', summary: fresh, outputPaths: [] })).toContain(
      'requests:  13 total, 0 cached, 8 duplicate prompts answered once, 1 failed',
    );
    const resumed = withCounts({}, { cached: 5, duplicates: 1, not_sent: 2 });
    expect(formatConsoleSummary({ status: 'success', summary: resumed, outputPaths: [] })).toContain(
      'requests:  13 total, 4 cached, 1 duplicate prompt answered once, 1 failed, 2 retried, 2 not sent',
    );
  });

  it('formatFinalLogLine: one line with status, counts and runtime', () => {
    const line = formatFinalLogLine('interrupted', base);
    expect(line).toMatch(
      /^final: status interrupted; instances: 12 evaluated, 10 scored, 1 failed, 1 unscored; requests: 13 total, 3 cached, 1 failed, 2 retried; runtime \d+\.\d s$/,
    );
    expect(formatFinalLogLine('error', null)).toBe(
      'final: status error; no engine summary (see the errors in evaluation_config.yaml)',
    );
  });
});
