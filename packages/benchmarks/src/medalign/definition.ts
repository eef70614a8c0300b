import type { BenchmarkDefinition } from '@eval-factory/types';
import { juryFamily, rougeFamily } from '@eval-factory/metrics';
import { loadMedalign, MEDALIGN_DEFAULT_MAX_LENGTH, MEDALIGN_SOURCE } from './load.js';
import { medalignPromptSpec } from './prompt.js';
import { MEDALIGN_RUBRIC } from './rubric.js';
import { JURY_CRITERIA, JURY_ROLES } from '../shared/jury-rubric.js';

export const MEDALIGN_METRIC = 'medalign_accuracy';

/** MedAlign: follow a clinician's instruction about a patient's EHR (gated Stanford data); LLM jury + ROUGE. */
export const medalign: BenchmarkDefinition = {
  name: 'medalign',
  description:
    "MedAlign: answer clinicians' instructions about a patient's longitudinal EHR (gated Stanford data); scored 1–5 by a jury of three LLM judges, plus ROUGE against a clinician's response.",
  // Declaration order of HELM's run spec: get_medalign_spec(max_length=100000).
  args: [
    {
      name: 'max_length',
      default: MEDALIGN_DEFAULT_MAX_LENGTH,
      description:
        'Prompt budget in cl100k_base tokens; the EHR keeps its last tokens that fit (after 256 for the answer).',
    },
  ],
  prompt: medalignPromptSpec,
  // No corrected instance set: the corrected jury score and breakdowns use the same instances.
  metrics: [
    juryFamily({ metric: MEDALIGN_METRIC, annotator: 'jury', criteria: JURY_CRITERIA, roles: JURY_ROLES }),
    rougeFamily,
  ],
  main_metric: MEDALIGN_METRIC,
  jury: { annotator: 'jury', template: MEDALIGN_RUBRIC, criteria: JURY_CRITERIA },
  source: {
    url: MEDALIGN_SOURCE,
    revision: null,
    license: 'MedAlign research data use agreement (gated; not redistributable)',
  },
  load: loadMedalign,
};
