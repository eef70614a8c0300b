import type { PromptSpec } from '@eval-factory/types';
import { juryRubric } from '../shared/judged.js';

/**
 * The project's wording of HELM's instruction (docs/benchmarks/mtsamples_procedures.md; HELM's sentence, `medhelm_run_specs.py`
 * L707–763, is for `extra.prompt_texts`). Layout `{instruction}\n\nPatient Notes: {input}\nAnswer:`.
 */
export const mtsamplesProceduresPrompt: PromptSpec = {
  method: 'generation',
  instructions: 'Below is information about a patient. Propose an appropriate treatment plan for this patient.',
  input_noun: 'Patient Notes',
  output_noun: 'Answer',
  max_tokens: 512,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};

/** The jury rubric (focus of HELM's `mtsamples_procedures_annotator.py` L7–63, in the project's words). */
export const MTSAMPLES_PROCEDURES_RUBRIC = juryRubric({
  intro:
    'You are a medical expert. An AI model was given a clinical scenario about a patient and asked for a treatment plan. Judge its response against the patient case, against current best practice and against a possible correct response.',
  caseTag: 'user_request',
  goldNote: 'One possible correct response (others may exist):',
  criteria: {
    accuracy: "the advice is medically correct, follows clinical guidelines and fits this patient's case",
    completeness: "the response covers all the important aspects of the patient's care",
    clarity: 'the response is clear and well organized, so a clinician can use it',
  },
});
