import type { PromptSpec } from '@eval-factory/types';
import { juryRubric } from '../shared/judged.js';

/**
 * The project's wording of HELM's instruction (docs/benchmarks/dischargeme.md; HELM's text, `medhelm_run_specs.py` L572–634,
 * is for `extra.prompt_texts`). No input noun (the instance text carries its own headings and ends with
 * `{target}:\n`), output noun `Answer`: the prompt ends `…{target}:\n\nAnswer:`.
 */
export const dischargemePrompt: PromptSpec = {
  method: 'generation',
  instructions:
    'You are given the discharge text and a radiology report of a hospital stay, and the name of a document to write (discharge instructions or a brief hospital course). Write that document from the given context.',
  input_noun: null,
  output_noun: 'Answer',
  max_tokens: 300,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};

/** The jury rubric (focus of HELM's `dischargeme_annotator.py` L7–72, in the project's words). */
export const DISCHARGEME_RUBRIC = juryRubric({
  intro:
    'You are a medical expert. An AI model wrote either the discharge instructions or the brief hospital course of a hospital stay from its discharge summary and a radiology report. Judge the document against that information and against the target document.',
  caseTag: 'patient_information',
  goldNote: 'The target document:',
  criteria: {
    accuracy:
      "the document is correct for the patient's condition and consistent with the discharge summary and radiology report",
    completeness: 'the document contains everything a document of its type needs',
    clarity:
      'the document suits its readers: patients for discharge instructions, clinicians for a brief hospital course',
  },
});
