/**
 * The numbers of a run's HELM files: each result's per-instance values (per_instance_stats.json) and the run's
 * Stats (stats.json), accumulated as results pass so nothing is kept per instance.
 */
import type { Stat } from '@eval-factory/types';
import { statFromValues } from '@eval-factory/metrics';
import type { ModelCallRecord } from '../clients/index.js';
import type { ScoredResult } from '../runner/score.js';

/** Per-instance HELM stats: the benchmark metrics plus the bookkeeping stats HELM's UI expects (docs/architecture.md). */
export function perInstanceValues(
  r: ScoredResult,
  record: ModelCallRecord | undefined,
  numTrainInstances: number,
): Record<string, number> {
  // Object.assign, not `{ ...r.metrics, … }`: V8 cloned the spread 30× slower (25 µs per instance). The same
  // fields in the same order: metrics are plain data fields set by `scoreOne`.
  const values: Record<string, number> = Object.assign({}, r.metrics);
  values.num_train_instances = numTrainInstances;
  values.prompt_truncated = 0;
  values.num_references = r.instance.references.length;
  const o = record?.outcome;
  values.num_failed_requests = o?.ok ? 0 : 1;
  if (o?.ok) {
    values.num_cached_requests = o.cached ? 1 : 0;
    if (o.usage?.prompt_tokens != null) values.num_prompt_tokens = o.usage.prompt_tokens;
    if (o.usage?.completion_tokens != null) {
      values.num_completion_tokens = o.usage.completion_tokens;
      values.num_output_tokens = o.usage.completion_tokens;
    }
    if (!o.cached) values.inference_runtime = o.request_time_s;
    // Named stores, not `values[`finish_reason_${k}`]`: computed keys made a new key string per stat and could
    // leave `values` in slow dictionary mode.
    const reason = o.completions[0]?.finish_reason ?? 'unknown';
    values.finish_reason_length = reason === 'length' ? 1 : 0;
    values.finish_reason_stop = reason === 'stop' ? 1 : 0;
    values.finish_reason_endoftext = reason === 'endoftext' ? 1 : 0;
    values.finish_reason_unknown = reason === 'length' || reason === 'stop' || reason === 'endoftext' ? 0 : 1;
  }
  return values;
}

/** The run's Stats, from each result's per-instance values as they pass. */
export class RunStats {
  private readonly sums = new RunAccumulator();
  private readonly trials = new Set<number>();
  private count = 0;
  private firstSplit: string | null = null;

  add(values: Record<string, number>, split: string, trial: number): void {
    for (const name of Object.keys(values)) this.sums.add(name, split, trial, values[name]);
    this.trials.add(trial);
    this.firstSplit ??= split;
    this.count++;
  }

  /** HELM aggregation: per trial the mean of per-instance values, then a Stat over the trial means (count = trials). */
  stats(): Stat[] {
    const stats = this.sums.entries.map((e) =>
      statFromValues(
        { name: e.name, split: e.split },
        [...e.trials.values()].map((t) => t.sum / t.n),
      ),
    );
    const split = this.firstSplit ?? 'test';
    stats.push(statFromValues({ name: 'num_instances', split }, [this.count / Math.max(1, this.trials.size)]));
    stats.push(statFromValues({ name: 'num_train_trials', split }, [this.trials.size]));
    return stats;
  }
}

interface RunEntry {
  readonly name: string;
  readonly split: string;
  readonly trials: Map<number, { sum: number; n: number }>;
}

/**
 * Sums of every (name, split) per trial, in order of first appearance (the order of stats.json). Looked up by
 * split then name: no key string is built for each of the ~200,000 values.
 */
class RunAccumulator {
  readonly entries: RunEntry[] = [];
  private readonly index = new Map<string, Map<string, RunEntry>>();

  add(name: string, split: string, trial: number, v: number): void {
    let byName = this.index.get(split);
    if (!byName) this.index.set(split, (byName = new Map()));
    let entry = byName.get(name);
    if (!entry) {
      entry = { name, split, trials: new Map() };
      byName.set(name, entry);
      this.entries.push(entry);
    }
    const t = entry.trials.get(trial);
    if (t) {
      t.sum += v;
      t.n++;
    } else entry.trials.set(trial, { sum: v, n: 1 });
  }
}
