import type { BenchmarkDefinition } from '@eval-factory/types';
import { exactMatchFamily } from '@eval-factory/metrics';
import { loadMedhelmMedMcqa, MEDMCQA_DRIVE_URL } from './load.js';
import { medhelmMedMcqaPrompt } from './prompt.js';

/** MedMCQA: Indian medical entrance exam questions (4 options); HELM evaluates the 4,183 validation rows. */
export const medhelmMedMcqa: BenchmarkDefinition = {
  name: 'medhelm_med_mcqa',
  description:
    'MedMCQA: answer Indian medical entrance exam (AIIMS/NEET PG) questions with one letter. The data zip is on Google Drive only: supply it through extra.data_path.',
  args: [],
  helm_run_name: () => 'med_mcqa',
  prompt: medhelmMedMcqaPrompt,
  metrics: [exactMatchFamily],
  main_metric: 'exact_match',
  source: { url: MEDMCQA_DRIVE_URL, revision: null, license: 'MIT (medmcqa/medmcqa repository)' },
  load: loadMedhelmMedMcqa,
};
