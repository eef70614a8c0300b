/**
 * Python `str` semantics that HELM's text handling relies on (docs/benchmarks.md). JavaScript's `trim()` and
 * `split(/\s+/)` use a different whitespace set (they treat U+FEFF as space and miss U+001C–U+001F, U+0085), so
 * every place that mirrors a Python `strip()`/`split()` must use these functions instead.
 */
import { titleCaseOf } from './title-case.js';

/** Python's `str.isspace()` set, the one `strip()` and `split()` use without arguments. */
export const PY_WHITESPACE: ReadonlySet<string> = new Set([
  ' ',
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  '\u001c',
  '\u001d',
  '\u001e',
  '\u001f',
  '\u0085',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2001',
  '\u2002',
  '\u2003',
  '\u2004',
  '\u2005',
  '\u2006',
  '\u2007',
  '\u2008',
  '\u2009',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
]);

/** True when `c` (one UTF-16 unit; every Python space is in the BMP) is Python whitespace. */
function isPySpace(c: string): boolean {
  return PY_WHITESPACE.has(c);
}

/**
 * Python `s.lstrip()` (no argument): removes leading Python whitespace.
 * @example pyLstrip('\u0085 x ') // 'x '
 */
export function pyLstrip(s: string): string {
  let start = 0;
  while (start < s.length && isPySpace(s[start]!)) start++;
  return s.slice(start);
}

/**
 * Python `s.rstrip()` (no argument): removes trailing Python whitespace.
 * @example pyRstrip('Answer: ') // 'Answer:'
 */
export function pyRstrip(s: string): string {
  let end = s.length;
  while (end > 0 && isPySpace(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/**
 * Python `s.strip()` (no argument). Unlike `String.prototype.trim` it keeps U+FEFF and removes U+001C–U+001F, U+0085.
 * @example pyStrip(' 33 \n') // '33'
 */
export function pyStrip(s: string): string {
  return pyLstrip(pyRstrip(s));
}

/**
 * Python `s.split()` (no argument): split on runs of Python whitespace, dropping empty pieces.
 * @example pySplit('  a\u00a0b  c ') // ['a', 'b', 'c']
 */
export function pySplit(s: string): string[] {
  const words: string[] = [];
  let current = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (!isPySpace(c)) {
      current += c;
    } else if (current !== '') {
      words.push(current);
      current = '';
    }
  }
  if (current !== '') words.push(current);
  return words;
}

const CASED = /\p{Cased}/u;
const CASE_IGNORABLE = /\p{Case_Ignorable}/u;

/** Index of the nearest character from `from` in direction `step` that is not case-ignorable, or -1. */
function nearestNonIgnorable(chars: readonly string[], from: number, step: 1 | -1): number {
  for (let j = from; j >= 0 && j < chars.length; j += step) {
    if (!CASE_IGNORABLE.test(chars[j]!)) return j;
  }
  return -1;
}

/**
 * Lower case of the capital sigma at `index` (CPython `handle_capital_sigma`): final `ς` when a cased letter precedes
 * it and none follows (case-ignorable characters are skipped both ways), else `σ`.
 */
function lowerSigma(chars: readonly string[], index: number): string {
  const before = nearestNonIgnorable(chars, index - 1, -1);
  if (before < 0 || !CASED.test(chars[before]!)) return 'σ';
  const after = nearestNonIgnorable(chars, index + 1, 1);
  return after < 0 || !CASED.test(chars[after]!) ? 'ς' : 'σ';
}

/**
 * Python `str.title()`: a character that follows a cased character is lower-cased, every other one title-cased
 * (CPython `do_title`; "cased" is judged on the original character).
 * @example pyTitle('MATERIALS AND METHODS') // 'Materials And Methods'
 * @example pyTitle('COVID19CASE') // 'Covid19Case'
 */
export function pyTitle(s: string): string {
  const chars = Array.from(s);
  let out = '';
  let previousIsCased = false;
  chars.forEach((c, index) => {
    if (!previousIsCased) out += titleCaseOf(c);
    else out += c === 'Σ' ? lowerSigma(chars, index) : c.toLowerCase();
    previousIsCased = CASED.test(c);
  });
  return out;
}
