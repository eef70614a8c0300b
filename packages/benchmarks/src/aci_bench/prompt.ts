import type { PromptSpec } from '@eval-factory/types';
import { juryRubric } from '../shared/judged.js';

/**
 * The project's wording of HELM's multi-line instruction (docs/benchmarks/aci_bench.md; HELM's text is in
 * `medhelm_run_specs.py` L635–706, for `extra.prompt_texts`): the four numbered section names are kept as HELM
 * writes them, and the last line introduces the conversation and ends with ":".
 * Layout `{instruction}\n\nConversation: Doctor-patient dialogue:\n\n{src}\nClinical Note:`.
 */
export const aciBenchPrompt: PromptSpec = {
  method: 'generation',
  instructions:
    'Write a clinical note from the doctor-patient conversation below, organised in these four sections:\n' +
    '1. HISTORY OF PRESENT ILLNESS\n2. PHYSICAL EXAM\n3. RESULTS\n4. ASSESSMENT AND PLAN\n\n' +
    'Here is the conversation:',
  input_noun: 'Conversation',
  output_noun: 'Clinical Note',
  max_tokens: 768,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};

/** The jury rubric (focus of HELM's `aci_bench_annotator.py` L7–60, in the project's words). */
export const ACI_BENCH_RUBRIC = juryRubric({
  intro:
    'You are a medical expert. An AI model wrote a clinical note from a conversation between a doctor and a patient. Judge the note against the conversation and against a reference note.',
  caseTag: 'conversation',
  goldNote: 'The reference note:',
  criteria: {
    accuracy: 'the clinical information in the note is correct and taken from the conversation',
    completeness: 'the note contains all the important clinical details of the conversation',
    clarity: 'the note is clear and follows a standard clinical note format',
  },
});
