import type { BenchmarkDefinition } from '@eval-factory/types';
import { juryFamily, rougeFamily } from '@eval-factory/metrics';
import { MTSAMPLES_REVISION } from './download.js';
import { loadMtsamplesReplicate, MTSAMPLES_SOURCE } from './load.js';
import { mtsamplesReplicatePrompt } from './prompt.js';
import { MTSAMPLES_REPLICATE_RUBRIC } from './rubric.js';
import { JURY_CRITERIA, JURY_ROLES } from '../shared/jury-rubric.js';

export const MTSAMPLES_REPLICATE_METRIC = 'mtsamples_replicate_accuracy';

/** MTSamples (replicate): propose a treatment plan from a transcribed medical report; an LLM jury scores it 1–5. */
export const mtsamplesReplicate: BenchmarkDefinition = {
  name: 'mtsamples_replicate',
  description:
    "MTSamples: write a treatment plan from a transcribed medical report (MTSamples.com); scored 1–5 by a jury of three LLM judges, plus ROUGE against the report's own plan.",
  args: [],
  prompt: mtsamplesReplicatePrompt,
  metrics: [
    // The corrected metric and the breakdowns are computed on the corrected instance set (variant 'corrected').
    juryFamily({
      metric: MTSAMPLES_REPLICATE_METRIC,
      annotator: 'jury',
      criteria: JURY_CRITERIA,
      roles: JURY_ROLES,
      correctedSet: true,
    }),
    rougeFamily,
  ],
  main_metric: MTSAMPLES_REPLICATE_METRIC,
  jury: { annotator: 'jury', template: MTSAMPLES_REPLICATE_RUBRIC, criteria: JURY_CRITERIA },
  // The corrected set has its own files (all 1,269, read differently): it gets its own seed-0 selection.
  corrected_selection: 'independent',
  source: {
    url: MTSAMPLES_SOURCE,
    revision: MTSAMPLES_REVISION,
    license: 'none stated (transcribed reports from MTSamples.com)',
  },
  load: (ctx) => loadMtsamplesReplicate(ctx),
};
