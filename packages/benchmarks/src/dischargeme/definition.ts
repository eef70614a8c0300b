import type { BenchmarkDefinition } from '@eval-factory/types';
import { judgedMetrics, jurySpec } from '../shared/judged.js';
import { loadDischargeme } from './load.js';
import { DISCHARGEME_RUBRIC, dischargemePrompt } from './prompt.js';

export const DISCHARGEME_METRIC = 'dischargeme_accuracy';

/** Discharge Me! (gated): write the brief hospital course and the discharge instructions of an admission. */
export const dischargeme: BenchmarkDefinition = {
  name: 'dischargeme',
  description:
    'Discharge Me! (BioNLP 2024): write the brief hospital course and the discharge instructions of a hospital stay from its discharge note and a radiology report; scored 1–5 by a jury of three LLM judges, plus ROUGE. Gated data: needs extra.data_path.',
  args: [],
  prompt: dischargemePrompt,
  metrics: judgedMetrics(DISCHARGEME_METRIC),
  main_metric: DISCHARGEME_METRIC,
  jury: jurySpec(DISCHARGEME_RUBRIC),
  source: {
    url: 'https://physionet.org/content/discharge-me/1.3/',
    revision: '1.3',
    license: 'PhysioNet Credentialed Health Data License (gated; your data_path)',
  },
  load: loadDischargeme,
};
