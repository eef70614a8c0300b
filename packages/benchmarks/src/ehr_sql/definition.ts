import type { BenchmarkDefinition } from '@eval-factory/types';
import { ehrSqlExecutionAnnotator } from './annotator.js';
import { EHRSQL_BASE_URL, EHRSQL_COMMIT, loadEhrSql } from './load.js';
import { ehrSqlFamily } from './metric.js';
import { ehrSqlPrompt } from './prompt.js';

/** EHRSQL (eICU): write SQL for clinical questions over an EHR database, or abstain when unanswerable. */
export const ehrSql: BenchmarkDefinition = {
  name: 'ehr_sql',
  description:
    'EHRSQL (eICU): turn a clinical question into an SQL query over an EHR database schema, or return nothing when it cannot be answered; scored by executing the query.',
  args: [],
  prompt: ehrSqlPrompt,
  metrics: [ehrSqlFamily],
  main_metric: 'ehr_sql_execution_accuracy',
  annotators: [ehrSqlExecutionAnnotator],
  // The questions are CC BY 4.0; the demo database HELM downloads states no license (local use only).
  source: {
    url: EHRSQL_BASE_URL,
    revision: EHRSQL_COMMIT,
    license: 'CC BY 4.0 (questions and schema); database: none stated',
  },
  load: loadEhrSql,
};
