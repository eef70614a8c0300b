import type { PromptSpec } from '@eval-factory/types';

/**
 * The project's wording of HELM's instruction (docs/benchmarks/mtsamples_replicate.md; HELM's sentence is in `medhelm_run_specs.py` L165,
 * for users who supply it through `extra.prompt_texts`). No input noun: the report follows the instruction
 * directly; the output noun `Answer` is structural, so the prompt ends `Answer:`.
 */
const INSTRUCTIONS = 'Using the patient information below, write an appropriate treatment plan for this patient.';

export const mtsamplesReplicatePrompt: PromptSpec = {
  method: 'generation',
  instructions: INSTRUCTIONS,
  input_noun: null,
  output_noun: 'Answer',
  max_tokens: 512,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
