/**
 * Self-written run folders for the viewer's tests (never real data): the files of docs/configuration.md with only
 * the fields the viewer and @eval-factory/summary read, for a 0/1 benchmark or an LLM-judged one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';

export interface FixtureRow {
  readonly id: string;
  readonly status: 'ok' | 'failed' | 'unscored';
  /** The main metric's value (absent = none). */
  readonly value?: number;
  readonly reason?: string;
  readonly answer?: string;
  readonly annotations?: Record<string, unknown>;
  readonly judgeLines?: readonly Record<string, unknown>[];
  readonly latency?: number;
}

export interface FixtureRun {
  readonly task: string;
  readonly model: string;
  readonly metric: string;
  readonly rows: readonly FixtureRow[];
  /** The main metric's declared range, written into evaluation_config.yaml as a run does. */
  readonly range?: readonly [number, number];
  /** One free-text gold answer per instance instead of the yes/no options. */
  readonly freeTextReference?: string;
}

const jsonl = (values: readonly unknown[]) =>
  values.map((v) => JSON.stringify(v)).join('\n') + (values.length ? '\n' : '');

function stats(values: readonly number[]) {
  const n = values.length;
  const sum = values.reduce((a, b) => a + b, 0);
  const sumSq = values.reduce((a, b) => a + b * b, 0);
  const mean = sum / n;
  const variance = Math.max(0, sumSq / n - mean * mean);
  return {
    count: n,
    sum,
    sum_squared: sumSq,
    min: Math.min(...values),
    max: Math.max(...values),
    mean,
    variance,
    stddev: Math.sqrt(variance),
  };
}

/** Writes the run into `dir` and returns the main metric's value (the mean over scored rows). */
export function writeFixtureRun(dir: string, run: FixtureRun): number {
  mkdirSync(join(dir, 'responses'), { recursive: true });
  const values = run.rows.flatMap((r) => (r.value === undefined ? [] : [r.value]));
  const s = stats(values);
  const failed = run.rows.filter((r) => r.status === 'failed').length;
  const unscored = run.rows.filter((r) => r.status === 'unscored').length;
  const metric = {
    name: run.metric,
    value: s.mean,
    stats: s,
    main: true,
    helm_compatible: true,
    lower_is_better: false,
    description: `invented ${run.metric}`,
    ...(run.range ? { range: [...run.range] } : {}),
  };
  writeFileSync(
    join(dir, 'evaluation_config.yaml'),
    stringify({
      schema_version: 1,
      status: failed ? 'partial' : 'success',
      task: run.task,
      framework: 'helm',
      run: {
        run_entry: `${run.task}:model=${run.model}`,
        run_name: `${run.task}:model=${run.model.replace('/', '_')}`,
        started_at: '2030-01-01T00:00:00Z',
        ended_at: '2030-01-01T00:01:00Z',
        runtime_seconds: 60,
      },
      model: {
        model_id: run.model,
        url: 'http://127.0.0.1:9/v1',
        type: 'chat',
        provider: 'openai_compatible',
        api_key_name: null,
      },
      helm_compatible: true,
      counts: {
        requests: { total: run.rows.length, succeeded: run.rows.length - failed, failed, retried: 0, cached: 0 },
        instances: { evaluated: run.rows.length, scored: values.length, failed, unscored },
      },
      metrics: [metric],
      efficiency: {
        num_prompt_tokens: { sum: 100, mean: 10 },
        num_completion_tokens: { sum: 10, mean: 1 },
        inference_runtime: { mean: 0.5, p50: 0.5, p90: 0.9, p99: 0.99 },
        cached_requests: 0,
      },
      warnings: failed
        ? [{ code: 'EF_INSTANCES_FAILED', message: `${failed} of ${run.rows.length} instances failed` }]
        : [],
      errors: [],
    }),
  );
  writeFileSync(
    join(dir, 'results.yml'),
    stringify({
      results: {
        tasks: { [run.task]: { metrics: { [run.metric]: { scores: { mean: { value: s.mean, stats: s } } } } } },
      },
    }),
  );
  writeFileSync(
    join(dir, 'run_config.yml'),
    stringify({ config: { type: run.task, output_dir: dir }, target: { api_endpoint: { model_id: run.model } } }),
  );
  writeFileSync(
    join(dir, 'instances.jsonl'),
    jsonl(
      run.rows.map((r) => ({
        id: r.id,
        split: 'test',
        input: { text: `Invented question ${r.id}: is the imaginary enzyme active?` },
        references: run.freeTextReference
          ? [{ output: { text: run.freeTextReference }, tags: ['correct'] }]
          : [
              { output: { text: 'yes' }, tags: ['correct'] },
              { output: { text: 'no' }, tags: [] },
            ],
      })),
    ),
  );
  writeFileSync(
    join(dir, 'results.jsonl'),
    jsonl(
      run.rows.map((r) => ({
        instance_id: r.id,
        train_trial_index: 0,
        status: r.status,
        ...(r.reason ? { reason: r.reason } : {}),
        prediction: r.status === 'failed' ? null : (r.answer ?? 'A'),
        ...(r.status === 'failed' ? {} : { mapped_output: 'yes' }),
        metrics: r.value === undefined ? {} : { [run.metric]: r.value },
        ...(r.annotations ? { annotations: r.annotations } : {}),
      })),
    ),
  );
  writeFileSync(
    join(dir, 'responses', 'model.jsonl'),
    jsonl(
      run.rows.map((r) => ({
        instance_id: r.id,
        train_trial_index: 0,
        request: {
          model: run.model,
          messages: [
            {
              role: 'user',
              content: `Answer A or B.\nInvented question ${r.id}: is the imaginary enzyme active?\nA. yes\nB. no\nAnswer:`,
            },
          ],
        },
        result:
          r.status === 'failed'
            ? {
                success: false,
                completions: [],
                error: r.reason ?? 'failed',
                error_kind: 'server_error',
                status_code: 503,
              }
            : {
                success: true,
                completions: [{ text: r.answer ?? 'A', finish_reason: 'stop' }],
                usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 },
              },
        cached: false,
        request_time_s: r.status === 'failed' ? null : (r.latency ?? 0.5),
        attempts: r.status === 'failed' ? 6 : 1,
        request_datetime: '2030-01-01T00:00:30Z',
      })),
    ),
  );
  const judgeLines = run.rows.flatMap((r) => r.judgeLines ?? []);
  if (judgeLines.length) writeFileSync(join(dir, 'responses', 'judges.jsonl'), jsonl(judgeLines));
  return s.mean;
}
