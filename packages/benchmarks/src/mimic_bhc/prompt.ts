import type { PromptSpec } from '@eval-factory/types';
import { juryRubric } from '../shared/judged.js';

/**
 * The project's wording of HELM's instruction (docs/benchmarks/mimic_bhc.md; HELM's text, `medhelm_run_specs.py`
 * L825–882, is for `extra.prompt_texts`). Nouns are followed by a newline:
 * `{instruction}\n\nClinical Note:\n{input}\nBrief Hospital Course:`.
 */
export const mimicBhcPrompt: PromptSpec = {
  method: 'generation',
  instructions: 'Summarize the clinical note below into a brief hospital course.',
  input_noun: 'Clinical Note',
  newline_after_input_noun: true,
  output_noun: 'Brief Hospital Course',
  max_tokens: 1024,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};

/** The jury rubric (focus of HELM's `mimic_bhc_annotator.py` L7–65, in the project's words). */
export const MIMIC_BHC_RUBRIC = juryRubric({
  intro:
    'You grade brief hospital courses. An AI model wrote the brief hospital course of a patient from a clinical note. Judge it against the note and against a possible correct brief hospital course.',
  caseTag: 'user_request',
  goldNote: 'A possible correct brief hospital course:',
  criteria: {
    accuracy: 'the summary reflects the key details of the clinical note correctly',
    completeness: 'the summary includes all the important details',
    clarity: 'a clinician can easily understand the summary',
  },
});
