import type { BenchmarkDefinition } from '@eval-factory/types';
import { judgedMetrics, jurySpec } from '../shared/judged.js';
import { loadMediQa, MEDI_QA_COMMIT, MEDI_QA_URL } from './load.js';
import { MEDI_QA_RUBRIC, mediQaPrompt } from './prompt.js';

export const MEDI_QA_METRIC = 'medi_qa_accuracy';

/** MEDIQA 2019 Task 3: answer consumer health questions; an LLM jury scores the answer 1–5. */
export const mediQa: BenchmarkDefinition = {
  name: 'medi_qa',
  description:
    'MEDIQA 2019 (Task 3): answer consumer health questions; scored 1–5 by a jury of three LLM judges against the best-ranked retrieved answer, plus ROUGE.',
  args: [],
  prompt: mediQaPrompt,
  metrics: judgedMetrics(MEDI_QA_METRIC),
  main_metric: MEDI_QA_METRIC,
  jury: jurySpec(MEDI_QA_RUBRIC),
  source: { url: MEDI_QA_URL, revision: MEDI_QA_COMMIT, license: 'none stated (bigbio: unknown)' },
  load: loadMediQa,
};
