/**
 * n2c2_ct_matching scores with HELM's exact_match family (docs/benchmarks/n2c2_ct_matching.md): the stripped completion is looked up
 * in the MCQ output mapping {A: yes, B: no}, exact and case-sensitive; anything unmapped scores 0 everywhere.
 */
import { describe, expect, it } from '@jest/globals';
import { exactMatchFamily } from '@eval-factory/metrics';
import type { Instance, PromptRequest } from '@eval-factory/types';
import { optionReferences } from '../shared/instances.js';
import { N2C2_CHOICES } from './load.js';

const instance = (goldIndex: number): Instance => ({
  id: 'id0',
  input: { text: 'x' },
  references: optionReferences(N2C2_CHOICES, (i) => i === goldIndex),
  split: 'test',
});

const request: PromptRequest = {
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

const score = (goldIndex: number, completion: string) =>
  exactMatchFamily.compute({ instance: instance(goldIndex), request, completions: [completion] });

describe('n2c2_ct_matching exact_match (gold yes = A, no = B)', () => {
  it.each([
    ['A', 0, 1],
    ['B', 1, 1],
    ['B', 0, 0],
    ['A', 1, 0],
    [' A\n', 0, 1], // stripped before the lookup
    ['a', 0, 0], // case-sensitive
    ['A.', 0, 0],
    ['(A)', 0, 0],
    ['Answer: A', 0, 0],
    ['yes', 0, 0], // the option text is not a letter
    ['Yes', 0, 0],
    ['C', 0, 0], // no third option
    ['', 0, 0],
    ['   ', 0, 0],
    ['I cannot determine this from the notes.', 1, 0],
  ])('%j with gold %i → %i on all four metrics', (completion, goldIndex, expected) => {
    expect(score(goldIndex, completion)).toEqual({
      exact_match: expected,
      quasi_exact_match: expected,
      prefix_exact_match: expected,
      quasi_prefix_exact_match: expected,
      'exact_match@5': expected,
      'quasi_exact_match@5': expected,
      'prefix_exact_match@5': expected,
      'quasi_prefix_exact_match@5': expected,
    });
  });

  it('gives no value without a completion (a failed request leaves the denominator)', () => {
    expect(exactMatchFamily.compute({ instance: instance(0), request, completions: [] })).toEqual({});
  });
});
