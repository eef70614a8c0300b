import type { Evaluation } from '@eval-factory/types';

/**
 * The task name used in `results.yml`: `config.type` without its framework prefix.
 * @example taskName({ config: { type: 'helm.medcalc_bench' } }) // 'medcalc_bench'
 */
export function taskName(evaluation: Pick<Evaluation, 'config'>): string {
  const type = evaluation.config.type;
  const dot = type.indexOf('.');
  return dot < 0 ? type : type.slice(dot + 1);
}

/** A deep copy without `null`/`undefined` values (NeMo's `model_dump(exclude_none=True)`). Lists keep their items. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== null && item !== undefined) out[key] = withoutNulls(item);
  }
  return out;
}

/**
 * The target block written to outputs: `api_key_name` (normalised from a seed-style `api_key` when the user wrote
 * that spelling), never `api_key`.
 */
export function targetForOutput(target: Evaluation['target']): Record<string, unknown> {
  const endpoint = target.api_endpoint;
  const { api_key: apiKey, ...rest } = endpoint;
  const keyName = endpoint.api_key_name ?? apiKey ?? null;
  const outEndpoint: Record<string, unknown> = { ...rest, api_key_name: keyName };
  // Only api_key_name, whichever spelling the user wrote: NeMo Evaluator rejects a target with both (Dec 2025) or
  // with api_key at all (May 2026).
  return { ...target, api_endpoint: outEndpoint };
}
