import { describe, it, expect } from '@jest/globals';
import { parse } from 'yaml';
import { yamlScalar } from './yaml-scalar.js';

// YAML 1.2 c-printable, minus BOM and the Unicode line/paragraph separators (stricter readers choke on them).
const STRICT_PRINTABLE =
  /^[\t\n\r\x20-\x7e\x85\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\u{10000}-\u{10ffff}]*$/u;

describe('yamlScalar', () => {
  it.each([
    ['plain', '"plain"'],
    [null, 'null'],
    [undefined, 'null'],
    [0, '0'],
    [false, 'false'],
    [['a', 1], '["a",1]'],
    [{ k: 'v' }, '{"k":"v"}'],
    ['del\u007f', '"del\\u007f"'],
    ['bom\ufeff', '"bom\\ufeff"'],
    ['nel\u0085', '"nel\u0085"'],
  ])('%j → %s', (value, expected) => {
    expect(yamlScalar(value)).toBe(expected);
  });

  it.each([
    'a: b',
    'x # y',
    '- d',
    "it's",
    '"q"',
    'multi\nline',
    '\u0000nul',
    'c1\u0080\u009f',
    'ls\u2028ps\u2029',
    'ff\uffff',
    '🩺 模型',
    'null',
    '~',
  ])('%j is strictly printable and round-trips', (value) => {
    const text = yamlScalar(value);
    expect(text).toMatch(STRICT_PRINTABLE);
    expect(parse(`k: ${text}\n`)).toEqual({ k: value });
  });
});
