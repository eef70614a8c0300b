import type { PromptSpec } from '@eval-factory/types';
import { juryRubric } from '../shared/judged.js';

/**
 * The project's wording of HELM's instruction (docs/benchmarks/medication_qa.md; HELM's sentence is in `medhelm_run_specs.py`
 * L947–997, for `extra.prompt_texts`). Layout `{instruction}\n\nQuestion: {question}\nAnswer:`.
 */
export const medicationQaPrompt: PromptSpec = {
  method: 'generation',
  instructions: 'Answer the consumer health question below.',
  input_noun: 'Question',
  output_noun: 'Answer',
  max_tokens: 512,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};

/** The jury rubric (focus of HELM's `medication_qa_annotator.py` L7–62, in the project's words). */
export const MEDICATION_QA_RUBRIC = juryRubric({
  intro:
    "You are a medical expert. An AI model answered a consumer's question about a medication. Judge its answer against the question and against a reference answer.",
  caseTag: 'medication_question',
  goldNote: 'The reference answer:',
  criteria: {
    accuracy: 'the facts about the medication (use, dosing, interactions, side effects) are correct',
    completeness: 'the answer addresses everything the question asks',
    clarity: 'a consumer without medical training can easily understand the answer',
  },
});
