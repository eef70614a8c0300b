import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Instance, PromptRequest } from '@eval-factory/types';
import { realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { medcalcBench } from './definition.js';
import { medcalcBenchFamily } from './metric.js';

const DIR = realDataDir('medcalc_bench');
const run = realDataPresent('medcalc_bench') ? it : it.skip;

const request: PromptRequest = {
  instance_id: '',
  train_trial_index: 0,
  prompt: '',
  temperature: 0,
  max_tokens: 10,
  stop: [],
  top_p: null,
  num_completions: 1,
  top_k_per_token: 1,
};

function category(x: Instance): string {
  return String(x.extra_data?.category);
}

function countBy(instances: readonly Instance[], keep: (x: Instance) => boolean = () => true): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const x of instances) if (keep(x)) counts[category(x)] = (counts[category(x)] ?? 0) + 1;
  return counts;
}

/** An oracle answers the ground truth itself; the family's value for one metric. */
function oracle(x: Instance, metric: string): number | undefined {
  return medcalcBenchFamily.compute({ instance: x, request, completions: [x.references[0].output.text] })[metric];
}

/** Per category, `correct/total` of an oracle on one metric. */
function oracleByCategory(instances: readonly Instance[], metric: string): Record<string, string> {
  const total = countBy(instances);
  const correct = countBy(instances, (x) => oracle(x, metric) === 1);
  return Object.fromEntries(Object.keys(total).map((c) => [c, `${correct[c] ?? 0}/${total[c]}`]));
}

async function loadReal(): Promise<Instance[]> {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR });
  const { instances, data } = await medcalcBench.load(ctx);
  expect(ctx.warnings).toEqual([]);
  expect(data.files[0].sha256).toBe('c2d23097f8bdb7ae4a77dbf4a5a767335df7303998d7c7664a73a29fd8e2b31a');
  expect(data.num_rows).toBe(1047);
  return [...instances];
}

const ALL = { lab: 327, risk: 240, physical: 240, severity: 80, diagnosis: 60, date: 60, dosage: 40 };
const K1000 = { lab: 315, risk: 232, physical: 225, severity: 75, date: 58, diagnosis: 56, dosage: 39 };

describe('medcalc_bench on the real test_data_v1.0.csv (docs/benchmarks/medcalc_bench.md)', () => {
  run('loads 1,047 instances, ids = Row Number 1..1047, with the category counts of §4', async () => {
    const instances = await loadReal();
    expect(instances.map((x) => x.id)).toEqual(instances.map((_x, i) => String(i + 1)));
    expect(countBy(instances)).toEqual(ALL);
    expect(instances.every((x) => x.input.text.startsWith('Patient note: ') && x.input.text.endsWith('\n'))).toBe(true);
  });

  run('oracle: HELM metric 0 on lab and dosage, 1 elsewhere (680/1047); corrected 1.0', async () => {
    const instances = await loadReal();
    expect(oracleByCategory(instances, 'medcalc_bench_accuracy')).toEqual({
      lab: '0/327',
      risk: '240/240',
      physical: '240/240',
      severity: '80/80',
      diagnosis: '60/60',
      date: '60/60',
      dosage: '0/40',
    });
    expect(instances.every((x) => oracle(x, 'medcalc_bench_accuracy') !== undefined)).toBe(true);
    expect(instances.every((x) => oracle(x, 'medcalc_bench_accuracy_corrected') === 1)).toBe(true);
  });

  run('the seed-0 K = 1000 selection has the §4 category counts and a HELM oracle of 646/1000', async () => {
    const instances = await loadReal();
    const subset = JSON.parse(readFileSync(join(DIR, 'eval_subset_k1000_seed0.json'), 'utf8')) as {
      indices_in_selection_order: number[];
      row_numbers_in_selection_order: number[];
    };
    const selected = subset.indices_in_selection_order.map((i) => instances[i]);
    expect(selected.map((x) => x.id)).toEqual(subset.row_numbers_in_selection_order.map(String));
    expect(countBy(selected)).toEqual(K1000);
    expect(selected.filter((x) => oracle(x, 'medcalc_bench_accuracy') === 1)).toHaveLength(646);
  });
});
