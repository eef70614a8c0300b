import { Buffer } from 'node:buffer';
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

/** A text in pieces: strings, and bytes encoded once for the pieces that repeat (see StatTexts). */
export type TextPieces = readonly (string | Uint8Array)[];

/**
 * One per_instance_stats element, exactly as `helmElementJson` writes the `PerInstanceStats` of `values` (one
 * single-value Stat per value, in key order), but from text templates: the file holds ~200,000 Stats of a few
 * dozen distinct names and values, so their text is made and encoded once and reused. The element is returned in
 * pieces, written as they are (output/atomic.ts): joined, ~5 KB per instance were copied into a string only to be
 * encoded again. Anything not of the expected types takes the general path (one string).
 */
export function perInstanceStatsPieces(
  texts: StatTexts,
  id: string,
  trial: number,
  split: string,
  values: Readonly<Record<string, number>>,
): TextPieces {
  const names = Object.keys(values);
  if (
    typeof id !== 'string' ||
    typeof trial !== 'number' ||
    typeof split !== 'string' ||
    !names.every((n) => typeof values[n] === 'number')
  ) {
    return [
      helmElementJson({
        instance_id: id,
        train_trial_index: trial,
        stats: names.map((n) => singleValueStat(n, split, values[n])),
      } satisfies PerInstanceStats),
    ];
  }
  const head = `{\n  "instance_id": ${JSON.stringify(id)},\n  "train_trial_index": ${jsonNumber(trial)},\n  "stats": `;
  if (names.length === 0) return [`${head}[]\n}`];
  const pieces: (string | Uint8Array)[] = [`${head}[\n`];
  for (let i = 0; i < names.length; i++) texts.pushStat(pieces, names[i], split, values[names[i]], i === 0);
  pieces.push(STATS_END);
  return pieces;
}

/** `perInstanceStatsPieces` as one string. */
export function perInstanceStatsJson(
  texts: StatTexts,
  id: string,
  trial: number,
  split: string,
  values: Readonly<Record<string, number>>,
): string {
  return perInstanceStatsPieces(texts, id, trial, split, values)
    .map((p) => (typeof p === 'string' ? p : Buffer.from(p.buffer, p.byteOffset, p.byteLength).toString('utf8')))
    .join('');
}

const STATS_END = Buffer.from('\n  ]\n}');

/**
 * The text of `singleValueStat(name, split, v)` at the depth of a per-instance Stat, made and encoded (UTF-8) once
 * per name, split and value.
 */
export class StatTexts {
  /** split → name → the bytes up to the first value, the first Stat's (no separator) then the others'. */
  private readonly heads = new Map<string, Map<string, [Uint8Array, Uint8Array]>>();
  /** value → the bytes from the first value on (the few values that repeat: 0, 1, token counts…). */
  private readonly tails = new Map<number, Uint8Array>();

  /** Adds the Stat's text to `pieces`, as its two pieces (the head with the separator before it unless `first`). */
  pushStat(pieces: (string | Uint8Array)[], name: string, split: string, v: number, first: boolean): void {
    pieces.push(this.head(name, split)[first ? 0 : 1], this.tail(v));
  }

  private head(name: string, split: string): [Uint8Array, Uint8Array] {
    let byName = this.heads.get(split);
    if (!byName) this.heads.set(split, (byName = new Map()));
    let bytes = byName.get(name);
    if (bytes === undefined) {
      const text = `    {\n      "name": {\n        "name": ${JSON.stringify(name)},\n        "split": ${JSON.stringify(split)}\n      },\n      "count": 1,\n      "sum": `;
      bytes = [Buffer.from(text), Buffer.from(`,\n${text}`)];
      byName.set(name, bytes);
    }
    return bytes;
  }

  private tail(v: number): string | Uint8Array {
    const known = this.tails.get(v);
    if (known !== undefined) return known;
    const n = jsonNumber(v);
    const text = `${n},\n      "sum_squared": ${jsonNumber(v * v)},\n      "min": ${n},\n      "max": ${n},\n      "mean": ${n},\n      "variance": 0,\n      "stddev": 0\n    }`;
    // Run times are all different: past a few thousand values, keeping them would only hold memory.
    if (this.tails.size >= MAX_STAT_TAILS) return text;
    const bytes = Buffer.from(text);
    this.tails.set(v, bytes);
    return bytes;
  }
}

const MAX_STAT_TAILS = 4096;

/** A number as JSON.stringify writes it (non-finite numbers are `null`). */
function jsonNumber(v: number): string {
  return Number.isFinite(v) ? String(v) : 'null';
}
