/** HELM's `normalize_text` (helm/benchmark/metrics/evaluate_reference_metrics.py), docs/benchmarks.md */
import { pySplit } from './python-text.js';

/** Python's `string.punctuation`: the 32 ASCII punctuation characters. Unicode punctuation is kept. */
export const ASCII_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const PUNCTUATION_SET: ReadonlySet<string> = new Set(ASCII_PUNCTUATION);

/**
 * Python's `\b(a|an|the)\b` on a `str` pattern: word characters are Unicode letters, numbers and `_` (Python's
 * `isalnum()` plus underscore), so the JavaScript `\b` (ASCII only) cannot be used.
 */
const ARTICLE = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

/**
 * Lower-case, delete ASCII punctuation, replace the words a/an/the with a space, collapse Python whitespace.
 * @example normalizeText('The Answer!') // 'answer'
 * @example normalizeText('09/23/2014') // '09232014'
 */
export function normalizeText(text: string): string {
  const lowered = text.toLowerCase();
  let withoutPunctuation = '';
  for (const c of lowered) {
    if (!PUNCTUATION_SET.has(c)) withoutPunctuation += c;
  }
  return pySplit(withoutPunctuation.replace(ARTICLE, ' ')).join(' ');
}
