import type { PromptSpec } from '@eval-factory/types';

/**
 * The project's own wording of HELM's HEAD-QA instruction (docs/benchmarks/head_qa.md): two paragraphs separated by a blank
 * line. HELM's exact text is in `medhelm_run_specs.py` L304–342 (use `extra.prompt_texts` for it).
 */
export const headQaPrompt: PromptSpec = {
  method: 'multiple_choice_joint',
  instructions:
    'You are an assistant with expert knowledge of the biomedical sciences. You will answer multiple-choice ' +
    'questions about biomedical concepts by picking the option that answers each question best.\n\n' +
    'Reply with nothing but the letter of the option you pick (A, B, C or D).',
  input_noun: 'Question',
  output_noun: 'Answer',
  max_tokens: 1,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
