import { describe, expect, it } from '@jest/globals';
import { pyListStr, pyRepr } from './python-repr.js';

// Expected values were printed by CPython 3.11 (`repr(s)`, `str(list)`); labels name the Unicode category at stake.
describe('pyRepr: CPython repr(str)', () => {
  const cases: [string, string, string][] = [
    ['plain ASCII', 'plain text', "'plain text'"],
    ['empty string', '', "''"],
    ['apostrophe only -> double quotes', "it's", '"it\'s"'],
    ['double quote only -> single quotes', 'say "hi"', '\'say "hi"\''],
    ['both quotes -> single quotes, apostrophe escaped', 'it\'s "so"', "'it\\'s \"so\"'"],
    ['backslash', 'a\\b', "'a\\\\b'"],
    ['backslash with apostrophe', "it's a\\b", '"it\'s a\\\\b"'],
    ['newline, tab, carriage return', 'l1\nl2\tx\ry', "'l1\\nl2\\tx\\ry'"],
    ['other ASCII controls and DEL', '\u0000\u0007\u000b\f\u001b\u001f\u007f', "'\\x00\\x07\\x0b\\x0c\\x1b\\x1f\\x7f'"],
    ['U+00A0 no-break space', '5\u00a0mg', "'5\\xa0mg'"],
    ['U+2009 thin space', '10\u2009mmHg', "'10\\u2009mmHg'"],
    ['U+200A hair space', 'p\u200a<\u200a0.05', "'p\\u200a<\\u200a0.05'"],
    ['U+202F narrow no-break space', '20\u202f%', "'20\\u202f%'"],
    ['U+2005 four-per-em space', 'a\u2005b', "'a\\u2005b'"],
    ['U+2003 em space', 'a\u2003b', "'a\\u2003b'"],
    ['U+0085 next line (Cc)', 'a\u0085b', "'a\\x85b'"],
    ['U+00AD soft hyphen (Cf)', 'co\u00adop', "'co\\xadop'"],
    ['U+200B zero width space (Cf)', 'a\u200bb', "'a\\u200bb'"],
    ['U+FEFF BOM (Cf)', '\ufeffx', "'\\ufeffx'"],
    ['U+2028 / U+2029 separators', 'a\u2028b\u2029c', "'a\\u2028b\\u2029c'"],
    ['U+3000 ideographic space (Zs)', 'a\u3000b', "'a\\u3000b'"],
    ['U+E000 private use (Co)', '\ue000', "'\\ue000'"],
    ['U+0378 unassigned (Cn)', '\u0378', "'\\u0378'"],
    ['lone surrogate (Cs)', '\ud800', "'\\ud800'"],
    ['astral private use (Co)', '\udb80\udc00', "'\\U000f0000'"],
    ['astral unassigned (Cn)', '\ud83f\udffe', "'\\U0001fffe'"],
    [
      'printable non-ASCII kept',
      '\u0394\u03a8m \u00b0C \u00b5g \u2264 \u2014 caf\u00e9 \u2019s',
      "'\u0394\u03a8m \u00b0C \u00b5g \u2264 \u2014 caf\u00e9 \u2019s'",
    ],
    ['printable astral kept', '\ud83d\ude00 \ud835\udc00', "'\ud83d\ude00 \ud835\udc00'"],
    ['U+00A0 next to quotes', "\u00a0'x'\u00a0", '"\\xa0\'x\'\\xa0"'],
  ];
  it.each(cases)('%s', (_label, input, expected) => {
    expect(pyRepr(input)).toBe(expected);
  });
});

describe('pyListStr: CPython str(list of str)', () => {
  const cases: [string[], string][] = [
    [[], '[]'],
    [['a'], "['a']"],
    [["it's", 'q"', 'x\u2009y'], "[\"it's\", 'q\"', 'x\\u2009y']"],
    [['', '\\'], "['', '\\\\']"],
  ];
  it.each(cases)('%j', (items, expected) => {
    expect(pyListStr(items)).toBe(expected);
  });
});
