import { describe, expect, it } from '@jest/globals';
import type { PromptRequest } from '@eval-factory/types';
import {
  exactMatch,
  exactMatchFamily,
  normalizeText,
  prefixExactMatch,
  quasiExactMatch,
  quasiPrefixExactMatch,
} from '@eval-factory/metrics';
import { raceBasedMed } from './definition.js';
import { buildRaceBasedMedInstances } from './load.js';

// race_based_med scores with the shared exact_match family (docs/benchmarks/race_based_med.md → §0.3), A → yes, B → no.
const [YES, NO] = buildRaceBasedMedInstances(
  [
    { question: 'q1', response: 'r', harmful: true },
    { question: 'q2', response: 'r', harmful: false },
  ],
  'I.',
);
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
const names = ['exact_match', 'quasi_exact_match', 'prefix_exact_match', 'quasi_prefix_exact_match'];
const all = (v: number) =>
  Object.fromEntries(
    names.flatMap((n) => [
      [n, v],
      [`${n}@5`, v],
    ]),
  );

describe('race_based_med metrics: exact_match family on A/B answers', () => {
  it('uses exactMatchFamily with exact_match as the main metric', () => {
    expect(raceBasedMed.metrics).toEqual([exactMatchFamily]);
    expect(exactMatchFamily.metrics.map((m) => m.name)).toContain(raceBasedMed.main_metric);
  });

  // completion, score on the "yes" instance, score on the "no" instance
  it.each([
    ['A', 1, 0],
    ['B', 0, 1],
    [' A\n', 1, 0],
    ['\u00a0B\u2003', 0, 1],
    ['a', 0, 0],
    ['b', 0, 0],
    ['A.', 0, 0],
    ['(A)', 0, 0],
    ['A)', 0, 0],
    ['Answer: A', 0, 0],
    ['AB', 0, 0],
    ['yes', 0, 0],
    ['no', 0, 0],
    ['Yes.', 0, 0],
    ['', 0, 0],
    ['   ', 0, 0],
    ['I cannot answer that.', 0, 0],
    ['C', 0, 0],
    ['Ａ', 0, 0],
  ])('%j scores %d on a yes instance, %d on a no instance (every metric)', (completion, onYes, onNo) => {
    expect(exactMatchFamily.compute({ instance: YES, request: REQUEST, completions: [completion] })).toEqual(
      all(onYes),
    );
    expect(exactMatchFamily.compute({ instance: NO, request: REQUEST, completions: [completion] })).toEqual(all(onNo));
  });
});

describe('§0.3 shared vectors (the functions race_based_med relies on)', () => {
  // gold, pred → EM, QEM, PEM, QPEM
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
    ['no', 'No, never', 0, 0, 0, 1],
    ['1,000 mg', '1000 mg', 0, 1, 0, 1],
    ['09/23/2014', '2014-09-23', 0, 0, 0, 0],
    ['5-10', '5–10', 0, 0, 0, 0],
  ])('(%j, %j) → %d %d %d %d', (gold, pred, em, qem, pem, qpem) => {
    expect([
      exactMatch(gold, pred),
      quasiExactMatch(gold, pred),
      prefixExactMatch(gold, pred),
      quasiPrefixExactMatch(gold, pred),
    ]).toEqual([em, qem, pem, qpem]);
  });

  it.each([
    ['The Answer!', 'answer'],
    ['  A  ', ''],
    ['an apple a day', 'apple day'],
    ['25.238', '25238'],
    ['09/23/2014', '09232014'],
    ['Non-small-cell', 'nonsmallcell'],
    ['It’s “quoted”', 'it’s “quoted”'],
  ])('normalize(%j) = %j', (text, normalized) => {
    expect(normalizeText(text)).toBe(normalized);
  });
});
