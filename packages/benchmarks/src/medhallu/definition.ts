import type { BenchmarkDefinition } from '@eval-factory/types';
import { MEDHALLU_REVISION } from './download.js';
import { loadMedhallu } from './load.js';
import { medhalluMetricFamily } from './metric.js';
import { medhalluPrompt } from './prompt.js';

/** MedHallu (`pqa_labeled`): is an answer to a PubMedQA question factual (0) or hallucinated (1)? */
export const medhallu: BenchmarkDefinition = {
  name: 'medhallu',
  description:
    'MedHallu: given world knowledge and a biomedical question, judge whether an answer is factual (0) or hallucinated (1).',
  args: [],
  prompt: medhalluPrompt,
  metrics: [medhalluMetricFamily],
  main_metric: 'exact_match',
  // The corrected set has the same rows in the same order: it is evaluated on the HELM set's selected positions.
  corrected_selection: 'paired',
  source: {
    url: 'https://huggingface.co/datasets/UTAustin-AIHealth/MedHallu',
    revision: MEDHALLU_REVISION,
    license: 'MIT (MedHallu repository; the Hugging Face card records no license)',
  },
  load: (ctx) => loadMedhallu(ctx),
};
