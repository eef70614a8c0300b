import type { BenchmarkDefinition } from '@eval-factory/types';
import { exactMatchFamily } from '@eval-factory/metrics';
import { DEFAULT_MAX_LENGTH, EHRSHOT_LICENSE, EHRSHOT_URL, loadEhrshot } from './load.js';
import { ehrshotPrompt } from './prompt.js';
import { EHRSHOT_TASKS } from './tasks.js';

/** EHRSHOT: yes/no clinical predictions from a patient's coded EHR timeline (gated Stanford data, MEDS layout). */
export const ehrshot: BenchmarkDefinition = {
  name: 'ehrshot',
  description:
    "EHRSHOT: predict a yes/no clinical outcome (new diagnosis, abnormal lab, length of stay, readmission, ICU transfer) from the codes of a patient's EHR up to the prediction time.",
  // Declaration order of HELM's run spec: get_ehrshot_spec(subject, max_length=100000).
  args: [
    {
      name: 'subject',
      default: null,
      values: EHRSHOT_TASKS,
      description: 'The EHRSHOT task (required), e.g. guo_los, new_hypertension or lab_anemia.',
    },
    {
      name: 'max_length',
      default: DEFAULT_MAX_LENGTH,
      description: 'Drop labels whose prompt is longer than this many cl100k_base tokens.',
    },
  ],
  prompt: ehrshotPrompt,
  metrics: [exactMatchFamily],
  main_metric: 'exact_match',
  source: { url: EHRSHOT_URL, revision: null, license: EHRSHOT_LICENSE },
  load: loadEhrshot,
};
