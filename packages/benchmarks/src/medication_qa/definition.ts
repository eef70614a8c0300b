import type { BenchmarkDefinition } from '@eval-factory/types';
import { judgedMetrics, jurySpec } from '../shared/judged.js';
import { loadMedicationQa, MEDICATION_QA_COMMIT, MEDICATION_QA_URL } from './load.js';
import { MEDICATION_QA_RUBRIC, medicationQaPrompt } from './prompt.js';

export const MEDICATION_QA_METRIC = 'medication_qa_accuracy';

/** MedicationQA: answer consumers' medication questions; an LLM jury scores the answer 1–5. */
export const medicationQa: BenchmarkDefinition = {
  name: 'medication_qa',
  description:
    'MedicationQA: answer consumer questions about medications; scored 1–5 by a jury of three LLM judges against a reference answer, plus ROUGE.',
  args: [],
  prompt: medicationQaPrompt,
  metrics: judgedMetrics(MEDICATION_QA_METRIC),
  main_metric: MEDICATION_QA_METRIC,
  jury: jurySpec(MEDICATION_QA_RUBRIC),
  source: { url: MEDICATION_QA_URL, revision: MEDICATION_QA_COMMIT, license: 'none stated (citation requested)' },
  load: loadMedicationQa,
};
