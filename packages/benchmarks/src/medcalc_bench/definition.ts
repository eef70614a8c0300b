import type { BenchmarkDefinition } from '@eval-factory/types';
import { exactMatchFamily } from '@eval-factory/metrics';
import { loadMedcalcBench, MEDCALC_COMMIT, MEDCALC_URL } from './load.js';
import { MEDCALC_ACCURACY, medcalcBenchFamily } from './metric.js';
import { medcalcBenchPrompt } from './prompt.js';

/**
 * MedCalc-Bench v1.0: compute a clinical score, lab value, dose or date from a patient note. HELM's `version`
 * run-spec argument is broken upstream (TypeError), so none is declared.
 */
export const medcalcBench: BenchmarkDefinition = {
  name: 'medcalc_bench',
  description:
    'MedCalc-Bench v1.0: compute the clinical value a question asks for (score, lab value, dose, date) from a patient note.',
  args: [],
  prompt: medcalcBenchPrompt,
  metrics: [medcalcBenchFamily, exactMatchFamily],
  main_metric: MEDCALC_ACCURACY,
  breakdown: {
    name: 'category',
    key: (instance) => {
      const category = instance.extra_data?.category;
      return typeof category === 'string' ? category : null;
    },
  },
  source: { url: MEDCALC_URL, revision: MEDCALC_COMMIT, license: 'CC BY-SA 4.0' },
  load: loadMedcalcBench,
};
