import { describe, it, expect } from '@jest/globals';
import { ASCII_PUNCTUATION, normalizeText } from './normalize.js';

describe('normalizeText (HELM normalize_text)', () => {
  // docs/benchmarks.md vectors first, then Unicode word-boundary cases checked against CPython 3.11.
  const cases: [string, string][] = [
    ['The Answer!', 'answer'],
    ['  A  ', ''],
    ['an apple a day', 'apple day'],
    ['25.238', '25238'],
    ['09/23/2014', '09232014'],
    ['Non-small-cell', 'nonsmallcell'],
    ['It’s “quoted”', 'it’s “quoted”'],
    ['THE END. A', 'end'],
    ['éa the', 'éa'],
    ['a_the', 'athe'],
    ['the\u0301 a', '\u0301'],
    ['Ⅻa the', 'ⅻa'],
    ['ΣA', 'σa'],
    ['a1 the2 the', 'a1 the2'],
    ['theatre another', 'theatre another'],
    ['x\u00a0\u0085y', 'x y'],
    ['', ''],
  ];
  it.each(cases)('%j → %j', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it('deletes exactly the 32 ASCII punctuation characters', () => {
    expect(ASCII_PUNCTUATION).toHaveLength(32);
    expect(normalizeText(`x${ASCII_PUNCTUATION}y`)).toBe('xy');
    expect(normalizeText('x¿¡…—y')).toBe('x¿¡…—y');
  });
});
