import type { PromptSpec } from '@eval-factory/types';

/**
 * The project's own wording of HELM's MedHallu instruction (docs/benchmarks/medhallu.md): the judge role, the 0/1 labels, the
 * four hallucination types, and "only the integer". HELM's exact sentences are in `medhelm_run_specs.py`
 * L1381–1393 (instructions) and L1394–1399 (output noun); users who need them supply them through
 * `extra.prompt_texts`.
 */
const INSTRUCTIONS = [
  'You are a medical expert acting as a judge of answers. Given some world knowledge, a question and an answer, ' +
    'decide whether the answer contains information that is not factual or is hallucinated, judging it against the ' +
    'world knowledge and the kinds of hallucination listed below.',
  '',
  'Check whether the answer contradicts the world knowledge; parts of it may be made up. Reply 0 if the answer is ' +
    'factual and 1 if it is hallucinated. Count the answer as hallucinated when it shows any of these kinds of error:',
  '- Misreading the question: the answer misunderstands what was asked and drifts off topic or becomes irrelevant.',
  '- Incomplete information: the answer says what is false without giving the correct information.',
  '- Mechanism or pathway misattribution: the answer wrongly credits a biological mechanism, molecular pathway or ' +
    'disease process, against established medical knowledge.',
  '- Methodological or evidence fabrication: the answer invents research methods, statistics or clinical outcomes.',
  '',
  'Reply with the integer alone, 0 for factual or 1 for hallucinated: no letters, no words, nothing else.',
].join('\n');

/**
 * A multi-line reminder; its last line `Your Judgment` is structural (the prompt ends `Your Judgment:`).
 * No input noun: the instance text starts with its own `World Knowledge:` label.
 */
const OUTPUT_NOUN = [
  'Reply with one integer only: 0 if the answer is factual, 1 if it is hallucinated.',
  'Just the number, with no letters or words.',
  '',
  'Your Judgment',
].join('\n');

export const medhalluPrompt: PromptSpec = {
  method: 'generation',
  instructions: INSTRUCTIONS,
  input_noun: null,
  output_noun: OUTPUT_NOUN,
  max_tokens: 5,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
