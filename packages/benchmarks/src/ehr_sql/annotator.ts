/**
 * The `ehr_sql_execution` annotator (docs/benchmarks/ehr_sql.md; HELM `EhrSqlAnnotator`): runs the gold and the predicted SQL
 * against the EHRSQL database and records both results for the metrics. No LLM is involved.
 */
import type { Annotator, AnnotatorContext, Instance } from '@eval-factory/types';
import { PY_WHITESPACE, pyStrip } from '@eval-factory/metrics';
import { replaceCurrentTime } from './sql-guard.js';
import { DEFAULT_QUERY_LIMITS, runReadOnlyQuery } from './sql-exec.js';
import type { QueryLimits, QueryOutcome } from './sql-exec.js';
import type { SqlRow, SqlValue } from './sql-result.js';

export const EHR_SQL_ANNOTATOR = 'ehr_sql_execution';

/** What the annotator stores under `annotations.ehr_sql_execution` (JSON-serialisable). */
export interface EhrSqlAnnotation {
  /** HELM fields. `ground_truth_result` holds rows, or the bare slot values after HELM's fallback. */
  readonly predicted_result: SqlRow[];
  readonly ground_truth_result: (SqlRow | SqlValue)[];
  readonly query_error: string | null;
  /** Project fields for the corrected metric: the SQL that ran, the gold error, whether the fallback applied. */
  readonly predicted_sql: string;
  readonly ground_truth_error: string | null;
  readonly ground_truth_fallback: boolean;
  /** Present only with an official database: gold and predicted re-run with `current_time` fixed. */
  readonly corrected?: CorrectedExecution;
}

export interface CorrectedExecution {
  readonly predicted_result: SqlRow[];
  readonly query_error: string | null;
  readonly ground_truth_result: SqlRow[];
  readonly ground_truth_error: string | null;
}

/** Python's `\s` (str patterns) is its whitespace set, which differs from JavaScript's. */
const PY_SPACE = `[${[...PY_WHITESPACE].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]`;
const SQL_TAGS = new RegExp(`<${PY_SPACE}*sql${PY_SPACE}*>([\\s\\S]*?)</?${PY_SPACE}*sql${PY_SPACE}*>`, 'i');

/**
 * HELM's SQL extraction (docs/benchmarks/ehr_sql.md step 3): the text inside `<sql>…</sql>` (or `<sql>…<sql>`) if present,
 * else the whole completion; backticks deleted; stripped; every `sql` + newline at the start of a line deleted
 * (case-sensitive, only after `\n` as in Python's MULTILINE). No strip after that last step.
 * @example extractSql('```sql\nSELECT 1;\n```') // 'SELECT 1;'
 */
export function extractSql(completion: string): string {
  const text = pyStrip(completion);
  const tagged = SQL_TAGS.exec(text);
  const sql = tagged ? pyStrip(tagged[1]) : text;
  return pyStrip(sql.replace(/`/g, '')).replace(/(?<![^\n])sql\n/g, '');
}

export interface EhrSqlAnnotatorOptions {
  readonly limits?: QueryLimits;
}

interface Execution {
  readonly rows: SqlRow[];
  readonly error: string | null;
}

const asExecution = (outcome: QueryOutcome): Execution =>
  outcome.ok ? { rows: outcome.rows, error: null } : { rows: [], error: outcome.error };

function readResources(ctx: AnnotatorContext): { dbPath: string; currentTime: string | null } {
  const { db_path: dbPath, current_time_literal: currentTime } = ctx.resources;
  if (typeof dbPath !== 'string' || dbPath === '')
    throw new Error('the loader gave no db_path resource for the EHRSQL database');
  return { dbPath, currentTime: typeof currentTime === 'string' ? currentTime : null };
}

/** HELM: no gold rows (none or an error) and non-empty slot values → the gold becomes the values in key order. */
function slotValues(instance: Instance): SqlValue[] {
  const value = instance.extra_data?.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.values(value as Record<string, SqlValue>);
}

async function runCorrected(
  dbPath: string,
  goldSql: string,
  predictedSql: string,
  literal: string,
  limits: QueryLimits,
): Promise<CorrectedExecution> {
  const gold = asExecution(await runReadOnlyQuery(dbPath, replaceCurrentTime(goldSql, literal), limits));
  const predicted =
    predictedSql === ''
      ? { rows: [], error: 'No query generated' }
      : asExecution(await runReadOnlyQuery(dbPath, replaceCurrentTime(predictedSql, literal), limits));
  return {
    predicted_result: predicted.rows,
    query_error: predicted.error,
    ground_truth_result: gold.rows,
    ground_truth_error: gold.error,
  };
}

/**
 * Builds the annotator. Gold errors are logged (unanswerable questions have the gold `null`, which never runs, so
 * those are not). A database that cannot be opened throws: the instance is left unscored with that reason.
 */
export function createEhrSqlAnnotator(options: EhrSqlAnnotatorOptions = {}): Annotator {
  const limits = options.limits ?? DEFAULT_QUERY_LIMITS;
  return {
    name: EHR_SQL_ANNOTATOR,
    async annotate({ instance, completions }, ctx) {
      const { dbPath, currentTime } = readResources(ctx);
      const goldSql = pyStrip(instance.references[0]?.output.text ?? '');
      const gold = asExecution(await runReadOnlyQuery(dbPath, goldSql, limits));
      if (gold.error !== null && instance.extra_data?.is_impossible !== true)
        ctx.log(`ehr_sql ${instance.id}: the gold SQL failed: ${gold.error}`);
      const values = gold.rows.length === 0 ? slotValues(instance) : [];
      const predictedSql = extractSql(completions[0] ?? '');
      const predicted =
        predictedSql === ''
          ? { rows: [], error: 'No query generated' }
          : asExecution(await runReadOnlyQuery(dbPath, predictedSql, limits));
      const annotation: EhrSqlAnnotation = {
        predicted_result: predicted.rows,
        ground_truth_result: values.length > 0 ? values : gold.rows,
        query_error: predicted.error,
        predicted_sql: predictedSql,
        ground_truth_error: gold.error,
        ground_truth_fallback: values.length > 0,
        ...(currentTime !== null
          ? { corrected: await runCorrected(dbPath, goldSql, predictedSql, currentTime, limits) }
          : {}),
      };
      return annotation as unknown as Readonly<Record<string, unknown>>;
    },
  };
}

/** The annotator with the default limits (10 s, 100,000 rows per query). */
export const ehrSqlExecutionAnnotator: Annotator = createEhrSqlAnnotator();
