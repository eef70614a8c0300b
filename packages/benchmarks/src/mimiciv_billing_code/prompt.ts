import type { PromptSpec } from '@eval-factory/types';

/**
 * The project's wording of HELM's instruction (docs/benchmarks/mimiciv_billing_code.md; HELM's sentence, `medhelm_run_specs.py`
 * L1458–1493, is for `extra.prompt_texts`). Nouns followed by a newline:
 * `{instruction}\n\nNote:\n{text}\nPredicted ICD-10 Codes:`.
 */
export const mimicivBillingCodePrompt: PromptSpec = {
  method: 'generation',
  instructions: 'Read the clinical note below and list every ICD-10 code that applies to it.',
  input_noun: 'Note',
  newline_after_input_noun: true,
  output_noun: 'Predicted ICD-10 Codes',
  max_tokens: 256,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
