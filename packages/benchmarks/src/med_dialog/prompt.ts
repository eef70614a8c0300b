import type { PromptSpec } from '@eval-factory/types';
import { juryRubric } from '../shared/judged.js';

/**
 * The project's wording of HELM's instruction (docs/benchmarks/med_dialog.md; HELM's sentence, `medhelm_run_specs.py`
 * L1062–1116, is for `extra.prompt_texts`). Layout `{instruction}\n\nPatient-Doctor: {src}\nSummary:`.
 */
export const medDialogPrompt: PromptSpec = {
  method: 'generation',
  instructions: 'Summarize the conversation between a patient and a doctor below in one sentence.',
  input_noun: 'Patient-Doctor',
  output_noun: 'Summary',
  max_tokens: 80,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};

/** The jury rubric (focus of HELM's `med_dialog_annotator.py` L7–64, in the project's words). */
export const MED_DIALOG_RUBRIC = juryRubric({
  intro:
    'You are a medical expert. An AI model summarized a conversation between a patient and a doctor. Judge the summary against the conversation and against a reference response.',
  caseTag: 'conversation',
  goldNote: 'The reference response:',
  criteria: {
    accuracy: "the summary captures the patient's main issue and the clinical details correctly",
    completeness: 'the summary includes all the important information of the conversation',
    clarity: 'the summary is easy to understand and to use in clinical practice',
  },
});
