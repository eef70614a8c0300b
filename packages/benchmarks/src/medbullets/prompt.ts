import type { PromptSpec } from '@eval-factory/types';

/**
 * The project's own wording of HELM's Medbullets instruction (docs/benchmarks/medbullets.md): two paragraphs separated by a
 * blank line. HELM's exact text is in `medhelm_run_specs.py` L345–382 (use `extra.prompt_texts` for it).
 */
export const medbulletsPrompt: PromptSpec = {
  method: 'multiple_choice_joint',
  instructions:
    'You are an assistant with broad medical knowledge, answering questions written in the style of the USMLE ' +
    'Step 2 and Step 3 exams. Each question describes a clinical scenario and then lists the answer options.\n\n' +
    'Reply with nothing but the letter of the option you pick (A, B, C, D or E).',
  input_noun: 'Clinical Scenario',
  output_noun: 'Answer',
  max_tokens: 1,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
