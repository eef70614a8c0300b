import { describe, expect, it } from '@jest/globals';
import { correctedCodes, helmCodes, setScores } from './codes.js';

describe("helmCodes: HELM's extraction regex (docs/benchmarks/mimiciv_billing_code.md test vectors)", () => {
  it.each<[string, string[]]>([
    ['E11.9', ['E11.9']],
    ['E119', ['E119']],
    ['Z7901', []],
    ['S72.001A', ['S72']],
    ['T84.84XA', ['T84']],
    ['C7A.1', []],
    ['M1A.0', []],
    ['0DTJ4ZZ', []],
    ['B2111ZZ', []],
    ['I10.', ['I10']],
    ['**J18.9**', ['J18.9']],
    ['e11.9', []],
    ['E11.9,I10,Z79.4', ['E11.9', 'I10', 'Z79.4']],
    ['E78.5; I25.10', ['E78.5', 'I25.10']],
    ['E11.9 and E11.9 again', ['E11.9']],
    ['éE11.9', []],
    ['E11.9é', ['E11']],
  ])('%s → %j', (text, codes) => {
    expect([...helmCodes(text)]).toEqual(codes);
  });
});

describe('correctedCodes', () => {
  it.each<[string, string[]]>([
    ['S72.001A', ['S72001A']],
    ['C7A.1', ['C7A1']],
    ['M1A.0', ['M1A0']],
    ['Z7901', ['Z7901']],
    ['e11.9', ['E119']],
    ['0DTJ4ZZ', ['0DTJ4ZZ']],
    ['I10.', ['I10']],
    ['**J18.9**', ['J189']],
    ['E11.9, E119', ['E119']],
    ['U07.1', []],
  ])('%s → %j', (text, codes) => {
    expect([...correctedCodes(text)]).toEqual(codes);
  });
});

describe('setScores (sklearn micro average over one sample, zero_division=0)', () => {
  it.each<[string[], string[], [number, number, number]]>([
    [
      ['A1', 'B2'],
      ['A1', 'C3'],
      [0.5, 0.5, 0.5],
    ],
    [['A1'], ['A1', 'C3'], [1, 0.5, 2 / 3]],
    [[], ['A1'], [0, 0, 0]],
    [['A1'], [], [0, 0, 0]],
    [[], [], [0, 0, 0]],
  ])('%j vs %j', (pred, gold, [p, r, f]) => {
    const s = setScores(new Set(pred), new Set(gold));
    expect([s.precision, s.recall, s.f1]).toEqual([p, r, f]);
  });
});
