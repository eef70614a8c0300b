import type { PromptSpec } from '@eval-factory/types';
import { juryRubric } from '../shared/judged.js';

/**
 * The project's wording of HELM's instruction (docs/benchmarks/medi_qa.md; HELM's sentence is in `medhelm_run_specs.py`
 * L1140–1192, for `extra.prompt_texts`). Layout `{instruction}\n\nQuestion: {question}\nAnswer:`.
 */
export const mediQaPrompt: PromptSpec = {
  method: 'generation',
  instructions: 'Answer the following question, asked by a consumer about their health.',
  input_noun: 'Question',
  output_noun: 'Answer',
  max_tokens: 1024,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};

/** The jury rubric (focus of HELM's `medi_qa_annotator.py` L7–63, in the project's words). */
export const MEDI_QA_RUBRIC = juryRubric({
  intro:
    'You are a medical expert. An AI model answered a health question asked by a consumer. Judge its answer against the question and against a reference answer.',
  caseTag: 'question',
  goldNote: 'The reference answer:',
  criteria: {
    accuracy: 'the medical information in the answer is correct',
    completeness: 'the answer fully addresses the question and includes the key details',
    clarity: 'a consumer can easily understand the answer',
  },
});
