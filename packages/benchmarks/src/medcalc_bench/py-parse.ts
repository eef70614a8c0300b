/**
 * Python's `float()`, `int()` on digit strings and `datetime.strptime(s, '%m/%d/%Y')`, ported exactly because
 * HELM's MedCalc-Bench metric scores with them (docs/benchmarks/medcalc_bench.md). JavaScript's `Number()` differs: it reads ""
 * as 0, accepts hex and `Infinity`, and rejects `1_000`, `inf` and non-ASCII digits, which Python handles.
 */

import { PY_WHITESPACE } from '@eval-factory/metrics';

const ND = /\p{Nd}/u;
/** After the transform below CPython strips only ASCII whitespace, so U+001C–U+001F (kept as is) make float() fail. */
const ASCII_SPACE = /^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g;
const DIGITS = String.raw`\d(?:_?\d)*`;
const FLOAT_GRAMMAR = new RegExp(
  String.raw`^[+-]?(?:(?:${DIGITS}(?:\.(?:${DIGITS})?)?|\.${DIGITS})(?:[eE][+-]?${DIGITS})?|inf|infinity|nan)$`,
  'i',
);

function isDecimalDigit(codePoint: number): boolean {
  return ND.test(String.fromCodePoint(codePoint));
}

/**
 * Value 0–9 of a Unicode decimal digit (category Nd), or -1. Unicode encodes every decimal digit set as a
 * contiguous run 0..9, so the value is the distance from the start of the surrounding run, modulo 10.
 * @example unicodeDigitValue('٣'.codePointAt(0)!) // 3
 */
export function unicodeDigitValue(codePoint: number): number {
  if (!isDecimalDigit(codePoint)) return -1;
  let start = codePoint;
  while (isDecimalDigit(start - 1)) start--;
  return (codePoint - start) % 10;
}

/**
 * Python `int()` of a string of Unicode decimal digits (what `\d+` matched), as a BigInt because Python ints are
 * unbounded.
 * @example pyDigitsToBigInt('0١4') // 14n
 */
export function pyDigitsToBigInt(digits: string): bigint {
  let value = 0n;
  for (const c of digits) value = value * 10n + BigInt(unicodeDigitValue(c.codePointAt(0)!));
  return value;
}

/**
 * CPython's `_PyUnicode_TransformDecimalAndSpaceToASCII`: non-ASCII whitespace becomes a space, non-ASCII digits
 * their ASCII digit, anything else non-ASCII a `?` that no number grammar accepts.
 */
function toAsciiNumberText(text: string): string {
  let out = '';
  for (const c of text) {
    const cp = c.codePointAt(0)!;
    if (cp < 127) out += c;
    else if (PY_WHITESPACE.has(c)) out += ' ';
    else {
      const digit = unicodeDigitValue(cp);
      out += digit < 0 ? '?' : String(digit);
    }
  }
  return out;
}

/**
 * Python `float(text)`: `null` where Python raises `ValueError`. Surrounding whitespace is allowed, `_` only
 * between digits, `inf`/`infinity`/`nan` in any case, non-ASCII decimal digits count as digits.
 * @example pyFloat(' 1_000.5 ') // 1000.5
 * @example pyFloat('100 mmHg') // null
 */
export function pyFloat(text: string): number | null {
  const body = toAsciiNumberText(text).replace(ASCII_SPACE, '');
  if (!FLOAT_GRAMMAR.test(body)) return null;
  const lower = body.toLowerCase();
  const negative = lower.startsWith('-');
  const unsigned = lower.replace(/^[+-]/, '');
  if (unsigned === 'nan') return NaN;
  if (unsigned.startsWith('inf')) return negative ? -Infinity : Infinity;
  return Number(body.replace(/_/g, ''));
}

/** A calendar date as `strptime` returns it (time fields are always zero for `%m/%d/%Y`). */
export interface PyDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/**
 * `_strptime`'s regexes for `%m`, `%d`, `%Y` (note `%d` accepts a space before a single digit); `\d` is Unicode in
 * Python, and the whole string must be consumed ("unconverted data remains" otherwise).
 */
const MDY = /^(1[0-2]|0[1-9]|[1-9])\/(3[01]|[12]\p{Nd}|0[1-9]|[1-9]| [1-9])\/(\p{Nd}{4})$/u;

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/**
 * Python `datetime.strptime(text, '%m/%d/%Y')`: `null` where Python raises `ValueError` (no match, trailing text,
 * year 0, a day the month does not have).
 * @example pyStrptimeMDY('9/23/2014') // { year: 2014, month: 9, day: 23 }
 * @example pyStrptimeMDY('02/30/2014') // null
 */
export function pyStrptimeMDY(text: string): PyDate | null {
  const match = MDY.exec(text);
  if (!match) return null;
  const [month, day, year] = [match[1]!, match[2]!.trim(), match[3]!].map((part) => Number(pyDigitsToBigInt(part)));
  if (year < 1 || day > daysInMonth(year, month!)) return null;
  return { year: year!, month: month!, day: day! };
}

/** Orders dates like Python `datetime` comparison. */
export function dateOrdinal(date: PyDate): number {
  return date.year * 10_000 + date.month * 100 + date.day;
}
