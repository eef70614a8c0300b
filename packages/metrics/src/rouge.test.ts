import { describe, expect, it } from '@jest/globals';
import type { Instance, MetricInput } from '@eval-factory/types';
import { removeBraces, rougeFamily, rougeL, rougeN, rougeScores, rougeTokenize } from './rouge.js';

function input(refs: string[], completions: string[], variant?: 'corrected'): MetricInput {
  const instance: Instance = {
    id: 'id0',
    input: { text: 'x' },
    references: refs.map((text, i) => ({ output: { text }, tags: i === 0 ? ['correct'] : [] })),
    split: 'test',
    ...(variant ? { variant } : {}),
  };
  const request = {
    instance_id: 'id0',
    train_trial_index: 0,
    prompt: 'x',
    temperature: 0,
    max_tokens: 512,
    stop: [],
    top_p: null,
    num_completions: 1,
    top_k_per_token: 1,
  };
  return { instance, request, completions };
}

describe('rougeTokenize (rouge-score tokenize.py with NLTK Porter stemming)', () => {
  it.each([
    ['The patients were Treated.', ['the', 'patient', 'were', 'treat']],
    ['  q6h, 2.5mg/kg -- BID ', ['q6h', '2', '5mg', 'kg', 'bid']],
    // Non-ASCII letters are separators, not letters: "naïve" → "na", "ve".
    ['Naïve café', ['na', 've', 'caf']],
    // Tokens of three characters or fewer are never stemmed ("was", "dies" is four).
    ['was dies days', ['was', 'die', 'day']],
    ['', []],
    ['!!! ---', []],
  ])('%j → %j', (text, tokens) => {
    expect(rougeTokenize(text)).toEqual(tokens);
  });
});

describe('ROUGE-N and ROUGE-L F-measures', () => {
  it('clips repeated n-grams and measures precision over the prediction', () => {
    // target "the the the cat", prediction "the cat the": unigram overlap min(3,2)+min(1,1) = 3 → P 1, R 3/4.
    expect(rougeN(['the', 'the', 'the', 'cat'], ['the', 'cat', 'the'], 1)).toBe((2 * 1 * 0.75) / 1.75);
    expect(rougeN(['a'], ['a'], 2)).toBe(0); // no bigram on either side
    expect(rougeN([], ['a'], 1)).toBe(0);
  });

  it('ROUGE-L is 0 when either side has no token and uses the LCS length otherwise', () => {
    expect(rougeL([], ['a'])).toBe(0);
    expect(rougeL(['a', 'b', 'c', 'd'], ['a', 'c', 'x', 'd'])).toBe(0.75);
  });

  it('rougeScores tokenizes both sides', () => {
    expect(rougeScores('the cat sat', 'the cat ran')).toEqual({ rouge_1: 2 / 3, rouge_2: 0.5, rouge_l: 2 / 3 });
  });

  it('removeBraces drops one leading "{" and one trailing "}" only', () => {
    expect(removeBraces('{{a}}')).toBe('{a}');
    expect(removeBraces('{')).toBe('');
    expect(removeBraces('}')).toBe('');
    expect(removeBraces('{}')).toBe('');
    expect(removeBraces(' {a} ')).toBe(' {a} ');
  });
});

describe('rougeFamily (HELM SummarizationMetric._compute_rouge)', () => {
  // Expected values printed by CPython from rouge-score's scorer logic with NLTK 3.8's PorterStemmer, after HELM's
  // `_remove_braces(completion.strip())` and max over references.
  it.each([
    [
      ['The patient was started on metformin and counselled on diet.'],
      'Start metformin; counsel the patient on diet and exercise.',
      [0.8421052631578948, 0.23529411764705882, 0.5263157894736842],
    ],
    [
      ['{Follow up in two weeks with repeat labs.}'],
      '  {Repeat labs, then follow-up in 2 weeks}  ',
      [0.75, 0.42857142857142855, 0.5],
    ],
    [
      ['Continue lisinopril 10 mg daily.', 'Increase lisinopril to 20 mg daily and recheck blood pressure.'],
      'Increase the lisinopril dose to 20 mg daily; recheck pressures in clinic.',
      [0.7272727272727272, 0.3, 0.7272727272727272],
    ],
    [['Physical therapy twice weekly.'], '', [0, 0, 0]],
    [['the the the cat'], 'the cat the', [0.8571428571428571, 0.4, 0.5714285714285715]],
    [
      ['Days of delayed healing: relational, conditional, generalizations!'],
      'delays in healing days; generalization (conditional) relations',
      [0.8571428571428571, 0, 0.42857142857142855],
    ],
    [
      ['Naïve café résumé — 2.5 mg/kg q6h'],
      'naive cafe resume 2 5 mg kg q6h',
      [0.5555555555555556, 0.5, 0.5555555555555556],
    ],
  ])('%j vs %j', (refs, completion, [r1, r2, rl]) => {
    expect(rougeFamily.compute(input(refs, [completion]))).toEqual({ rouge_1: r1, rouge_2: r2, rouge_l: rl });
  });

  it('gives no value without a completion, without references, or on a corrected-set instance', () => {
    expect(rougeFamily.compute(input(['a b'], []))).toEqual({});
    expect(rougeFamily.compute(input([], ['a b']))).toEqual({});
    expect(rougeFamily.compute(input(['a b'], ['a b'], 'corrected'))).toEqual({});
  });

  it('declares three HELM-compatible reported metrics', () => {
    expect(rougeFamily.metrics.map((m) => [m.name, m.helm_compatible, m.report])).toEqual([
      ['rouge_1', true, true],
      ['rouge_2', true, true],
      ['rouge_l', true, true],
    ]);
  });
});
