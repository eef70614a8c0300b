import type { BenchmarkDefinition } from '@eval-factory/types';
import { exactMatchFamily } from '@eval-factory/metrics';
import { loadMedhelmMedQa, MEDQA_DRIVE_URL } from './load.js';
import { medhelmMedQaPrompt } from './prompt.js';

/** MedQA (USMLE, 4 options): HELM evaluates the valid and test splits together; the data comes via data_path. */
export const medhelmMedQa: BenchmarkDefinition = {
  name: 'medhelm_med_qa',
  description:
    'MedQA (USMLE, US, 4 options): answer board-exam style clinical questions with one letter. The release zip is on Google Drive only: supply it through extra.data_path.',
  args: [],
  helm_run_name: () => 'med_qa',
  prompt: medhelmMedQaPrompt,
  metrics: [exactMatchFamily],
  main_metric: 'exact_match',
  source: {
    url: MEDQA_DRIVE_URL,
    revision: null,
    license: 'MIT (jind11/MedQA repository; no separate data license stated)',
  },
  load: loadMedhelmMedQa,
};
