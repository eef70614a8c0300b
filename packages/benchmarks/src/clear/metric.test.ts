/**
 * clear scores with HELM's exact_match family (docs/benchmarks/clear.md): the stripped completion is looked up in the
 * MCQ output mapping {A, B, C → option texts}, exact and case-sensitive; unmapped answers score 0 everywhere, and an
 * instance without a correct reference (HELM's float-label quirk) scores 0 whatever the answer.
 */
import { describe, expect, it } from '@jest/globals';
import { exactMatchFamily } from '@eval-factory/metrics';
import type { Instance, PromptRequest } from '@eval-factory/types';
import { optionReferences } from '../shared/instances.js';
import { clearChoices } from './prompt.js';

const CHOICES = clearChoices('alcohol dependence');
const instance = (goldIndex: number): Instance => ({
  id: 'id0',
  input: { text: 'x' },
  references: optionReferences(CHOICES, (i) => i === goldIndex),
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
  output_mapping: { A: CHOICES[0], B: CHOICES[1], C: CHOICES[2] },
};
const main = (goldIndex: number, completion: string) => {
  const values = exactMatchFamily.compute({ instance: instance(goldIndex), request, completions: [completion] });
  return [values.exact_match, values.quasi_exact_match, values.prefix_exact_match, values.quasi_prefix_exact_match];
};

describe('clear exact_match (A has a history, B does not, C uncertain)', () => {
  it.each([
    ['A', 0, 1],
    ['B', 1, 1],
    ['C', 2, 1],
    ['C', 0, 0],
    ['\tC \n', 2, 1],
    ['c', 2, 0],
    ['C.', 2, 0],
    ['(C)', 2, 0],
    ['Answer: C', 2, 0],
    ['Uncertain', 2, 0], // the option text is not a letter
    ['D', 2, 0],
    ['', 0, 0],
    ["I'm sorry, I can't make a determination.", 2, 0],
    ['A', -1, 0], // no correct reference: a "1.0" label
    ['C', -1, 0],
  ])('%j with gold index %i → %i on EM, QEM, PEM and QPEM', (completion, goldIndex, expected) => {
    expect(main(goldIndex, completion)).toEqual([expected, expected, expected, expected]);
  });

  it('compares option texts, so B never prefix-matches A although "Does not have a history of …" contains it', () => {
    expect(main(0, 'B')).toEqual([0, 0, 0, 0]);
  });
});
