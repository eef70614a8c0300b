import { describe, it, expect } from '@jest/globals';
import { parse } from 'yaml';
import { formatEvaluationConfig, type EvaluationConfigInput } from './evaluation-config.js';
import { RENDERED, loadEngineSummary, sampleEvaluation } from './fixtures/sample.js';

const URL_INFO = {
  resolved_url: 'http://127.0.0.1:9999/v1/chat/completions',
  provider: 'openai_compatible',
  use_nvcf: false,
};

function input(overrides: Partial<EvaluationConfigInput> = {}): EvaluationConfigInput {
  return {
    evaluation: sampleEvaluation(),
    renderedCommand: RENDERED,
    summary: loadEngineSummary(),
    status: 'partial',
    efVersion: '0.1.0',
    startedAt: '2025-03-01T09:59:58Z',
    endedAt: '2025-03-01T10:01:31.500Z',
    errors: [],
    warnings: [],
    urlInfo: URL_INFO,
    ...overrides,
  };
}

// Parsed YAML is explored field by field below; `any` keeps the assertions readable.
type Doc = Record<string, any>;

const TOP_KEYS = [
  'schema_version',
  'status',
  'eval_factory_version',
  'engine_version',
  'task',
  'framework',
  'run',
  'model',
  'generation',
  'helm_compatible',
  // Why not, when helm_compatible is false (the project's addition to §7.4's fields).
  'helm_incompatible_reasons',
  'prompt_texts',
  'data',
  'counts',
  'metrics',
  'efficiency',
  'warnings',
  'errors',
  'files',
];

describe('formatEvaluationConfig', () => {
  it('writes every §7.4 field in order', () => {
    const doc = parse(formatEvaluationConfig(input())) as Doc;
    expect(Object.keys(doc)).toEqual(TOP_KEYS);
    expect(doc.schema_version).toBe(1);
    expect(doc.task).toBe('medcalc_bench');
    expect(doc.framework).toBe('helm');
    expect(doc.run).toEqual({
      run_entry: 'medcalc_bench:model=acme/tiny-model',
      run_name: 'medcalc_bench:model=acme_tiny-model',
      run_dir: 'runs/medcalc_bench/medcalc_bench__model=acme_tiny-model',
      command: RENDERED,
      started_at: '2025-03-01T09:59:58Z',
      ended_at: '2025-03-01T10:01:31.500Z',
      runtime_seconds: 93.5,
    });
    expect(doc.model).toEqual({
      model_id: 'acme/tiny-model',
      url: 'http://127.0.0.1:9999/v1',
      resolved_url: URL_INFO.resolved_url,
      type: 'chat',
      provider: 'openai_compatible',
      api_key_name: 'ACME_API_KEY',
      use_nvcf: false,
    });
    expect(doc.files).toEqual({
      run_config: 'run_config.yml',
      results_yml: 'results.yml',
      instances: 'instances.jsonl',
      results: 'results.jsonl',
      responses: 'responses/',
      cache: 'cache.db',
      model_configs: 'model_configs/',
    });
  });

  it('lists reported metrics with their descriptors; corrects only on corrected metrics', () => {
    const doc = parse(formatEvaluationConfig(input())) as Doc;
    expect(doc.metrics.map((m: Doc) => m.name)).toEqual([
      'medcalc_bench_accuracy',
      'medcalc_bench_accuracy_corrected',
      'ratio_precision',
    ]);
    expect(doc.metrics[0]).toMatchObject({ value: 0.4, main: true, helm_compatible: true, lower_is_better: false });
    expect(doc.metrics[0]).not.toHaveProperty('corrects');
    expect(doc.metrics[1]).toMatchObject({ corrects: 'medcalc_bench_accuracy', helm_compatible: false });
    expect(Object.keys(doc.metrics[1])).toEqual([
      'name',
      'value',
      'stats',
      'main',
      'helm_compatible',
      'corrects',
      'lower_is_better',
      'description',
    ]);
  });

  it('merges factory and engine warnings and warns about metrics without a value', () => {
    const doc = parse(
      formatEvaluationConfig(input({ warnings: [{ code: 'EF_URL_ASSUMED_V1', message: 'added /v1' }] })),
    ) as Doc;
    expect(doc.warnings.map((w: Doc) => w.code)).toEqual([
      'EF_URL_ASSUMED_V1',
      'EF_SOME_ENGINE_WARNING',
      'EF_METRIC_NO_VALUE',
    ]);
    expect(doc.warnings[2].message).toContain('never_scored_metric');
  });

  it('works without a summary: status error, errors listed, unknowns null', () => {
    const errors = [{ code: 'EF_ENGINE_FAILED', message: 'engine exited with code 1' }];
    const text = formatEvaluationConfig(input({ summary: null, status: 'error', errors }));
    const doc = parse(text) as Doc;
    expect(Object.keys(doc)).toEqual(TOP_KEYS);
    expect(doc.status).toBe('error');
    expect(doc.errors).toEqual(errors);
    expect(doc.engine_version).toBeNull();
    expect(doc.run.run_entry).toBeNull();
    expect(doc.run.runtime_seconds).toBe(93.5);
    expect(doc.generation).toEqual({
      temperature: null,
      top_p: null,
      max_tokens: null,
      stop: null,
      num_completions: null,
      system_prompt: null,
    });
    expect(doc.data.files).toBeNull();
    expect(doc.counts.requests.total).toBeNull();
    expect(doc.metrics).toEqual([]);
    expect(doc.helm_compatible).toBeNull();
    expect(doc.helm_incompatible_reasons).toBeNull();
    expect(doc.prompt_texts).toBe('project-default');
    expect(doc.efficiency.inference_runtime).toEqual({ mean: null, p50: null, p90: null, p99: null });
  });

  it('falls back to the engine times and records a custom cache path and prompt texts', () => {
    const evaluation = sampleEvaluation();
    const endpoint = { ...evaluation.target.api_endpoint, adapter_config: { caching_dir: '/shared/cache.db' } };
    const params = { ...evaluation.config.params, extra: { prompt_texts: 'my-texts.yaml' } };
    const doc = parse(
      formatEvaluationConfig(
        input({
          summary: null,
          startedAt: null,
          endedAt: null,
          evaluation: { ...evaluation, target: { api_endpoint: endpoint }, config: { ...evaluation.config, params } },
        }),
      ),
    ) as Doc;
    expect(doc.files.cache).toBe('/shared/cache.db');
    expect(doc.prompt_texts).toBe('my-texts.yaml');
    expect(doc.run.started_at).toBeNull();
    const withSummary = parse(formatEvaluationConfig(input({ startedAt: null, endedAt: null }))) as Doc;
    expect(withSummary.run.runtime_seconds).toBe(90);
  });

  it('never writes NaN', () => {
    const summary = loadEngineSummary();
    const efficiency = {
      ...summary.efficiency,
      inference_runtime: { mean: Number.NaN, p50: 1, p90: 1, p99: Number.POSITIVE_INFINITY },
    };
    const text = formatEvaluationConfig(input({ summary: { ...summary, efficiency } }));
    expect(text).not.toMatch(/\.nan|\.inf|NaN|Infinity/i);
    expect((parse(text) as Doc).efficiency.inference_runtime.mean).toBeNull();
  });
});
