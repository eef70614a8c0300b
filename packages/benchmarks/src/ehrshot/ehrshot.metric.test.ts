import { describe, expect, it } from '@jest/globals';
import {
  exactMatch,
  exactMatchFamily,
  prefixExactMatch,
  quasiExactMatch,
  quasiPrefixExactMatch,
} from '@eval-factory/metrics';
import type { Instance, PromptRequest } from '@eval-factory/types';
import { optionReferences } from '../shared/instances.js';
import { EHRSHOT_CHOICES } from './instances.js';

// EHRSHOT scores with HELM's exact_match family (docs/benchmarks/ehrshot.md) over the yes/no options A/B.
function instance(answer: 'yes' | 'no'): Instance {
  return {
    id: 'id0',
    input: { text: 'x' },
    split: 'test',
    references: optionReferences(EHRSHOT_CHOICES, (i) => EHRSHOT_CHOICES[i] === answer),
  };
}

const REQUEST: PromptRequest = {
  instance_id: 'id0',
  train_trial_index: 0,
  prompt: 'p',
  temperature: 0,
  max_tokens: 1,
  stop: [],
  top_p: null,
  num_completions: 1,
  top_k_per_token: 5,
  output_mapping: { A: 'yes', B: 'no' },
};

describe('docs/benchmarks/ehrshot.md vectors (gold, pred → EM, QEM, PEM, QPEM)', () => {
  it.each([
    ['yes', 'Yes.', 0, 1, 0, 1],
    ['yes', 'yes, because', 0, 0, 1, 1],
    ['A', 'a', 0, 1, 0, 1],
    ['Collagen', 'collagen type I', 0, 0, 0, 1],
    ['the cat', 'cat', 0, 1, 0, 1],
    ['x', '', 0, 0, 0, 0],
    ['', 'x', 0, 0, 1, 1],
    ['!', '?', 0, 1, 0, 1],
    ['33', '33 ', 1, 1, 1, 1],
  ] as const)('(%j, %j) → %d %d %d %d', (gold, pred, em, qem, pem, qpem) => {
    expect([
      exactMatch(gold, pred),
      quasiExactMatch(gold, pred),
      prefixExactMatch(gold, pred),
      quasiPrefixExactMatch(gold, pred),
    ]).toEqual([em, qem, pem, qpem]);
  });
});

describe('ehrshot exact_match on the A/B letter (mapping is exact and case-sensitive)', () => {
  const ONE = { exact_match: 1, quasi_exact_match: 1, prefix_exact_match: 1, quasi_prefix_exact_match: 1 };
  const ZERO = { exact_match: 0, quasi_exact_match: 0, prefix_exact_match: 0, quasi_prefix_exact_match: 0 };
  it.each([
    ['A for a yes label', 'yes', 'A', ONE],
    ['B for a no label', 'no', 'B', ONE],
    ['the letter with surrounding whitespace', 'no', ' B\n', ONE],
    ['the wrong letter', 'yes', 'B', ZERO],
    ['a lower-case letter', 'yes', 'a', ZERO],
    ['a letter with a dot', 'yes', 'A.', ZERO],
    ['a parenthesised letter', 'no', '(B)', ZERO],
    ['"Answer: A"', 'yes', 'Answer: A', ZERO],
    ['the word instead of the letter', 'yes', 'yes', ZERO],
    ['"Yes"', 'yes', 'Yes', ZERO],
    ['a letter outside the options', 'no', 'C', ZERO],
    ['an empty answer', 'yes', '', ZERO],
    ['a refusal', 'no', "I can't determine that from the record.", ZERO],
  ] as const)('%s', (_label, answer, completion, expected) => {
    const values = exactMatchFamily.compute({
      instance: instance(answer),
      request: REQUEST,
      completions: [completion],
    });
    expect(values).toMatchObject(expected);
    expect(values['exact_match@5']).toBe(expected.exact_match);
  });

  it('gives no value when there is no completion', () => {
    expect(exactMatchFamily.compute({ instance: instance('yes'), request: REQUEST, completions: [] })).toEqual({});
  });
});
