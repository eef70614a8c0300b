import { describe, it, expect } from '@jest/globals';
import { PY_WHITESPACE, pyLstrip, pyRstrip, pySplit, pyStrip, pyTitle } from './python-text.js';

describe('PY_WHITESPACE', () => {
  it('is exactly Python str.isspace() (29 characters)', () => {
    expect(PY_WHITESPACE.size).toBe(29);
    for (const c of [
      '\u001c',
      '\u001f',
      '\u0085',
      '\u00a0',
      '\u1680',
      '\u2000',
      '\u200a',
      '\u2028',
      '\u202f',
      '\u205f',
      '\u3000',
    ]) {
      expect(PY_WHITESPACE.has(c)).toBe(true);
    }
    for (const c of ['\ufeff', '\u200b', '\u180e', 'a', '_']) expect(PY_WHITESPACE.has(c)).toBe(false);
  });
});

describe('pyStrip / pyLstrip / pyRstrip', () => {
  const cases: [string, string, string, string][] = [
    // input, strip, lstrip, rstrip
    ['  x  ', 'x', 'x  ', '  x'],
    ['\t\n\v\f\r x \r\n', 'x', 'x \r\n', '\t\n\v\f\r x'],
    // Python strips U+001C–U+001F and U+0085 (JS trim does not) and keeps U+FEFF (JS trim removes it).
    [' \u001c\u0085a b\u00a0\ufeff ', 'a b\u00a0\ufeff', 'a b\u00a0\ufeff ', ' \u001c\u0085a b\u00a0\ufeff'],
    ['\ufeffx', '\ufeffx', '\ufeffx', '\ufeffx'],
    ['\u3000\u2028', '', '', ''],
    ['', '', '', ''],
    ['33 ', '33', '33 ', '33'],
  ];
  it.each(cases)('%j', (input, strip, lstrip, rstrip) => {
    expect(pyStrip(input)).toBe(strip);
    expect(pyLstrip(input)).toBe(lstrip);
    expect(pyRstrip(input)).toBe(rstrip);
  });
});

describe('pySplit', () => {
  const cases: [string, string[]][] = [
    ['a b  c', ['a', 'b', 'c']],
    ['  leading and trailing  ', ['leading', 'and', 'trailing']],
    ['\ufeffa\u001fb\u200bc\u3000d', ['\ufeffa', 'b\u200bc', 'd']],
    ['x\u0085y\u00a0z', ['x', 'y', 'z']],
    ['', []],
    [' \t\n ', []],
  ];
  it.each(cases)('%j', (input, expected) => {
    expect(pySplit(input)).toEqual(expected);
  });
});

describe('pyTitle (values checked against CPython 3.11 str.title())', () => {
  const cases: [string, string][] = [
    ['MATERIALS AND METHODS', 'Materials And Methods'],
    ['COVID19CASE', 'Covid19Case'],
    ['hello world', 'Hello World'],
    ["they're bill's friends", "They'Re Bill'S Friends"],
    ["O'NEIL", "O'Neil"],
    ['x_y-z', 'X_Y-Z'],
    ['123abc', '123Abc'],
    ['éCOLE', 'École'],
    ['ABC·DEF', 'Abc·Def'],
    ['ǆemal ǉubav', 'ǅemal ǈubav'],
    ['straße', 'Straße'],
    ['ßa', 'Ssa'],
    ['ﬁsh ﬂow', 'Fish Flow'],
    ['ΣΑΣ ΟΔΟΣ', 'Σας Οδος'],
    ['ᾳ ᾀ', 'ᾼ ᾈ'],
    ['ა ბ', 'ა ბ'],
    ['İSTANBUL', 'İstanbul'],
    ['𐐨𐐩 𐐀𐐁', '𐐀𐐩 𐐀𐐩'],
    ['', ''],
  ];
  it.each(cases)('%j → %j', (input, expected) => {
    expect(pyTitle(input)).toBe(expected);
  });
});
