import type { BenchmarkDefinition } from '@eval-factory/types';
import { judgedMetrics, jurySpec } from '../shared/judged.js';
import { loadMtsamplesProcedures, PROCEDURES_SOURCE, PROCEDURES_URL } from './load.js';
import { MTSAMPLES_PROCEDURES_RUBRIC, mtsamplesProceduresPrompt } from './prompt.js';

export const MTSAMPLES_PROCEDURES_METRIC = 'mtsamples_procedures_accuracy';

/** MTSamples procedures: propose a treatment plan from a procedure report; an LLM jury scores it 1–5. */
export const mtsamplesProcedures: BenchmarkDefinition = {
  name: 'mtsamples_procedures',
  description:
    'MTSamples procedures: propose a treatment plan from a transcribed procedure or operative report; scored 1–5 by a jury of three LLM judges, plus ROUGE.',
  args: [],
  prompt: mtsamplesProceduresPrompt,
  // The corrected metric and the breakdowns are computed on the corrected instance set (all 131 files).
  metrics: judgedMetrics(MTSAMPLES_PROCEDURES_METRIC, true),
  main_metric: MTSAMPLES_PROCEDURES_METRIC,
  jury: jurySpec(MTSAMPLES_PROCEDURES_RUBRIC),
  corrected_selection: 'independent',
  source: {
    url: PROCEDURES_URL,
    revision: PROCEDURES_SOURCE.revision,
    license: 'none stated (transcribed reports from MTSamples.com)',
  },
  load: (ctx) => loadMtsamplesProcedures(ctx),
};
