import type { PromptSpec } from '@eval-factory/types';

/**
 * The project's own wording of HELM's PubMedQA instruction (docs/benchmarks/pubmed_qa.md). HELM's exact sentences are in
 * `medhelm_run_specs.py` L1262–1266; users who need them supply them through `extra.prompt_texts`.
 * The nouns are structural and exact (docs/architecture.md).
 */
export const pubmedQaPrompt: PromptSpec = {
  method: 'multiple_choice_joint',
  instructions:
    'Reply with A if the answer to the question is yes, B if it is no, and C if it is maybe. ' +
    'Write that single letter on one line and nothing else: no explanation and no other words.',
  input_noun: 'Question',
  output_noun: 'Answer',
  max_tokens: 1,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
