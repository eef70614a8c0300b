import type { PromptSpec } from '@eval-factory/types';
import { MEDQA_STYLE_INSTRUCTIONS, MEDQA_STYLE_OUTPUT_NOUN } from '../medhelm_med_qa/prompt.js';

/** HELM's MedMCQA adaptation is identical to MedQA's (docs/benchmarks/medhelm_med_mcqa.md; `medhelm_run_specs.py` L407–428). */
export const medhelmMedMcqaPrompt: PromptSpec = {
  method: 'multiple_choice_joint',
  instructions: MEDQA_STYLE_INSTRUCTIONS,
  input_noun: 'Question',
  output_noun: MEDQA_STYLE_OUTPUT_NOUN,
  max_tokens: 1,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
