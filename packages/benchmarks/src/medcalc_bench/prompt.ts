import type { PromptSpec } from '@eval-factory/types';

/**
 * The project's own wording of HELM's MedCalc-Bench prompt (docs/benchmarks/medcalc_bench.md). HELM's exact sentences are in
 * `medhelm_run_specs.py` L93–128 (use `extra.prompt_texts` for them). There is no input noun (the input text
 * carries its own `Patient note:` / `Question:` labels) and the output noun is itself an instruction, so the prompt
 * ends with that sentence followed by `:`. Neither text states the date or gestational-age format, as in HELM.
 */
export const medcalcBenchPrompt: PromptSpec = {
  method: 'generation',
  instructions:
    'Read the patient note and the clinical question below, then work out the medical value the question asks for.',
  input_noun: null,
  newline_after_input_noun: false,
  output_noun: 'Reply with the requested value alone, leaving out units and any explanation',
  max_tokens: 10,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};
