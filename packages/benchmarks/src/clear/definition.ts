import type { BenchmarkDefinition } from '@eval-factory/types';
import { exactMatchFamily } from '@eval-factory/metrics';
import { CLEAR_URL, loadClear } from './load.js';
import { CLEAR_CONDITIONS, clearPrompt } from './prompt.js';

/** CLEAR: does a clinical note show a history of one condition (yes / no / uncertain)? (private data) */
export const clear: BenchmarkDefinition = {
  name: 'clear',
  description:
    'CLEAR: decide from a clinical note whether the patient has a history of a condition (yes, no or uncertain).',
  args: [
    {
      name: 'condition',
      default: null,
      values: CLEAR_CONDITIONS,
      description: 'The condition to detect (required), e.g. alcohol_dependence.',
    },
  ],
  prompt: clearPrompt,
  metrics: [exactMatchFamily],
  main_metric: 'exact_match',
  source: { url: CLEAR_URL, revision: null, license: 'private (Stanford CLEAR data; not distributed)' },
  load: loadClear,
};
