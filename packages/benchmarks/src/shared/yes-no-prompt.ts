import type { PromptSpec } from '@eval-factory/types';

/**
 * The A-yes / B-no multiple-choice adapter of HELM's gated yes/no tasks (ehrshot, n2c2_ct_matching; docs/benchmarks.md): one answer token, and the empty-string input noun that makes HELM write the prefix `": "`. The wording is
 * the project's own; HELM's exact strings go through `extra.prompt_texts`.
 */
export const YES_NO_PROMPT: PromptSpec = {
  method: 'multiple_choice_joint',
  instructions: 'Choose A to answer yes and B to answer no.',
  input_noun: '',
  output_noun:
    'Reply with the single letter A (yes) or B (no) and nothing else: no other words, punctuation or symbols',
  max_tokens: 1,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
