import { describe, expect, it } from '@jest/globals';
import type { Instance, PromptRequest } from '@eval-factory/types';
import { correctedGold, helmGold, leadingInteger, medecFamily, medecScores, readPrediction } from './metric.js';

const score = (gold: string, pred: string) => {
  const s = medecScores(gold, pred);
  return [s.medec_error_flag_accuracy, s.medec_error_sentence_accuracy, s.medec_error_sentence_accuracy_corrected];
};

describe('medecScores: every test vector of docs/benchmarks/medec.md (flag, HELM sentence, corrected sentence)', () => {
  it.each([
    ['CORRECT', 'CORRECT', [1, 1, 1]],
    ['CORRECT', '3 fix', [0, 0, 0]],
    ['CORRECT', '', [0, 0, 0]],
    ['CORRECT', 'correct', [0, 0, 0]],
    ['CORRECT', ' CORRECT \n', [1, 1, 1]],
    ['CORRECT', 'CORRECT.', [0, 0, 0]],
    ['3 The patient has X.', '3 The patient has Y.', [1, 0, 1]],
    ['3 The patient has X.', 'CORRECT', [0, 0, 0]],
    ['3 The patient has X.', '', [1, 0, 0]],
    ['5', '5 fixed', [1, 1, 1]],
    ['5.', '5 fixed', [1, 1, 1]],
    ['CORRECT.', 'CORRECT', [1, 1, 1]],
  ])('gold %j, answer %j → %j', (gold, pred, expected) => {
    expect(score(gold, pred)).toEqual(expected);
  });
});

describe('medecScores: tricky answers', () => {
  it.each([
    ['wrong sentence id', '3 The patient has X.', '4 The patient has X.', [1, 0, 0]],
    ['leading zeros', '3 The patient has X.', '03 The patient has Y.', [1, 0, 1]],
    ['id glued to punctuation', '3 The patient has X.', '3. The patient has Y.', [1, 0, 1]],
    ['id with a colon', '12 Give 5 mg.', '12: Give 10 mg.', [1, 0, 1]],
    ['a comma after the digits (units, thousands)', '3 Dose 1,000 mg.', '3,000 mg', [1, 0, 1]],
    ['a decimal answer', '3 The patient has X.', '3.5 mg', [1, 0, 1]],
    ['a date', '9 Seen on 09/23/2014.', '09/23/2014', [1, 0, 1]],
    ['a range', '7 Give 2-4 L.', '7-8', [1, 0, 1]],
    ['a signed id is not an id', '3 The patient has X.', '+3 fix', [1, 0, 0]],
    ['a negative id', '3 The patient has X.', '-1', [1, 0, 0]],
    ['prose before the id', '3 The patient has X.', 'Sentence 3: The patient has Y.', [1, 0, 0]],
    ['a letter with punctuation', 'CORRECT', 'A.', [0, 0, 0]],
    ['a refusal on an error note', '3 The patient has X.', "I'm sorry, I can't help with that.", [1, 0, 0]],
    ['a refusal on a correct note', 'CORRECT', "I'm sorry, I can't help with that.", [0, 0, 0]],
    ['CORRECT with an explanation', 'CORRECT', 'CORRECT - no error found', [0, 0, 0]],
    ['lower-case correct on an error note', '3 The patient has X.', 'correct', [1, 0, 0]],
    ['Python whitespace around CORRECT (NBSP, NEL)', 'CORRECT', '\u00a0CORRECT\u0085', [1, 1, 1]],
    ['a BOM is not Python whitespace', 'CORRECT', '\ufeffCORRECT', [0, 0, 0]],
    ['a fullwidth digit is a Python \\d', '3 The patient has X.', '\uff13 fix', [1, 0, 1]],
    ['Arabic-Indic digits', '12 The patient has X.', '\u0661\u0662 fix', [1, 0, 1]],
    ['a digit id too long for a double', '3 The patient has X.', '30000000000000000000000 fix', [1, 0, 0]],
    ['multi-line answer with the id first', '2 Give fluids.', '2 Give fluids.\nExplanation follows.', [1, 0, 1]],
    ['gold "1_0" (Python int accepts underscores)', '1_0', '10 fix', [1, 1, 0]],
    ['gold without a usable id', 'NA', '3 fix', [1, 0, 0]],
    ['gold with a dotted number', '12.5 mg', '125 fix', [1, 0, 1]],
    ['gold with whitespace around the id', ' 7 \n', '7', [1, 1, 1]],
  ])('%s', (_label, gold, pred, expected) => {
    expect(score(gold, pred)).toEqual(expected);
  });
});

describe('gold and answer readers', () => {
  it.each([
    ['CORRECT', { flag: 0, id: -1n }, { flag: 0, id: -1n }],
    ['C.O.R.R.E.C.T.', { flag: 0, id: -1n }, { flag: 0, id: -1n }],
    ['3 The patient has X.', { flag: 1, id: -1n }, { flag: 1, id: 3n }],
    ['5.', { flag: 1, id: 5n }, { flag: 1, id: 5n }],
    ['-4', { flag: 1, id: -4n }, { flag: 1, id: -1n }],
    ['', { flag: 1, id: -1n }, { flag: 1, id: -1n }],
  ])('gold %j → HELM %j, corrected %j', (gold, helm, corrected) => {
    expect(helmGold(gold)).toEqual(helm);
    expect(correctedGold(gold)).toEqual(corrected);
  });

  it.each([
    ['CORRECT', { flag: 0, id: -1n }],
    ['', { flag: 1, id: -2n }],
    ['  \n', { flag: 1, id: -2n }],
    ['0 fix', { flag: 1, id: 0n }],
    ['\uff10\uff17', { flag: 1, id: 7n }],
    ['\u{1D7D9}\u{1D7E3} math digits', { flag: 1, id: 11n }],
  ])('answer %j → %j', (pred, expected) => {
    expect(readPrediction(pred)).toEqual(expected);
  });

  it('reads leading decimal digits of any script, exactly and without a size limit', () => {
    expect(leadingInteger('42abc')).toBe(42n);
    expect(leadingInteger('\u0966\u096f')).toBe(9n); // Devanagari 0, 9
    expect(leadingInteger('123456789012345678901234567890')).toBe(123456789012345678901234567890n);
    expect(leadingInteger('x1')).toBeNull();
    expect(leadingInteger('\u00b2')).toBeNull(); // superscript two is a digit but not a decimal (Nd) character
  });
});

describe('medecFamily.compute', () => {
  const request = { instance_id: 'id0', prompt: 'p' } as PromptRequest;
  const instance = (text: string, tags = ['correct']): Instance => ({
    id: 'id0',
    input: { text: 'note' },
    references: [{ output: { text }, tags }],
    split: 'test',
  });

  it('declares the main metric, the HELM metric and its corrected twin', () => {
    expect(medecFamily.name).toBe('medec');
    expect(medecFamily.metrics.map((m) => [m.name, m.helm_compatible, m.corrects ?? null, m.report])).toEqual([
      ['medec_error_flag_accuracy', true, null, true],
      ['medec_error_sentence_accuracy', true, null, true],
      ['medec_error_sentence_accuracy_corrected', false, 'medec_error_sentence_accuracy', true],
    ]);
  });

  it('scores the first completion only', () => {
    expect(
      medecFamily.compute({ instance: instance('4 Fixed.'), request, completions: ['4 Fixed.', 'CORRECT'] }),
    ).toEqual({
      medec_error_flag_accuracy: 1,
      medec_error_sentence_accuracy: 0,
      medec_error_sentence_accuracy_corrected: 1,
    });
  });

  it('gives no values without a completion (HELM raises) or without a correct reference', () => {
    expect(medecFamily.compute({ instance: instance('CORRECT'), request, completions: [] })).toEqual({});
    expect(medecFamily.compute({ instance: instance('CORRECT', []), request, completions: ['CORRECT'] })).toEqual({});
  });
});
