/**
 * The settings tables of the run page, read from evaluation_config.yaml and eval_factory_metrics.json
 * (docs/configuration.md). Every field is optional here: an older or half-written run shows what it has.
 */
import type { CodedMessageView, Fact } from '../shared/api-types.js';
import { fmtInt, fmtNumber, fmtSeconds } from '../shared/format.js';

type Obj = Record<string, unknown>;
export const obj = (x: unknown): Obj => (x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Obj) : {});
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** A YAML value as one line of text. */
export function factText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length ? value.map(factText).join(', ') : '[]';
  return JSON.stringify(value);
}

function facts(source: Obj, keys: readonly string[]): Fact[] {
  return keys.filter((k) => k in source).map((k) => [k, factText(source[k])] as const);
}

export interface RunFacts {
  readonly run: Fact[];
  readonly model: Fact[];
  readonly generation: Fact[];
  readonly data: Fact[];
}

/** The run, model, generation and data tables of the run page. */
export function runFacts(evaluation: Obj): RunFacts {
  const run = obj(evaluation.run);
  const data = obj(evaluation.data);
  const subsample =
    data.subsample === null || data.subsample === undefined ? 'none (all instances)' : factText(data.subsample);
  const files = (Array.isArray(data.files) ? data.files : [])
    .map(obj)
    .map(
      (f) =>
        [
          'file',
          `${factText(f.path)} (${fmtInt(num(f.bytes))} bytes, sha256 ${String(f.sha256 ?? '').slice(0, 12)}…)`,
        ] as const,
    );
  return {
    run: [
      ...facts(evaluation, [
        'status',
        'task',
        'framework',
        'helm_compatible',
        'helm_incompatible_reasons',
        'prompt_texts',
        'eval_factory_version',
        'engine_version',
      ]),
      ...facts(run, ['run_entry', 'run_name', 'run_dir', 'started_at', 'ended_at']),
      ...(num(run.runtime_seconds) !== null ? [['runtime', fmtSeconds(num(run.runtime_seconds))] as const] : []),
      ...facts(run, ['command']),
    ],
    model: facts(obj(evaluation.model), [
      'model_id',
      'url',
      'resolved_url',
      'type',
      'provider',
      'api_key_name',
      'use_nvcf',
    ]),
    generation: facts(obj(evaluation.generation), [
      'temperature',
      'top_p',
      'max_tokens',
      'stop',
      'num_completions',
      'system_prompt',
    ]),
    data: [
      ...facts(data, ['source', 'revision', 'num_rows', 'num_instances', 'num_evaluated']),
      ['subsample', subsample],
      ...files,
    ],
  };
}

/** Tokens, latency, cache use and memory, from evaluation_config.yaml `efficiency` and eval_factory_metrics.json. */
export function efficiencyFacts(evaluation: Obj, metricsJson: Obj): Fact[] {
  const eff = obj(evaluation.efficiency);
  const prompt = obj(eff.num_prompt_tokens);
  const completion = obj(eff.num_completion_tokens);
  const runtime = obj(eff.inference_runtime);
  const stats = obj(metricsJson.response_stats);
  const peak = num(obj(metricsJson.evaluation).peak_memory_bytes);
  const out: Fact[] = [
    ['prompt tokens', `${fmtInt(num(prompt.sum))} (mean ${fmtNumber(num(prompt.mean), 1)})`],
    ['completion tokens', `${fmtInt(num(completion.sum))} (mean ${fmtNumber(num(completion.mean), 1)})`],
    [
      'inference time, live requests',
      `mean ${fmtSeconds(num(runtime.mean))} · p50 ${fmtSeconds(num(runtime.p50))} · p90 ${fmtSeconds(num(runtime.p90))} · p99 ${fmtSeconds(num(runtime.p99))}`,
    ],
    ['cached requests', fmtInt(num(eff.cached_requests))],
  ];
  if (num(stats.max_latency_ms) !== null)
    out.push(['slowest request', fmtSeconds((num(stats.max_latency_ms) as number) / 1000)]);
  if (Object.keys(obj(stats.finish_reason)).length) out.push(['finish reasons', factText(stats.finish_reason)]);
  if (Object.keys(obj(stats.status_codes)).length) out.push(['HTTP status codes', factText(stats.status_codes)]);
  if (peak !== null) out.push(['peak memory (engine)', `${fmtNumber(peak / 1024 / 1024, 0)} MB`]);
  return out;
}

/** Request counts (total, succeeded, failed, retried, cached), or null when the run has none. */
export function requestCounts(evaluation: Obj): Record<string, number> | null {
  const requests = obj(obj(evaluation.counts).requests);
  const out = Object.fromEntries(Object.entries(requests).filter((e): e is [string, number] => num(e[1]) !== null));
  return Object.keys(out).length ? out : null;
}

export function codedMessages(x: unknown): CodedMessageView[] {
  return (Array.isArray(x) ? x : []).map(obj).map((m) => ({
    code: typeof m.code === 'string' ? m.code : '(no code)',
    message: typeof m.message === 'string' ? m.message : '',
    ...(num(m.count) !== null ? { count: num(m.count) as number } : {}),
  }));
}
