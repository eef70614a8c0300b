import type { PromptSpec } from '@eval-factory/types';

/**
 * The project's own wording of HELM's MEDEC instruction (docs/benchmarks/medec.md), one paragraph. HELM's exact sentences
 * are in `medhelm_run_specs.py` L223–272; users who need them supply them through `extra.prompt_texts`.
 * The nouns are structural and exact (docs/architecture.md); no stop sequence, so the answer may run over several lines.
 */
export const medecPrompt: PromptSpec = {
  method: 'generation',
  instructions:
    'Below is a clinical note describing a patient. Review it as an experienced physician would. ' +
    'The note is either entirely accurate or contains exactly one medical error. ' +
    'It is written one sentence per line, and each line begins with the sentence ID, then a single space, then the sentence. ' +
    'Examine each sentence in turn. ' +
    'If the note contains no error, reply with CORRECT. ' +
    'If it contains a medical error, reply with the ID of the sentence that holds the error, a space, and a corrected version of that sentence.',
  input_noun: 'Clinical Note',
  output_noun: 'Answer',
  max_tokens: 256,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
