import { describe, expect, it } from '@jest/globals';
import { exactMatchFamily } from '@eval-factory/metrics';
import type { Instance, PromptRequest } from '@eval-factory/types';
import { medcalcBenchFamily, parseDurationDays } from './metric.js';

const GA = "('14 weeks', '1 days')";

function instance(category: string, gt: string, lower = gt, upper = gt): Instance {
  return {
    id: '1',
    input: { text: 'Patient note: n\n\nQuestion: q\n' },
    references: [{ output: { text: gt }, tags: ['correct'] }],
    split: 'test',
    extra_data: { category, upper_limit: upper, lower_limit: lower },
  };
}

const request: PromptRequest = {
  instance_id: '1',
  train_trial_index: 0,
  prompt: 'p',
  temperature: 0,
  max_tokens: 10,
  stop: [],
  top_p: null,
  num_completions: 1,
  top_k_per_token: 1,
};

function scores(x: Instance, completion: string): [number | undefined, number | undefined] {
  const values = medcalcBenchFamily.compute({ instance: x, request, completions: [completion] });
  return [values.medcalc_bench_accuracy, values.medcalc_bench_accuracy_corrected];
}

const PHYSICAL = instance('physical', '100', '95', '105');
const DOSAGE_LIMITS = ['50.43835', '55.74765'] as const;
const DATE = instance('date', '09/23/2014');
const GEST = instance('date', GA);

// docs/benchmarks/medcalc_bench.md "Test vectors" (category, gt, [lo, hi], pred → HELM score), plus the corrected score.
describe('medcalc_bench_accuracy: every spec test vector', () => {
  it.each<[string, Instance, string, number, number]>([
    ['physical', PHYSICAL, '100', 1, 1],
    ['physical', PHYSICAL, '95', 1, 1],
    ['physical', PHYSICAL, '105.0', 1, 1],
    ['physical', PHYSICAL, '94.99', 0, 0],
    ['physical', PHYSICAL, '100 mmHg', 0, 0],
    ['physical', PHYSICAL, '', 0, 0],
    ['physical', PHYSICAL, '1e2', 1, 1],
    ['physical', PHYSICAL, ' 100 ', 1, 1],
    ['physical', PHYSICAL, '1_00', 1, 1],
    ['physical', PHYSICAL, '100,0', 0, 0],
    ['dosage conversion', instance('dosage conversion', '53.093', ...DOSAGE_LIMITS), '53', 1, 1],
    ['dosage (v1.0 name, HELM bug)', instance('dosage', '53.093', ...DOSAGE_LIMITS), '53.093', 0, 1],
    ['lab (v1.0 name, HELM bug)', instance('lab', '25.238', '23.9761', '26.4999'), '25.238', 0, 1],
    ['risk', instance('risk', '4'), '4', 1, 1],
    ['risk', instance('risk', '4'), '4.0', 0, 0],
    ['risk', instance('risk', '1.5'), '1.50', 0, 0],
    ['severity', instance('severity', '8'), ' 8', 1, 1],
    ['diagnosis', instance('diagnosis', '3'), '3 points', 0, 0],
    ['date', DATE, '09/23/2014', 1, 1],
    ['date', DATE, '9/23/2014', 1, 1],
    ['date', DATE, '2014-09-23', 0, 0],
    ['date', DATE, '09/24/2014', 0, 0],
    ['date', DATE, '09/23/14', 0, 0],
    ['gestational age', GEST, GA, 1, 1],
    ['gestational age', GEST, "('13 weeks', '8 days')", 1, 1],
    ['gestational age', GEST, '14 weeks 1 day', 0, 0],
    ['gestational age', GEST, `${GA} extra`, 1, 1],
    ['gestational age', GEST, '(14 weeks, 1 days)', 0, 0],
    ['unknown category', instance('volume', '10'), '10', 0, 0],
  ])('%s: %j → HELM %j', (_label, x, pred, helm, corrected) => {
    expect(scores(x, pred)).toEqual([helm, corrected]);
  });
});

describe('medcalc_bench_accuracy: tricky answers', () => {
  it.each<[string, Instance, string, number, number]>([
    ['refusal', PHYSICAL, 'I cannot determine this.', 0, 0],
    ['unit after a lab value', instance('lab', '25.238', '23.9761', '26.4999'), '25.2 mg/dL', 0, 0],
    ['thousands comma', instance('physical', '1200', '1140', '1260'), '1,200', 0, 0],
    ['Unicode minus', instance('physical', '-5', '-5.25', '-4.75'), '−5', 0, 0],
    ['ASCII minus', instance('physical', '-5', '-5.25', '-4.75'), '-5', 1, 1],
    ['Arabic-Indic digits (Python float accepts them)', PHYSICAL, '١٠٠', 1, 1],
    ['inf never in range', PHYSICAL, 'inf', 0, 0],
    ['nan never in range', PHYSICAL, 'nan', 0, 0],
    ['hex is not a float', PHYSICAL, '0x64', 0, 0],
    ['range bounds are inclusive', instance('lab test', '16', '15.2', '16.8'), '16.8', 0, 1],
    ['dosage conversion above the range', instance('dosage conversion', '6', '5.7', '6.3'), '6.31', 0, 0],
    ['lab below the range (corrected 0)', instance('lab', '16', '15.2', '16.8'), '15.1', 0, 0],
    ['unparsable limit', instance('physical', '100', 'n/a', '105'), '100', 0, 0],
    ['trailing newline stripped', instance('risk', '4'), '4\n', 1, 1],
    ['letter with punctuation', instance('risk', '4'), '4.', 0, 0],
    ['reference is not stripped', instance('risk', '4 '), '4', 0, 0],
    ['empty risk answer', instance('risk', '4'), '', 0, 0],
    ['date with a space-padded day', instance('date', '09/03/2014'), '09/ 3/2014', 1, 1],
    ['date that does not exist', instance('date', '02/28/2015', '02/28/2015', '03/01/2015'), '02/29/2015', 0, 0],
    ['date inside a wider range', instance('date', '02/28/2016', '02/28/2016', '03/01/2016'), '2/29/2016', 1, 1],
    ['date with trailing words', DATE, '09/23/2014 is the date', 0, 0],
    ['gestational age in weeks only', GEST, "('15 weeks', '0 days')", 0, 0],
    ['gestational age with leading text', GEST, `Answer: ${GA}`, 0, 0],
    ['gestational age cut by max_tokens', GEST, "('14 weeks', '1", 0, 0],
  ])('%s: %j → HELM %j', (_label, x, pred, helm, corrected) => {
    expect(scores(x, pred)).toEqual([helm, corrected]);
  });

  it('reads durations as 7·weeks + days (anchored at the start only)', () => {
    expect(parseDurationDays("('13 weeks', '8 days')")).toBe(99n);
    expect(parseDurationDays("('0 weeks', '0 days') and more")).toBe(0n);
    expect(parseDurationDays(" ('1 weeks', '1 days')")).toBeNull();
    expect(parseDurationDays("('1 week', '1 day')")).toBeNull();
  });
});

describe('medcalc_bench family', () => {
  it('gives no value without a completion (the instance leaves the mean)', () => {
    expect(medcalcBenchFamily.compute({ instance: PHYSICAL, request, completions: [] })).toEqual({});
    expect(exactMatchFamily.compute({ instance: PHYSICAL, request, completions: [] })).toEqual({});
  });

  it('scores the first completion only and reads references[0] like HELM', () => {
    const values = medcalcBenchFamily.compute({ instance: PHYSICAL, request, completions: ['abc', '100'] });
    expect(values).toEqual({ medcalc_bench_accuracy: 0, medcalc_bench_accuracy_corrected: 0 });
  });

  it('declares the HELM metric and its correction', () => {
    expect(medcalcBenchFamily.name).toBe('medcalc_bench');
    expect(medcalcBenchFamily.metrics).toEqual([
      expect.objectContaining({ name: 'medcalc_bench_accuracy', helm_compatible: true, report: true }),
      expect.objectContaining({
        name: 'medcalc_bench_accuracy_corrected',
        helm_compatible: false,
        corrects: 'medcalc_bench_accuracy',
        report: true,
      }),
    ]);
  });

  it('treats missing extra_data as an unsupported category (0), never a crash', () => {
    const bare: Instance = { ...PHYSICAL, extra_data: undefined };
    expect(scores(bare, '100')).toEqual([0, 0]);
  });
});

// §0.3 metrics of the raw prediction (no option mapping, so no @5 twins): gold, pred → EM, QEM, PEM, QPEM.
describe('exact_match family on MedCalc answers', () => {
  it.each<[string, string, number[]]>([
    ['4', '4', [1, 1, 1, 1]],
    ['4', ' 4\n', [1, 1, 1, 1]],
    ['4', '4.', [0, 1, 1, 1]],
    ['4', '4.0', [0, 0, 1, 1]],
    ['25.238', '25.238 mg/dL', [0, 0, 1, 1]],
    ['09/23/2014', '9/23/2014', [0, 0, 0, 0]],
    ['09/23/2014', '09-23-2014', [0, 1, 0, 1]],
    [GA, "('14 weeks', '1 days') extra", [0, 0, 1, 1]],
    ['3', '', [0, 0, 0, 0]],
  ])('%j vs %j', (gold, pred, expected) => {
    const values = exactMatchFamily.compute({ instance: instance('risk', gold), request, completions: [pred] });
    expect(values).toEqual({
      exact_match: expected[0],
      quasi_exact_match: expected[1],
      prefix_exact_match: expected[2],
      quasi_prefix_exact_match: expected[3],
    });
  });
});
