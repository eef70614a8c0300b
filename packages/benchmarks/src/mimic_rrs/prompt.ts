import type { PromptSpec } from '@eval-factory/types';
import { juryRubric } from '../shared/judged.js';

/**
 * The project's wording of HELM's three-sentence instruction (docs/benchmarks/mimic_rrs.md; HELM's text,
 * `medhelm_run_specs.py` L764–824, is for `extra.prompt_texts`). Nouns are followed by a newline:
 * `{instruction}\n\nFindings:\n{findings}\nImpression:`.
 */
export const mimicRrsPrompt: PromptSpec = {
  method: 'generation',
  instructions:
    'Write the impression section of a radiology report from the findings below. ' +
    'Your answer will not be used to diagnose or treat any patient. Be as concise as you can.',
  input_noun: 'Findings',
  newline_after_input_noun: true,
  output_noun: 'Impression',
  max_tokens: 128,
  temperature: 0,
  stop_sequences: [],
  max_train_instances: 0,
};

/** The jury rubric (focus of HELM's `mimic_rrs_annotator.py` L7–65, in the project's words). */
export const MIMIC_RRS_RUBRIC = juryRubric({
  intro:
    'You grade radiology report impressions. An AI model wrote the impression of a radiology report from its findings. Judge it against the findings and against a possible correct impression.',
  caseTag: 'user_request',
  goldNote: 'One possible correct impression (others may exist):',
  criteria: {
    accuracy: 'the impression reflects the key findings correctly',
    completeness: 'the impression includes all the important findings',
    clarity: 'a referring clinician can easily understand the impression',
  },
});
