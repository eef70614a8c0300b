import type { BenchmarkDefinition } from '@eval-factory/types';
import { judgedMetrics, jurySpec } from '../shared/judged.js';
import { loadMimicRrs } from './load.js';
import { MIMIC_RRS_RUBRIC, mimicRrsPrompt } from './prompt.js';

export const MIMIC_RRS_METRIC = 'mimic_rrs_accuracy';

/** MIMIC-III radiology report summarization (gated): findings → impression; an LLM jury scores it 1–5. */
export const mimicRrs: BenchmarkDefinition = {
  name: 'mimic_rrs',
  description:
    'MIMIC-III radiology report summarization: write the impression from the findings; scored 1–5 by a jury of three LLM judges, plus ROUGE. Gated data: needs extra.data_path.',
  args: [],
  prompt: mimicRrsPrompt,
  metrics: judgedMetrics(MIMIC_RRS_METRIC),
  main_metric: MIMIC_RRS_METRIC,
  jury: jurySpec(MIMIC_RRS_RUBRIC),
  source: {
    url: 'https://physionet.org/content/mimiciii/',
    revision: null,
    license: 'PhysioNet Credentialed Health Data License (gated; your data_path)',
  },
  load: loadMimicRrs,
};
