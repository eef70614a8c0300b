import type { BenchmarkDefinition } from '@eval-factory/types';
import { exactMatchFamily } from '@eval-factory/metrics';
import { N2C2_CRITERIA } from './criteria.js';
import { loadN2c2CtMatching, N2C2_SOURCE } from './load.js';
import { n2c2CtMatchingPrompt } from './prompt.js';

/** n2c2 2018 Track 1: does a patient meet one clinical-trial inclusion criterion, given their notes? (gated data) */
export const n2c2CtMatching: BenchmarkDefinition = {
  name: 'n2c2_ct_matching',
  description:
    "n2c2 2018 Track 1 (cohort selection): decide from a patient's clinical notes whether they meet one clinical-trial inclusion criterion.",
  args: [
    {
      name: 'subject',
      default: null,
      values: N2C2_CRITERIA,
      description: 'The inclusion criterion to assess (required), e.g. ABDOMINAL or HBA1C.',
    },
  ],
  prompt: n2c2CtMatchingPrompt,
  metrics: [exactMatchFamily],
  main_metric: 'exact_match',
  source: { url: N2C2_SOURCE, revision: null, license: 'n2c2 data use agreement (gated; not redistributable)' },
  load: loadN2c2CtMatching,
};
