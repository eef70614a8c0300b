import type { PerInstanceStats, Stat } from '@eval-factory/types';
import { helmElementJson } from './helm-json.js';

/** A Stat of one value, built directly (hundreds of thousands per large run: no general-purpose merging). */
export function singleValueStat(name: string, split: string, v: number): Stat {
  return {
    name: { name, split },
    count: 1,
    sum: v,
    sum_squared: v * v,
    min: v,
    max: v,
    mean: v,
    variance: 0,
    stddev: 0,
  };
}

/**
 * One per_instance_stats element, exactly as `helmElementJson` writes the `PerInstanceStats` of `values` (one
 * single-value Stat per value, in key order), but from text templates: the file holds ~200,000 Stats of a few
 * dozen distinct names and values, so their text is made once and reused. Anything not of the expected types takes
 * the general path.
 */
export function perInstanceStatsJson(
  texts: StatTexts,
  id: string,
  trial: number,
  split: string,
  values: Readonly<Record<string, number>>,
): string {
  const names = Object.keys(values);
  if (
    typeof id !== 'string' ||
    typeof trial !== 'number' ||
    typeof split !== 'string' ||
    !names.every((n) => typeof values[n] === 'number')
  ) {
    return helmElementJson({
      instance_id: id,
      train_trial_index: trial,
      stats: names.map((n) => singleValueStat(n, split, values[n])),
    } satisfies PerInstanceStats);
  }
  // Joined once from its pieces: a string grown piece by piece was a chain of ~45 joins that had to be copied flat
  // before it could be written, at about twice the cost.
  const parts = [
    '{\n  "instance_id": ',
    JSON.stringify(id),
    ',\n  "train_trial_index": ',
    jsonNumber(trial),
    ',\n  "stats": ',
  ];
  if (names.length === 0) parts.push('[]');
  else {
    parts.push('[\n');
    for (let i = 0; i < names.length; i++) {
      if (i > 0) parts.push(',\n');
      texts.pushStat(parts, names[i], split, values[names[i]]);
    }
    parts.push('\n  ]');
  }
  parts.push('\n}');
  return parts.join('');
}

/** The text of `singleValueStat(name, split, v)` at the depth of a per-instance Stat, made once per name, split and value. */
export class StatTexts {
  /** split → name → the text up to the first value. */
  private readonly heads = new Map<string, Map<string, string>>();
  /** value → the text from the first value on (the few values that repeat: 0, 1, token counts…). */
  private readonly tails = new Map<number, string>();

  /** Adds the Stat's text to `parts`, as its two pieces. */
  pushStat(parts: string[], name: string, split: string, v: number): void {
    parts.push(this.head(name, split), this.tail(v));
  }

  private head(name: string, split: string): string {
    let byName = this.heads.get(split);
    if (!byName) this.heads.set(split, (byName = new Map()));
    let text = byName.get(name);
    if (text === undefined) {
      text = `    {\n      "name": {\n        "name": ${JSON.stringify(name)},\n        "split": ${JSON.stringify(split)}\n      },\n      "count": 1,\n      "sum": `;
      byName.set(name, text);
    }
    return text;
  }

  private tail(v: number): string {
    let text = this.tails.get(v);
    if (text === undefined) {
      const n = jsonNumber(v);
      text = `${n},\n      "sum_squared": ${jsonNumber(v * v)},\n      "min": ${n},\n      "max": ${n},\n      "mean": ${n},\n      "variance": 0,\n      "stddev": 0\n    }`;
      // Run times are all different: past a few thousand values, keeping them would only hold memory.
      if (this.tails.size < MAX_STAT_TAILS) this.tails.set(v, text);
    }
    return text;
  }
}

const MAX_STAT_TAILS = 4096;

/** A number as JSON.stringify writes it (non-finite numbers are `null`). */
function jsonNumber(v: number): string {
  return Number.isFinite(v) ? String(v) : 'null';
}
