import type { BenchmarkDefinition } from '@eval-factory/types';
import { judgedMetrics, jurySpec } from '../shared/judged.js';
import { loadMedDialog, MED_DIALOG_SOURCE, MED_DIALOG_SUBSETS } from './load.js';
import { MED_DIALOG_RUBRIC, medDialogPrompt } from './prompt.js';

export const MED_DIALOG_METRIC = 'med_dialog_accuracy';

/** MedDialog: summarize a patient–doctor conversation in one sentence; an LLM jury scores it 1–5. */
export const medDialog: BenchmarkDefinition = {
  name: 'med_dialog',
  description:
    'MedDialog (BioBART splits): summarize a patient-doctor conversation in one sentence; scored 1–5 by a jury of three LLM judges, plus ROUGE. Needs extra.subset and extra.data_path (Codalab files).',
  args: [
    {
      name: 'subset',
      default: null,
      values: MED_DIALOG_SUBSETS,
      description: 'Which dialogues: healthcaremagic or icliniq (one run entry each, as in HELM).',
    },
  ],
  helm_run_name: (args) => `med_dialog,subset=${args.subset}`,
  prompt: medDialogPrompt,
  metrics: judgedMetrics(MED_DIALOG_METRIC),
  main_metric: MED_DIALOG_METRIC,
  jury: jurySpec(MED_DIALOG_RUBRIC),
  source: {
    url: MED_DIALOG_SOURCE,
    revision: null,
    license: 'none (dialogues copyright healthcaremagic.com / icliniq.com)',
  },
  load: loadMedDialog,
};
