import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Instance, LoadedData } from '@eval-factory/types';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { createEhrSqlAnnotator, EHR_SQL_ANNOTATOR, extractSql } from './annotator.js';
import type { EhrSqlAnnotation } from './annotator.js';
import { ehrSql } from './definition.js';
import { ehrSqlFamily } from './metric.js';
import { annotatorContext, fakeRequest, fixtureCopy } from './test-support.js';

describe('extractSql (HELM extraction, docs/benchmarks/ehr_sql.md step 3)', () => {
  it.each([
    ['```sql\nSELECT 1;\n```', 'SELECT 1;'], // spec test vector
    ['<SQL> select 2 </sql>', 'select 2'], // spec test vector
    ['Here you go: <sql>select 3</sql> and more <sql>select 4</sql>', 'select 3'],
    ['<sql>select 5<sql>', 'select 5'],
    ['< sql >\nselect 6\n< / sql>', '< sql >\nselect 6\n< / sql>'], // "< /" is not "</": no match
    ['<sql>\u00a0select 7\u2003</sql>', 'select 7'], // Python whitespace inside the tag and around the query
    ['```\nselect 8\n```', 'select 8'],
    ['sql\nselect 9', 'select 9'],
    ['The query:\nsql\nselect 10', 'The query:\nselect 10'],
    ['SQL\nselect 11', 'SQL\nselect 11'], // case-sensitive
    ['mysql\nselect 12', 'mysql\nselect 12'], // only at the start of a line
    ['x\rsql\nselect 13', 'x\rsql\nselect 13'], // Python's ^ (MULTILINE) follows \n only
    ['```sql\nsql\nselect 14\n```', 'select 14'],
    ['select `name` from t', 'select name from t'],
    ['   \n\t ', ''],
    ['<sql></sql>', ''],
    ['```sql\n```', 'sql'], // the backticks go first, then strip leaves "sql" without its newline
    ['I cannot answer this question.', 'I cannot answer this question.'],
  ])('%j → %j', (completion, sql) => {
    expect(extractSql(completion)).toBe(sql);
  });
});

let loaded: LoadedData;
const byId = (id: string): Instance => loaded.instances.find((x) => x.source_id === id)!;

beforeAll(async () => {
  loaded = await ehrSql.load(recordingContext({ cacheDir: await tempDir(), dataPath: await fixtureCopy() }));
});

async function annotate(
  instance: Instance,
  completion: string,
  currentTime: string | null = null,
  logs: string[] = [],
): Promise<EhrSqlAnnotation> {
  const annotator = createEhrSqlAnnotator({ limits: { timeoutMs: 2000, maxRows: 1000, maxResultBytes: 1_000_000 } });
  const resources = { db_path: loaded.resources?.db_path, current_time_literal: currentTime };
  return (await annotator.annotate(
    { instance, request: fakeRequest(instance), completions: [completion] },
    annotatorContext(resources, logs),
  )) as unknown as EhrSqlAnnotation;
}

function metricsOf(instance: Instance, completion: string, annotation: EhrSqlAnnotation) {
  return ehrSqlFamily.compute({
    instance,
    request: fakeRequest(instance),
    completions: [completion],
    annotations: { [EHR_SQL_ANNOTATOR]: annotation },
  });
}

describe('ehr_sql_execution annotator on the fixture database', () => {
  it('answerable count(*) with gold [(0,)] and a prediction returning [(0,)]: execution 1, validity 1, precision/recall 1', async () => {
    const instance = byId('f0000000000000000000000a');
    const completion = '```sql\nselect count(*) from lab where labid < 0;\n```';
    const a = await annotate(instance, completion);
    expect(a).toEqual({
      predicted_result: [[0]],
      ground_truth_result: [[0]],
      query_error: null,
      predicted_sql: 'select count(*) from lab where labid < 0;',
      ground_truth_error: null,
      ground_truth_fallback: false,
    });
    expect(metricsOf(instance, completion, a)).toMatchObject({
      ehr_sql_execution_accuracy: 1,
      ehr_sql_query_validity: 1,
      ehr_sql_precision_answerable: 1,
      ehr_sql_recall_answerable: 1,
      ehr_sql_execution_accuracy_corrected: 1,
    });
  });

  it('gold with no rows and slot values: HELM gold = bare values, so nothing can score; the corrected metric compares rows', async () => {
    const instance = byId('f0000000000000000000000c');
    const echo = await annotate(instance, "select 'zorbatin 5 mg'");
    expect(echo.ground_truth_result).toEqual(['zorbatin 5 mg']);
    expect(echo.ground_truth_fallback).toBe(true);
    expect(metricsOf(instance, "select 'zorbatin 5 mg'", echo)).toMatchObject({
      ehr_sql_execution_accuracy: 0,
      ehr_sql_execution_accuracy_corrected: 0,
    });
    const right = "select distinct medication.routeadmin from medication where medication.drugname = 'zorbatin 5 mg'";
    const a = await annotate(instance, right);
    expect(metricsOf(instance, right, a)).toMatchObject({
      ehr_sql_execution_accuracy: 0,
      ehr_sql_query_validity: 1,
      ehr_sql_execution_accuracy_corrected: 1,
    });
    expect(metricsOf(instance, '', await annotate(instance, ''))).toMatchObject({
      ehr_sql_execution_accuracy: 0,
      ehr_sql_execution_accuracy_corrected: 0,
    });
  });

  it('a failing gold query is logged, falls back to the slot values, and leaves the corrected metric without a value', async () => {
    const instance = byId('f0000000000000000000001b');
    const logs: string[] = [];
    const a = await annotate(instance, 'select 1', null, logs);
    expect(a.ground_truth_error).toBe('no such column: lab.sparklescore');
    expect(a.ground_truth_result).toEqual(['900-0002', 'sparkle score']);
    expect(logs).toEqual([`ehr_sql ${instance.id}: the gold SQL failed: no such column: lab.sparklescore`]);
    const values = metricsOf(instance, 'select 1', a);
    expect(values.ehr_sql_execution_accuracy).toBe(0);
    expect(values).not.toHaveProperty('ehr_sql_execution_accuracy_corrected');
  });

  it('unanswerable + empty completion: "No query generated", the gold "null" is not logged; execution 1, validity 0, totals 0/0', async () => {
    const instance = byId('f0000000000000000000000b');
    const logs: string[] = [];
    const a = await annotate(instance, '  \n', null, logs);
    expect(a).toMatchObject({
      predicted_result: [],
      ground_truth_result: [],
      query_error: 'No query generated',
      predicted_sql: '',
      ground_truth_fallback: false,
    });
    expect(logs).toEqual([]);
    expect(metricsOf(instance, '  \n', a)).toMatchObject({
      ehr_sql_execution_accuracy: 1,
      ehr_sql_query_validity: 0,
      ehr_sql_precision_answerable: 0,
      ehr_sql_recall_answerable: 0,
      ehr_sql_total_predicted_answerable: 0,
      ehr_sql_total_ground_truth_answerable: 0,
      ehr_sql_execution_accuracy_corrected: 1,
    });
  });

  it('records query errors for bad or malicious SQL instead of throwing', async () => {
    const instance = byId('f0000000000000000000001a');
    expect((await annotate(instance, 'DROP TABLE patient;')).query_error).toContain('only a single SELECT');
    expect((await annotate(instance, 'select 1; select 2')).query_error).toBe(
      'You can only execute one statement at a time.',
    );
    expect((await annotate(instance, 'I cannot answer this.')).query_error).toContain('starts with "I"');
    expect((await annotate(instance, 'select from where')).query_error).toContain('syntax error');
  });

  it('with an official database, re-runs gold and prediction with current_time fixed for the corrected metric only', async () => {
    const instance = byId('f0000000000000000000001c');
    const gold = instance.references[0].output.text;
    const plain = await annotate(instance, gold);
    expect(plain.corrected).toBeUndefined();
    expect(plain.ground_truth_result).toEqual([[-216]]); // current_time is a time of day: SQLite reads it as 2000-01-01
    const fixed = await annotate(instance, gold, '2105-12-31 23:59:00');
    expect(fixed.ground_truth_result).toEqual([[-216]]);
    expect(fixed.corrected).toEqual({
      predicted_result: [[8520]],
      query_error: null,
      ground_truth_result: [[8520]],
      ground_truth_error: null,
    });
    const wrong = await annotate(instance, 'select -216', '2105-12-31 23:59:00');
    expect(metricsOf(instance, 'select -216', wrong)).toMatchObject({
      ehr_sql_execution_accuracy: 1,
      ehr_sql_execution_accuracy_corrected: 0,
    });
  });

  it('throws when the loader gave no database path (the instance is then unscored)', async () => {
    const instance = byId('f0000000000000000000001a');
    const annotator = createEhrSqlAnnotator();
    await expect(
      annotator.annotate({ instance, request: fakeRequest(instance), completions: ['select 1'] }, annotatorContext({})),
    ).rejects.toThrow('db_path');
  });
});
