import { describe, expect, it } from '@jest/globals';
import type { Instance, PromptRequest } from '@eval-factory/types';
import { medhalluMetricFamily, medhalluScores } from './metric.js';

function instance(gold: string, variant?: 'corrected'): Instance {
  return {
    id: variant ? 'c-id0' : 'id0',
    input: { text: 'World Knowledge: …' },
    references: [{ output: { text: gold }, tags: ['correct'] }],
    split: 'test',
    ...(variant ? { variant } : {}),
  };
}

const REQUEST: PromptRequest = {
  instance_id: 'id0',
  train_trial_index: 0,
  prompt: 'p',
  temperature: 0,
  max_tokens: 5,
  stop: [],
  top_p: null,
  num_completions: 1,
  top_k_per_token: 1,
};

const scores = (gold: string, completion: string) =>
  medhalluScores({ instance: instance(gold), request: REQUEST, completions: [completion] });
const vector = (v: Record<string, number>) => [
  v.exact_match,
  v.quasi_exact_match,
  v.prefix_exact_match,
  v.quasi_prefix_exact_match,
];

describe('medhallu HELM metrics on the raw completion (docs/benchmarks/medhallu.md)', () => {
  // gold, completion → EM, QEM, PEM, QPEM
  const cases: [string, string, string, number[]][] = [
    // §0.3 test vectors (the family is shared; medhallu passes them through unchanged).
    ['§0.3', 'yes', 'Yes.', [0, 1, 0, 1]],
    ['§0.3', 'yes', 'yes, because', [0, 0, 1, 1]],
    ['§0.3', 'A', 'a', [0, 1, 0, 1]],
    ['§0.3', 'Collagen', 'collagen type I', [0, 0, 0, 1]],
    ['§0.3', 'the cat', 'cat', [0, 1, 0, 1]],
    ['§0.3', 'x', '', [0, 0, 0, 0]],
    ['§0.3', '', 'x', [0, 0, 1, 1]],
    ['§0.3', '!', '?', [0, 1, 0, 1]],
    ['§0.3', '33', '33 ', [1, 1, 1, 1]],
    // §8: the judgments themselves.
    ['exact 1', '1', '1', [1, 1, 1, 1]],
    ['exact 0', '0', '0', [1, 1, 1, 1]],
    ['wrong label', '0', '1', [0, 0, 0, 0]],
    ['surrounding whitespace is stripped', '1', ' 1\n', [1, 1, 1, 1]],
    ['Python whitespace (NBSP, NEL) is stripped', '0', '\u00a00\u0085', [1, 1, 1, 1]],
    ['§8: QEM accepts "1."', '1', '1.', [0, 1, 1, 1]],
    ['§8: PEM accepts "1" then an explanation', '1', '1\n\nExplanation', [0, 0, 1, 1]],
    ['§8: PEM also accepts "10" for gold 1', '1', '10', [0, 0, 1, 1]],
    ['"10" is not a prefix match for gold 0', '0', '10', [0, 0, 0, 0]],
    ['quoted label', '1', "'1'", [0, 1, 0, 1]],
    ['parenthesised label', '0', '(0)', [0, 1, 0, 1]],
    ['label with a comma', '1', '1,', [0, 1, 1, 1]],
    ['a range', '0', '0-1', [0, 0, 1, 1]],
    ['a decimal', '1', '1.0', [0, 0, 1, 1]],
    ['a date-like answer', '0', '0/1', [0, 0, 1, 1]],
    ['a unit after the label', '1', '1 point', [0, 0, 1, 1]],
    ['a word instead of the integer', '1', 'Hallucinated', [0, 0, 0, 0]],
    ['"Answer: 1" does not count', '1', 'Answer: 1', [0, 0, 0, 0]],
    ['"Your Judgment: 0" does not count', '0', 'Your Judgment: 0', [0, 0, 0, 0]],
    ['a refusal', '0', "I can't judge this.", [0, 0, 0, 0]],
    ['empty output', '1', '', [0, 0, 0, 0]],
    ['whitespace-only output', '1', ' \n ', [0, 0, 0, 0]],
    ['a full-width digit is not 1', '1', '\uff11', [0, 0, 0, 0]],
  ];
  it.each(cases)('%s: (%j, %j)', (_label, gold, completion, expected) => {
    const values = scores(gold, completion);
    expect(Object.keys(values).sort()).toEqual([
      'exact_match',
      'prefix_exact_match',
      'quasi_exact_match',
      'quasi_prefix_exact_match',
    ]);
    expect(vector(values)).toEqual(expected);
  });
});

describe('medhallu corrected instances', () => {
  it.each([
    ['1', '1', 1],
    ['1', ' 1 ', 1],
    ['0', '1', 0],
    ['1', '1.', 0],
    ['1', '10', 0],
    ['0', '', 0],
  ])('gold %j, completion %j → only exact_match_corrected = %d', (gold, completion, expected) => {
    const values = medhalluScores({
      instance: instance(gold, 'corrected'),
      request: REQUEST,
      completions: [completion],
    });
    expect(values).toEqual({ exact_match_corrected: expected });
  });

  it('gives no value at all without a completion, on either set', () => {
    expect(medhalluScores({ instance: instance('1'), request: REQUEST, completions: [] })).toEqual({});
    expect(medhalluScores({ instance: instance('1', 'corrected'), request: REQUEST, completions: [] })).toEqual({});
  });
});

describe('medhalluMetricFamily descriptors', () => {
  it('lists the four HELM metrics (reported, HELM-compatible) and exact_match_corrected correcting exact_match', () => {
    expect(medhalluMetricFamily.metrics.map((m) => [m.name, m.helm_compatible, m.report, m.corrects])).toEqual([
      ['exact_match', true, true, undefined],
      ['quasi_exact_match', true, true, undefined],
      ['prefix_exact_match', true, true, undefined],
      ['quasi_prefix_exact_match', true, true, undefined],
      ['exact_match_corrected', false, true, 'exact_match'],
    ]);
    expect(medhalluMetricFamily.compute).toBe(medhalluScores);
  });
});
