import type { PromptSpec } from '@eval-factory/types';

/**
 * The scenario's prompt (docs/benchmarks/medalign.md): an instruction line, the EHR, the question, `Answer:`, separated by
 * blank lines. The labels `Instruction:`, `EHR:`, `Question:` and `Answer:` are HELM's layout; the sentence after
 * `Instruction:` is the project's wording (HELM's is in `medalign_scenario_helper.py`, `preprocess_prompts`).
 * The EHR budget counts this template's own tokens, placeholders included, as HELM does.
 */
export const MEDALIGN_TEMPLATE =
  "Instruction: Use the patient's EHR below to answer the question that follows:\n\nEHR: {ehr}\n\nQuestion: {question}\n\nAnswer:";

/** Python `str.format`-like fill of the two placeholders; the inserted texts are never re-scanned. */
export function medalignPrompt(ehr: string, question: string): string {
  return MEDALIGN_TEMPLATE.replace(/\{(ehr|question)\}/g, (_, name: string) => (name === 'ehr' ? ehr : question));
}

/** HELM's `PassageQuestionInput(passage="", question=prompt)`: an empty passage, `\n`, `Question: `. */
export function medalignInputText(prompt: string): string {
  return `\nQuestion: ${prompt}`;
}

/** Generation, 256 tokens, no instructions and no nouns: the scenario text is the whole prompt. */
export const medalignPromptSpec: PromptSpec = {
  method: 'generation',
  instructions: '',
  input_noun: null,
  output_noun: null,
  max_tokens: 256,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
