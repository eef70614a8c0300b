import type { PromptSpec } from '@eval-factory/types';

/**
 * The project's wording of HELM's MedQA instruction and output noun (docs/benchmarks/medhelm_med_qa.md; HELM's sentences are in
 * `medhelm_run_specs.py` L385–406, for users who supply them through `extra.prompt_texts`). As in HELM the output
 * noun is itself an instruction ending with a period, so the prompt ends `.:`; medhelm_med_mcqa uses this prompt as it is.
 */
const MEDQA_STYLE_INSTRUCTIONS =
  'Answer the multiple-choice question below with one letter: A, B, C or D. Do not explain your choice or add any other text.';
const MEDQA_STYLE_OUTPUT_NOUN =
  "Reply with only the letter 'A', 'B', 'C' or 'D', without any other text, punctuation or symbols.";

export const medhelmMedQaPrompt: PromptSpec = {
  method: 'multiple_choice_joint',
  instructions: MEDQA_STYLE_INSTRUCTIONS,
  input_noun: 'Question',
  output_noun: MEDQA_STYLE_OUTPUT_NOUN,
  max_tokens: 1,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
