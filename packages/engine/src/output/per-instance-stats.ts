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
  const numbers = numbersOf(values, names);
  if (typeof id !== 'string' || typeof trial !== 'number' || typeof split !== 'string' || numbers === null) {
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
  const stats = texts.ofSplit(split);
  for (let i = 0; i < names.length; i++) stats.pushStat(pieces, names[i], numbers[i], i === 0);
  pieces.push(STATS_END);
  return pieces;
}

/** The values of `names`, in order; null when one is not a number (the general path). */
function numbersOf(values: Readonly<Record<string, unknown>>, names: readonly string[]): number[] | null {
  const numbers = new Array<number>(names.length);
  for (let i = 0; i < names.length; i++) {
    const v = values[names[i]];
    if (typeof v !== 'number') return null;
    numbers[i] = v;
  }
  return numbers;
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
 * per name, split and value: a Stat whose value repeats (0, 1, token counts…) is one piece of bytes, copied as it is.
 */
export class StatTexts {
  private readonly splits = new Map<string, SplitStatTexts>();
  /** value → the bytes from the first value on (the few values that repeat: 0, 1, token counts…). */
  private readonly tails = new Map<number, Uint8Array>();
  /** Whole Stats kept, over every split: past MAX_STAT_TAILS, a new one is made of its head and tail each time. */
  kept = 0;

  /** The texts of one split's Stats (looked up once per element, not once per Stat). */
  ofSplit(split: string): SplitStatTexts {
    let texts = this.splits.get(split);
    if (texts === undefined) this.splits.set(split, (texts = new SplitStatTexts(this, split)));
    return texts;
  }

  /** The text from the value on, as bytes when the value is kept (as a string past MAX_STAT_TAILS values). */
  tail(v: number): string | Uint8Array {
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

/** StatTexts of one split: each Stat's bytes by name and value, the first Stat's (no separator) then the others'. */
class SplitStatTexts {
  /** name → the bytes up to the value. */
  private readonly heads = new Map<string, [Uint8Array, Uint8Array]>();
  /** name → value → the whole Stat. */
  private readonly stats = new Map<string, Map<number, [Uint8Array, Uint8Array]>>();

  constructor(
    private readonly texts: StatTexts,
    private readonly split: string,
  ) {}

  /** Adds the Stat's text to `pieces`, with the separator before it unless `first`. */
  pushStat(pieces: (string | Uint8Array)[], name: string, v: number, first: boolean): void {
    let byValue = this.stats.get(name);
    if (byValue === undefined) this.stats.set(name, (byValue = new Map()));
    const known = byValue.get(v);
    if (known !== undefined) {
      pieces.push(known[first ? 0 : 1]);
      return;
    }
    const head = this.head(name);
    const tail = this.texts.tail(v);
    if (typeof tail === 'string' || this.texts.kept >= MAX_STAT_TAILS) {
      pieces.push(head[first ? 0 : 1], tail);
      return;
    }
    const whole: [Uint8Array, Uint8Array] = [Buffer.concat([head[0], tail]), Buffer.concat([head[1], tail])];
    byValue.set(v, whole);
    this.texts.kept++;
    pieces.push(whole[first ? 0 : 1]);
  }

  private head(name: string): [Uint8Array, Uint8Array] {
    let bytes = this.heads.get(name);
    if (bytes === undefined) {
      const text = `    {\n      "name": {\n        "name": ${JSON.stringify(name)},\n        "split": ${JSON.stringify(this.split)}\n      },\n      "count": 1,\n      "sum": `;
      bytes = [Buffer.from(text), Buffer.from(`,\n${text}`)];
      this.heads.set(name, bytes);
    }
    return bytes;
  }
}

const MAX_STAT_TAILS = 4096;

/** A number as JSON.stringify writes it (non-finite numbers are `null`). */
function jsonNumber(v: number): string {
  return Number.isFinite(v) ? String(v) : 'null';
}
