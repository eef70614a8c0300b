import type { BenchmarkDefinition } from '@eval-factory/types';
import { loadMimicivBillingCode } from './load.js';
import { billingCodeFamily } from './metric.js';
import { mimicivBillingCodePrompt } from './prompt.js';

/** MIMIC-IV ICD-10 coding (gated): list the ICD-10 codes of a discharge note; set precision/recall/F1. */
export const mimicivBillingCode: BenchmarkDefinition = {
  name: 'mimiciv_billing_code',
  description:
    'MIMIC-IV billing codes: list the ICD-10 codes of a discharge note; scored by precision, recall and F1 of the code sets. Gated data: needs extra.data_path.',
  args: [],
  prompt: mimicivBillingCodePrompt,
  metrics: [billingCodeFamily],
  main_metric: 'mimiciv_billing_code_f1',
  source: {
    url: 'https://physionet.org/content/mimiciv/',
    revision: null,
    license: 'PhysioNet Credentialed Health Data License (gated; your data_path)',
  },
  load: loadMimicivBillingCode,
};
