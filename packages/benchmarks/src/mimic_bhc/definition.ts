import type { BenchmarkDefinition } from '@eval-factory/types';
import { judgedMetrics, jurySpec } from '../shared/judged.js';
import { loadMimicBhc } from './load.js';
import { MIMIC_BHC_RUBRIC, mimicBhcPrompt } from './prompt.js';

export const MIMIC_BHC_METRIC = 'mimic_bhc_accuracy';

/** MIMIC-IV-Ext-BHC (gated): clinical note → brief hospital course; an LLM jury scores it 1–5. */
export const mimicBhc: BenchmarkDefinition = {
  name: 'mimic_bhc',
  description:
    'MIMIC-IV-Ext-BHC: summarize a discharge note into a brief hospital course; scored 1–5 by a jury of three LLM judges, plus ROUGE. Gated data: needs extra.data_path.',
  args: [],
  prompt: mimicBhcPrompt,
  metrics: judgedMetrics(MIMIC_BHC_METRIC),
  main_metric: MIMIC_BHC_METRIC,
  jury: jurySpec(MIMIC_BHC_RUBRIC),
  source: {
    url: 'https://physionet.org/content/labelled-notes-hospital-course/',
    revision: null,
    license: 'PhysioNet Credentialed Health Data License (gated; your data_path)',
  },
  load: loadMimicBhc,
};
