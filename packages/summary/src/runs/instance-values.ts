import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { UserError } from '@eval-factory/errors';
import { HELM_MAIN_SPLIT, type ResultsLine, type Untrusted } from '@eval-factory/types';

/** Per-instance values of one run, read from results.jsonl (docs/configuration.md). */
export interface InstanceValues {
  /** Every instance id in file order (each once, whatever its status). */
  readonly ids: readonly string[];
  readonly statuses: Readonly<Record<'ok' | 'failed' | 'unscored', number>>;
  /**
   * metric → instance id → the mean of its trials' values; instances without a value are absent, and so are those
   * outside HELM's main split when the run also evaluates it (the value in results.yml is over that split only).
   */
  readonly values: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

interface Accumulator {
  sum: number;
  count: number;
}

/**
 * Streams results.jsonl line by line (a 10 000-instance run is never one string) and keeps, per metric, each
 * instance's mean over its trials: the bootstrap resamples instances, and an instance's trials belong together.
 * `metrics` limits what is kept (the leaderboard needs only the main metric). A line that is not JSON throws
 * EF_RUN_UNREADABLE naming the line.
 * @example const { values } = await readInstanceValues('out/results.jsonl', new Set(['exact_match']));
 */
export async function readInstanceValues(file: string, metrics?: ReadonlySet<string>): Promise<InstanceValues> {
  const ids: string[] = [];
  const seen = new Set<string>();
  const statuses = { ok: 0, failed: 0, unscored: 0 };
  const sums = new Map<string, Map<string, Accumulator>>();
  /** Ids outside HELM's main split (lines carrying `split`, e.g. MedQA's valid rows). */
  const otherSplit = new Set<string>();
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === '') continue;
    let record: Untrusted<ResultsLine>;
    try {
      record = JSON.parse(line);
    } catch {
      lines.close();
      throw new UserError(
        'EF_RUN_UNREADABLE',
        `${file}:${lineNo} is not a JSON line`,
        'the run folder is damaged; run the evaluation again into it (answers come from its cache.db)',
      );
    }
    const id = String(record.instance_id);
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
    if (typeof record.split === 'string' && record.split !== HELM_MAIN_SPLIT) otherSplit.add(id);
    if (record.status === 'ok' || record.status === 'failed' || record.status === 'unscored') statuses[record.status]++;
    const values =
      record.metrics && typeof record.metrics === 'object' ? (record.metrics as Record<string, unknown>) : {};
    for (const [name, value] of Object.entries(values)) {
      if ((metrics && !metrics.has(name)) || typeof value !== 'number' || !Number.isFinite(value)) continue;
      let byId = sums.get(name);
      if (!byId) sums.set(name, (byId = new Map()));
      const acc = byId.get(id);
      if (acc) {
        acc.sum += value;
        acc.count++;
      } else byId.set(id, { sum: value, count: 1 });
    }
  }
  // A run over valid and test is read over test, as its headline is (HELM's tables); one split alone is kept whole.
  const keep = (id: string) => otherSplit.size === 0 || otherSplit.size === ids.length || !otherSplit.has(id);
  const values = new Map<string, Map<string, number>>();
  for (const [name, byId] of sums)
    values.set(name, new Map([...byId].filter(([id]) => keep(id)).map(([id, a]) => [id, a.sum / a.count])));
  return { ids, statuses, values };
}

/** The values of `metric` in instance order (ids without a value left out). */
export function valuesInOrder(iv: InstanceValues, metric: string): number[] {
  const byId = iv.values.get(metric);
  if (!byId) return [];
  const out: number[] = [];
  for (const id of iv.ids) {
    const v = byId.get(id);
    if (v !== undefined) out.push(v);
  }
  return out;
}
