import { readFileSync } from 'node:fs';
import { describe, it, expect } from '@jest/globals';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import type { EngineSummary, MetricSummary } from '@eval-factory/types';
import { formatResultsYml, type ResultsYmlInput } from './results-yml.js';
import { RENDERED, loadEngineSummary, sampleEvaluation } from './fixtures/sample.js';

type Doc = {
  results: {
    tasks: Record<string, { metrics: Record<string, { scores: { mean: { value: number; stats: object } } }> }>;
    groups: object;
  };
  [key: string]: unknown;
};

function input(overrides: Partial<ResultsYmlInput> = {}): ResultsYmlInput {
  return {
    evaluation: sampleEvaluation(),
    renderedCommand: RENDERED,
    gitHash: null,
    summary: loadEngineSummary(),
    ...overrides,
  };
}

function withMetrics(metrics: MetricSummary[]): EngineSummary {
  return { ...loadEngineSummary(), metrics };
}

const ONE_METRIC: MetricSummary = {
  name: 'acc',
  value: 0.5,
  main: true,
  helm_compatible: true,
  lower_is_better: false,
  description: 'd',
  report: true,
  stats: { count: 2, sum: 1, sum_squared: 1, min: 0, max: 1, mean: 0.5, variance: 0.25, stddev: 0.5, stderr: 0.5 },
};

describe('formatResultsYml', () => {
  it('writes the exact §7.3 structure for a one-metric run', () => {
    const evaluation = {
      ...sampleEvaluation(),
      config: { type: 'medcalc_bench', output_dir: 'o', params: { limit_samples: null, parallelism: 1 } },
    };
    const text = formatResultsYml(
      input({ evaluation, summary: withMetrics([ONE_METRIC]), renderedCommand: 'ef-bench run' }),
    );
    expect(text).toBe(`command: ef-bench run
config:
  output_dir: o
  params:
    parallelism: 1
  type: medcalc_bench
git_hash: null
results:
  groups: {}
  tasks:
    medcalc_bench:
      metrics:
        acc:
          scores:
            mean:
              stats:
                count: 2
                max: 1
                mean: 0.5
                min: 0
                stddev: 0.5
                stderr: 0.5
                sum: 1
                sum_squared: 1
                variance: 0.25
              value: 0.5
target:
  api_endpoint:
    adapter_config:
      use_caching: true
      use_nvcf: false
    api_key_name: ACME_API_KEY
    model_id: acme/tiny-model
    stream: false
    type: chat
    url: http://127.0.0.1:9999/v1
`);
  });

  it('names the task without the framework prefix and lists only reported metrics with a value', () => {
    const doc = parse(formatResultsYml(input())) as Doc;
    expect(Object.keys(doc.results.tasks)).toEqual(['medcalc_bench']);
    expect(Object.keys(doc.results.tasks.medcalc_bench.metrics)).toEqual([
      'medcalc_bench_accuracy',
      'medcalc_bench_accuracy_corrected',
      'ratio_precision',
    ]);
    expect(doc.results.groups).toEqual({});
    expect(doc.results.tasks.medcalc_bench.metrics.ratio_precision.scores.mean.stats).toEqual({ count: 4, sum: 2 });
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['null', null],
  ])('omits a metric whose value is %s and never writes NaN', (_label, value) => {
    const bad = { ...ONE_METRIC, name: 'bad', value: value as number, stats: { count: 0, mean: Number.NaN } };
    const text = formatResultsYml(input({ summary: withMetrics([ONE_METRIC, bad]) }));
    expect(text).not.toMatch(/\.nan|\.inf|NaN|Infinity/i);
    expect(Object.keys((parse(text) as Doc).results.tasks.medcalc_bench.metrics)).toEqual(['acc']);
  });

  it('drops non-finite stats fields but keeps the metric', () => {
    const metric = { ...ONE_METRIC, stats: { count: 1, sum: 1, mean: 1, stderr: Number.NaN } };
    const doc = parse(formatResultsYml(input({ summary: withMetrics([metric]) }))) as Doc;
    expect(doc.results.tasks.medcalc_bench.metrics.acc.scores.mean.stats).toEqual({ count: 1, sum: 1, mean: 1 });
  });

  it('removes nulls from config and target, keeps git_hash null', () => {
    const text = formatResultsYml(input());
    const doc = parse(text) as { config: { params: { extra: object } }; git_hash: unknown };
    expect(doc.git_hash).toBeNull();
    expect(doc.config.params.extra).toEqual({ max_failure_rate: 0.05, report_corrected: true });
    expect(text).not.toContain('caching_dir');
  });

  it('lists the task with no metrics when the engine wrote no summary', () => {
    const doc = parse(formatResultsYml(input({ summary: null }))) as Doc;
    expect(doc.results).toEqual({ groups: {}, tasks: { medcalc_bench: { metrics: {} } } });
  });

  // api_key is not written even when the user wrote it: NeMo's results model rejects it.
  it('writes only api_key_name in the target block, even for a seed-style api_key', () => {
    const endpoint = (text: string) =>
      (parse(text) as { target: { api_endpoint: Record<string, unknown> } }).target.api_endpoint;
    const evaluation = sampleEvaluation();
    const seedStyle = {
      ...evaluation,
      target: { api_endpoint: { ...evaluation.target.api_endpoint, api_key_name: null, api_key: 'ACME_API_KEY' } },
    };
    for (const e of [evaluation, seedStyle]) {
      expect(endpoint(formatResultsYml(input({ evaluation: e })))).toMatchObject({ api_key_name: 'ACME_API_KEY' });
      expect(endpoint(formatResultsYml(input({ evaluation: e })))).not.toHaveProperty('api_key');
    }
  });

  it('copies metadata.versioning with the git hash and versions, and points to metadata.yaml', () => {
    const metadata = { versioning: { model_rev: 'r1' }, owner: 'team' };
    const doc = parse(formatResultsYml(input({ metadata, gitHash: 'abc', versions: { efVersion: '0.1.0' } }))) as Doc;
    expect(doc.metadata).toEqual({
      versioning: { model_rev: 'r1', 'git-hash': 'abc', eval_factory: '0.1.0' },
      __skipped_fields: 'see metadata.yaml for the rest of the fields',
    });
    expect(parse(formatResultsYml(input()))).not.toHaveProperty('metadata');
  });

  it('sorts keys at every level', () => {
    const text = formatResultsYml(input({ metadata: { versioning: {} } }));
    const topKeys = text
      .split('\n')
      .filter((l) => /^[a-z_]+:/.test(l))
      .map((l) => l.split(':')[0]);
    expect(topKeys).toEqual(['command', 'config', 'git_hash', 'metadata', 'results', 'target']);
  });
});

/**
 * Consumer contract (docs/configuration.md#compatibility): results.yml loads in NeMo Evaluator's models. The fixture
 * fixtures/nemo-results.contract.json is their required shape, written by hand; a field NeMo forbids (a seed-style
 * `api_key`, an unknown params key) or a score that is not a number fails it.
 */
describe('results.yml as NeMo Evaluator loads it', () => {
  const contract = JSON.parse(readFileSync(new URL('./fixtures/nemo-results.contract.json', import.meta.url), 'utf8'));
  const validate = new Ajv({ allErrors: true, strict: false }).compile(contract);
  it("the sample run, and one configured with a seed-style api_key, have NeMo's shape", () => {
    const evaluation = sampleEvaluation();
    const seedStyle = {
      ...evaluation,
      target: { api_endpoint: { ...evaluation.target.api_endpoint, api_key_name: null, api_key: 'ACME_API_KEY' } },
    };
    for (const e of [evaluation, seedStyle]) {
      const doc = parse(formatResultsYml(input({ evaluation: e })));
      expect([validate(doc), validate.errors]).toEqual([true, null]);
    }
  });
  it('the fixture does catch what NeMo rejects', () => {
    const doc = parse(formatResultsYml(input())) as { target: { api_endpoint: Record<string, unknown> } };
    doc.target.api_endpoint.api_key = 'ACME_API_KEY';
    expect(validate(doc)).toBe(false);
  });
});
