import type { BenchmarkDefinition } from '@eval-factory/types';
import { judgedMetrics, jurySpec } from '../shared/judged.js';
import { ACI_BENCH_BASE_URL, ACI_BENCH_COMMIT, loadAciBench } from './load.js';
import { ACI_BENCH_RUBRIC, aciBenchPrompt } from './prompt.js';

export const ACI_BENCH_METRIC = 'aci_bench_accuracy';

/** ACI-Bench: write a clinical note from a doctor–patient conversation; an LLM jury scores it 1–5. */
export const aciBench: BenchmarkDefinition = {
  name: 'aci_bench',
  description:
    'ACI-Bench: write a clinical note from a doctor-patient conversation; scored 1–5 by a jury of three LLM judges against the reference note, plus ROUGE.',
  args: [],
  prompt: aciBenchPrompt,
  metrics: judgedMetrics(ACI_BENCH_METRIC),
  main_metric: ACI_BENCH_METRIC,
  jury: jurySpec(ACI_BENCH_RUBRIC),
  source: { url: ACI_BENCH_BASE_URL, revision: ACI_BENCH_COMMIT, license: 'CC BY 4.0' },
  load: loadAciBench,
};
