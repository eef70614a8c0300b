import type { BenchmarkDefinition } from '@eval-factory/types';
import { loadMedec, MEDEC_COMMIT, MEDEC_URL } from './load.js';
import { FLAG_ACCURACY, medecFamily } from './metric.js';
import { medecPrompt } from './prompt.js';

/** MEDEC (MS test set): find the one medical error in a clinical note, or say there is none. */
export const medec: BenchmarkDefinition = {
  name: 'medec',
  description:
    'MEDEC (MS subset): detect whether a clinical note contains a medical error, name the erroneous sentence and correct it.',
  args: [],
  prompt: medecPrompt,
  metrics: [medecFamily],
  main_metric: FLAG_ACCURACY,
  source: { url: MEDEC_URL, revision: MEDEC_COMMIT, license: 'CC BY 4.0' },
  load: loadMedec,
};
