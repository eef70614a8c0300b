/** Eval-instance selection (docs/architecture.md): HELM's seed-0 subsample, reproduced exactly. */
import { createHash } from 'node:crypto';
import type { Instance } from '@eval-factory/types';
import { UserError } from '@eval-factory/errors';
import { NumpyLegacyRandom } from '@eval-factory/metrics';

export const SUBSAMPLE_METHOD = 'numpy_legacy_seed0_permutation';

export interface SubsampleInfo {
  /** K, the number of instances kept. */
  readonly limit: number;
  readonly method: typeof SUBSAMPLE_METHOD;
  /** sha256 hex of the JSON array of the selected instance ids, in selection order. */
  readonly indices_sha256: string;
}

export interface Selection {
  readonly selected: Instance[];
  /** null when nothing was dropped (no limit, or N ≤ K). */
  readonly subsample: SubsampleInfo | null;
}

/** Plain strings so an `AdapterSpec.eval_splits` or an `eval_split=` entry value can be passed directly. */
const DEFAULT_EVAL_SPLITS: readonly string[] = ['valid', 'test'];

/** K for a limit: an integer ≥ 1 as is, a fraction f ∈ (0, 1) as max(1, floor(N·f)). */
function resolveLimit(limit: number, n: number): number {
  if (Number.isInteger(limit) && limit >= 1) return limit;
  if (limit > 0 && limit < 1) return Math.max(1, Math.floor(n * limit));
  throw new UserError(
    'EF_MAX_EVAL_INSTANCES',
    `Invalid max_eval_instances (limit_samples): ${limit}`,
    'Use a whole number of instances (≥ 1) or a fraction between 0 and 1.',
  );
}

/** sha256 hex of `JSON.stringify(ids)`, recorded so a selection can be compared across runs. */
export function selectionSha256(ids: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(ids)).digest('hex');
}

/**
 * Picks the eval instances: those of `evalSplits` (valid + test) in load order, then, when `limit` leaves fewer than
 * N, the first K of NumPy's seed-0 `permutation(N)`, in permutation order (so smaller K selections are prefixes).
 * @example selectEvalInstances(instances, 1000).selected.length // min(1000, #eval instances)
 */
export function selectEvalInstances(
  instances: readonly Instance[],
  limit: number | null,
  evalSplits: readonly string[] = DEFAULT_EVAL_SPLITS,
): Selection {
  const evalInstances = instances.filter((instance) => evalSplits.includes(instance.split));
  if (limit === null) return { selected: evalInstances, subsample: null };
  const k = resolveLimit(limit, evalInstances.length);
  if (evalInstances.length <= k) return { selected: evalInstances, subsample: null };
  const order = new NumpyLegacyRandom(0).permutation(evalInstances.length).slice(0, k);
  const selected = order.map((i) => evalInstances[i]!);
  const subsample: SubsampleInfo = {
    limit: k,
    method: SUBSAMPLE_METHOD,
    indices_sha256: selectionSha256(selected.map((s) => s.id)),
  };
  return { selected, subsample };
}
