import { describe, expect, it } from '@jest/globals';
import type { Instance, MetricValues } from '@eval-factory/types';
import type { EhrSqlAnnotation } from './annotator.js';
import { ehrSqlFamily } from './metric.js';
import type { SqlRow, SqlValue } from './sql-result.js';
import { fakeRequest } from './test-support.js';

const GOLD = "select count(*) from lab where lab.labname = 'glimmerase'";

function instance(isImpossible = false, gold = GOLD): Instance {
  return {
    id: 'id9270',
    input: { text: 'q' },
    references: [{ output: { text: gold }, tags: ['correct'] }],
    split: 'test',
    extra_data: { db_path: 'eicu.sqlite', value: {}, is_impossible: isImpossible },
  };
}

function annotation(fields: Partial<EhrSqlAnnotation> = {}): EhrSqlAnnotation {
  return {
    predicted_result: [],
    ground_truth_result: [],
    query_error: null,
    predicted_sql: '',
    ground_truth_error: null,
    ground_truth_fallback: false,
    ...fields,
  };
}

function compute(completion: string, a: unknown, x: Instance = instance()): MetricValues {
  return ehrSqlFamily.compute({
    instance: x,
    request: fakeRequest(x),
    completions: [completion],
    annotations: { ehr_sql_execution: a },
  });
}

const rows = (...r: SqlRow[]): SqlRow[] => r;
const values = (...v: SqlValue[]): SqlValue[] => v;

describe('ehr_sql metrics: spec test vectors (docs/benchmarks/ehr_sql.md)', () => {
  it('unanswerable + empty completion → execution 1, validity 0, precision/recall 0, totals 0/0', () => {
    const v = compute(
      '',
      annotation({ query_error: 'No query generated', ground_truth_error: 'near "null": syntax error' }),
      instance(true, 'null'),
    );
    expect(v).toMatchObject({
      ehr_sql_execution_accuracy: 1,
      ehr_sql_query_validity: 0,
      ehr_sql_precision_answerable: 0,
      ehr_sql_recall_answerable: 0,
      ehr_sql_total_predicted_answerable: 0,
      ehr_sql_total_ground_truth_answerable: 0,
      ehr_sql_execution_accuracy_corrected: 1,
    });
  });

  it('answerable count(*) with gold [(0,)] and a prediction returning [(0,)] → execution 1, validity 1, precision/recall 1', () => {
    const v = compute(
      'select count(*) from lab where 0;',
      annotation({ predicted_result: rows([0]), ground_truth_result: rows([0]) }),
    );
    expect(v).toMatchObject({
      ehr_sql_execution_accuracy: 1,
      ehr_sql_query_validity: 1,
      ehr_sql_precision_answerable: 1,
      ehr_sql_recall_answerable: 1,
      ehr_sql_total_predicted_answerable: 1,
      ehr_sql_total_ground_truth_answerable: 1,
    });
  });

  it.each([
    ['the slot value itself as a row', rows(['warfarin sodium 2.5 mg po tabs'])],
    ['no rows', rows()],
    ['other rows', rows(['po'])],
  ])('slot-value fallback gold: execution accuracy 0 for %s', (_label, predicted) => {
    const a = annotation({
      predicted_result: predicted,
      ground_truth_result: values('warfarin sodium 2.5 mg po tabs'),
      ground_truth_fallback: true,
    });
    expect(compute('select 1', a).ehr_sql_execution_accuracy).toBe(0);
    expect(compute('', a).ehr_sql_execution_accuracy).toBe(0);
  });
});

describe('ehr_sql_execution_accuracy (HELM) compares results as Python sets of tuples', () => {
  it.each([
    ['same rows', rows([1, 'a']), rows([1, 'a']), 1],
    ['order and duplicates ignored', rows([2], [1], [1]), rows([1], [2]), 1],
    ['1 == 1.0', rows([1]), rows([1.0]), 1],
    ['NULL == NULL', rows([null]), rows([null]), 1],
    ['text is case-sensitive', rows(['A']), rows(['a']), 0],
    ["'1' != 1", rows(['1']), rows([1]), 0],
    ['blob != text', rows([{ blob: '00ff' }]), rows(['00ff']), 0],
    ['infinity == infinity', rows([{ real: 'Infinity' }]), rows([{ real: 'Infinity' }]), 1],
    ['column order matters', rows([1, 2]), rows([2, 1]), 0],
    ['subset', rows([1]), rows([1], [2]), 0],
    ['predicted empty, gold not', rows(), rows([0]), 0],
  ])('%s → %d', (_label, predicted, gold, expected) => {
    expect(
      compute('select x', annotation({ predicted_result: predicted, ground_truth_result: gold }))
        .ehr_sql_execution_accuracy,
    ).toBe(expected);
  });

  it('both results empty: 1 only when nothing was output (a correct non-empty query on an empty gold scores 0)', () => {
    expect(compute('', annotation({ query_error: 'No query generated' })).ehr_sql_execution_accuracy).toBe(1);
    expect(compute('select 1 where 0', annotation()).ehr_sql_execution_accuracy).toBe(0);
    expect(compute('select 1 where 0', annotation()).ehr_sql_execution_accuracy_corrected).toBe(1);
  });

  it('an empty gold query scores 0 whatever the output', () => {
    expect(compute('', annotation(), instance(false, '  ')).ehr_sql_execution_accuracy).toBe(0);
  });
});

describe('ehr_sql_query_validity', () => {
  it.each([
    ['', null, 0],
    ['select 1', null, 1],
    ['select nope', 'no such column: nope', 0],
    ['I cannot answer this question.', 'only a single SELECT statement may run', 0],
    ['<sql></sql>', 'No query generated', 0],
  ])('completion %j, query_error %j → %d', (completion, error, expected) => {
    expect(compute(completion, annotation({ query_error: error })).ehr_sql_query_validity).toBe(expected);
  });
});

describe('ehr_sql_execution_accuracy_corrected (no fallback; gold errors unscored)', () => {
  it.each([
    ['unanswerable, no output', true, '', annotation(), 1],
    ['unanswerable, a refusal sentence', true, 'I cannot answer.', annotation({ query_error: 'x' }), 0],
    ['answerable, no output, empty gold', false, '', annotation({ query_error: 'No query generated' }), 0],
    [
      'answerable, query error',
      false,
      'select nope',
      annotation({ query_error: 'no such column: nope', ground_truth_result: rows([0]) }),
      0,
    ],
    [
      'answerable, same rows',
      false,
      'select 0',
      annotation({ predicted_result: rows([0.0]), ground_truth_result: rows([0]) }),
      1,
    ],
    ['answerable, empty = empty', false, 'select 1 where 0', annotation(), 1],
    [
      'fallback gold counts as its real (empty) rows',
      false,
      'select 1 where 0',
      annotation({ ground_truth_result: values('x'), ground_truth_fallback: true }),
      1,
    ],
  ])('%s → %d', (_label, impossible, completion, a, expected) => {
    expect(
      compute(completion, a, instance(impossible, impossible ? 'null' : GOLD)).ehr_sql_execution_accuracy_corrected,
    ).toBe(expected);
  });

  it('has no value when the gold query fails (HELM would fall back to slot values)', () => {
    const a = annotation({
      ground_truth_error: 'no such column: lab.x',
      ground_truth_result: values('p'),
      ground_truth_fallback: true,
    });
    const v = compute('select 1', a);
    expect(v).not.toHaveProperty('ehr_sql_execution_accuracy_corrected');
    expect(v.ehr_sql_execution_accuracy).toBe(0);
  });

  it('uses the current_time re-run when the annotation has one', () => {
    const corrected = {
      predicted_result: rows([8520]),
      query_error: null,
      ground_truth_result: rows([8519]),
      ground_truth_error: null,
    };
    const a = annotation({ predicted_result: rows([-216]), ground_truth_result: rows([-216]), corrected });
    expect(compute('select x', a)).toMatchObject({
      ehr_sql_execution_accuracy: 1,
      ehr_sql_execution_accuracy_corrected: 0,
    });
  });
});

describe('answerability, ratio helpers and the §0.3 string metrics', () => {
  it('gives the per-instance helpers the corrected precision/recall ratios sum', () => {
    const cases: [boolean, string][] = [
      [false, 'select 1'],
      [false, ''],
      [true, 'select 1'],
      [true, ''],
    ];
    const v = cases.map(([impossible, completion]) =>
      compute(completion, annotation(), instance(impossible, impossible ? 'null' : GOLD)),
    );
    const sum = (name: string) => v.reduce((s, x) => s + x[name], 0);
    expect([
      sum('ehr_sql_correct_answerable'),
      sum('ehr_sql_predicted_answerable'),
      sum('ehr_sql_ground_truth_answerable'),
    ]).toEqual([1, 2, 2]);
    // HELM's "precision" and "recall" are both the share of all instances: 1/4.
    expect([sum('ehr_sql_precision_answerable') / 4, sum('ehr_sql_recall_answerable') / 4]).toEqual([0.25, 0.25]);
  });

  it.each([
    [` ${GOLD} `, [1, 1, 1, 1]],
    [`${GOLD.toUpperCase()};`, [0, 1, 0, 1]],
    [`${GOLD} and lab.labresult > 40`, [0, 0, 1, 1]],
    [`\`\`\`sql\n${GOLD}\n\`\`\``, [0, 0, 0, 0]],
    ['', [0, 0, 0, 0]],
  ])('raw completion %j vs the gold SQL → EM, QEM, PEM, QPEM %j', (completion, expected) => {
    const v = compute(completion, annotation());
    expect([v.exact_match, v.quasi_exact_match, v.prefix_exact_match, v.quasi_prefix_exact_match]).toEqual(expected);
  });

  it.each([
    ['no annotation', undefined],
    ['a malformed annotation', { predicted_result: 'rows' }],
    ['rows that are not lists', annotation({ ground_truth_result: ['x'] })],
    ['a malformed corrected block', { ...annotation(), corrected: { predicted_result: [] } }],
  ])('gives no values with %s', (_label, a) => {
    expect(compute('select 1', a)).toEqual({});
  });

  it('gives no values without a completion', () => {
    const x = instance();
    expect(
      ehrSqlFamily.compute({
        instance: x,
        request: fakeRequest(x),
        completions: [],
        annotations: { ehr_sql_execution: annotation() },
      }),
    ).toEqual({});
  });
});

describe('ehr_sql metric descriptors', () => {
  const byName = new Map(ehrSqlFamily.metrics.map((m) => [m.name, m]));

  it('lists the main metric first, HELM names as HELM-compatible, the corrected ones with what they correct', () => {
    expect(ehrSqlFamily.metrics[0].name).toBe('ehr_sql_execution_accuracy');
    expect(ehrSqlFamily.metrics.filter((m) => m.helm_compatible).map((m) => m.name)).toEqual([
      'ehr_sql_execution_accuracy',
      'ehr_sql_query_validity',
      'ehr_sql_precision_answerable',
      'ehr_sql_recall_answerable',
      'ehr_sql_total_predicted_answerable',
      'ehr_sql_total_ground_truth_answerable',
      'exact_match',
      'quasi_exact_match',
      'prefix_exact_match',
      'quasi_prefix_exact_match',
    ]);
    expect(ehrSqlFamily.metrics.filter((m) => m.corrects).map((m) => [m.name, m.corrects])).toEqual([
      ['ehr_sql_execution_accuracy_corrected', 'ehr_sql_execution_accuracy'],
      ['ehr_sql_precision_answerable_corrected', 'ehr_sql_precision_answerable'],
      ['ehr_sql_recall_answerable_corrected', 'ehr_sql_recall_answerable'],
    ]);
  });

  it('declares the corrected precision/recall as ratios of hidden helpers that compute() emits', () => {
    expect(byName.get('ehr_sql_precision_answerable_corrected')?.aggregation).toEqual({
      kind: 'ratio',
      numerator: 'ehr_sql_correct_answerable',
      denominator: 'ehr_sql_predicted_answerable',
    });
    expect(byName.get('ehr_sql_recall_answerable_corrected')?.aggregation).toEqual({
      kind: 'ratio',
      numerator: 'ehr_sql_correct_answerable',
      denominator: 'ehr_sql_ground_truth_answerable',
    });
    const emitted = Object.keys(compute('select 1', annotation()));
    for (const helper of [
      'ehr_sql_correct_answerable',
      'ehr_sql_predicted_answerable',
      'ehr_sql_ground_truth_answerable',
    ]) {
      expect(byName.get(helper)?.report).toBe(false);
      expect(emitted).toContain(helper);
    }
    // Every mean metric is emitted under a declared name; ratio metrics emit nothing of their own.
    expect(emitted.every((name) => byName.has(name))).toBe(true);
    expect(emitted).not.toContain('ehr_sql_precision_answerable_corrected');
  });
});
