import { describe, it, expect } from '@jest/globals';
import { formatConsoleSummary } from './console-summary.js';
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
