/**
 * HELM's `EhrSqlMetric` and the project's corrected metrics (docs/benchmarks/ehr_sql.md), as pure functions of the instance,
 * the raw completion and the `ehr_sql_execution` annotation.
 */
import { CORRECT_TAG } from '@eval-factory/types';
import type { Instance, MetricFamily, MetricInput, MetricValues } from '@eval-factory/types';
import { exactMatch, prefixExactMatch, pyStrip, quasiExactMatch, quasiPrefixExactMatch } from '@eval-factory/metrics';
import { EHR_SQL_ANNOTATOR } from './annotator.js';
import type { CorrectedExecution, EhrSqlAnnotation } from './annotator.js';
import { EHR_SQL_METRIC_DESCRIPTORS } from './metric-names.js';
import { isSqlRows, resultKeys, sameKeySet } from './sql-result.js';

/** What every EHRSQL metric reads about one answered instance. */
export interface EhrSqlCase {
  /** Raw first completion, Python-stripped (not the extracted SQL). */
  readonly prediction: string;
  /** Gold SQL, Python-stripped (`null` for unanswerable questions). */
  readonly goldQuery: string;
  readonly isImpossible: boolean;
  readonly annotation: EhrSqlAnnotation;
}

const isNonEmpty = (result: readonly unknown[]) => result.length > 0;

/**
 * HELM's execution accuracy: with a gold query, 1 when both results are non-empty and equal as sets, or when the
 * gold result, the predicted result and the prediction are all empty; else 0. The gold result may be HELM's bare
 * slot values, which never equal a set of rows.
 * @example helmExecutionAccuracy({ prediction: '', goldQuery: 'null', isImpossible: true, annotation }) // 1 when both results are []
 */
export function helmExecutionAccuracy(c: EhrSqlCase): number {
  if (c.goldQuery === '') return 0;
  const gold = c.annotation.ground_truth_result;
  const predicted = c.annotation.predicted_result;
  if (isNonEmpty(gold) && isNonEmpty(predicted)) {
    return sameKeySet(resultKeys(predicted, false), resultKeys(gold, c.annotation.ground_truth_fallback)) ? 1 : 0;
  }
  return !isNonEmpty(gold) && !isNonEmpty(predicted) && c.prediction === '' ? 1 : 0;
}

/** HELM's validity: 0 without output, else 1 iff the extracted SQL ran without error. */
export function queryValidity(c: EhrSqlCase): number {
  if (c.prediction === '') return 0;
  return c.annotation.query_error === null ? 1 : 0;
}

/** Per-instance answerability flags (HELM's precision/recall stats are both `correct`). */
export function answerability(c: EhrSqlCase): { answerable: number; predicted: number; correct: number } {
  const answerable = !c.isImpossible && c.goldQuery !== '' ? 1 : 0;
  const predicted = c.prediction !== '' ? 1 : 0;
  return { answerable, predicted, correct: answerable * predicted };
}

/** The execution the corrected metric uses: the `current_time` re-run if any, else the HELM run without fallback. */
function correctedExecution(a: EhrSqlAnnotation): CorrectedExecution {
  if (a.corrected) return a.corrected;
  const goldRows = a.ground_truth_fallback ? [] : (a.ground_truth_result as CorrectedExecution['ground_truth_result']);
  return {
    predicted_result: a.predicted_result,
    query_error: a.query_error,
    ground_truth_result: goldRows,
    ground_truth_error: a.ground_truth_error,
  };
}

/**
 * Corrected execution accuracy: unanswerable → 1 iff nothing was output; answerable with a failing gold query →
 * no value (`null`); else 1 iff there is output, the extracted SQL ran and its row set equals the gold row set
 * (both empty counts). No slot-value fallback.
 */
export function correctedExecutionAccuracy(c: EhrSqlCase): number | null {
  if (answerability(c).answerable === 0) return c.prediction === '' ? 1 : 0;
  const run = correctedExecution(c.annotation);
  if (run.ground_truth_error !== null) return null;
  if (c.prediction === '' || run.query_error !== null) return 0;
  return sameKeySet(resultKeys(run.predicted_result, false), resultKeys(run.ground_truth_result, false)) ? 1 : 0;
}

const isErrorText = (e: unknown) => e === null || typeof e === 'string';

function isCorrectedExecution(value: unknown): boolean {
  if (value === undefined) return true;
  if (value === null || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return (
    isSqlRows(c.predicted_result) &&
    isSqlRows(c.ground_truth_result) &&
    isErrorText(c.query_error) &&
    isErrorText(c.ground_truth_error)
  );
}

/** Shape check of a stored annotation (it may come from an older or foreign run file). */
function isAnnotation(value: unknown): value is EhrSqlAnnotation {
  if (value === null || typeof value !== 'object') return false;
  const a = value as Record<string, unknown>;
  const fallback = a.ground_truth_fallback;
  if (typeof fallback !== 'boolean' || !Array.isArray(a.ground_truth_result)) return false;
  const goldOk = fallback || isSqlRows(a.ground_truth_result);
  return (
    goldOk &&
    isSqlRows(a.predicted_result) &&
    isErrorText(a.query_error) &&
    isErrorText(a.ground_truth_error) &&
    isCorrectedExecution(a.corrected)
  );
}

/** The case of one answered instance, or null when there is no completion or no usable annotation. */
export function ehrSqlCase(
  instance: Instance,
  completions: readonly string[],
  annotations: MetricInput['annotations'],
): EhrSqlCase | null {
  const annotation = annotations?.[EHR_SQL_ANNOTATOR];
  if (completions.length === 0 || !isAnnotation(annotation)) return null;
  const gold = instance.references.find((r) => r.tags.includes(CORRECT_TAG)) ?? instance.references[0];
  return {
    prediction: pyStrip(completions[0]),
    goldQuery: pyStrip(gold?.output.text ?? ''),
    isImpossible: instance.extra_data?.is_impossible === true,
    annotation,
  };
}

/** HELM's four string metrics of the raw completion against the gold SQL text (docs/benchmarks/ehr_sql.md). */
function stringMetrics(c: EhrSqlCase): Record<string, number> {
  return {
    exact_match: exactMatch(c.goldQuery, c.prediction),
    quasi_exact_match: quasiExactMatch(c.goldQuery, c.prediction),
    prefix_exact_match: prefixExactMatch(c.goldQuery, c.prediction),
    quasi_prefix_exact_match: quasiPrefixExactMatch(c.goldQuery, c.prediction),
  };
}

function computeEhrSql({ instance, completions, annotations }: MetricInput): MetricValues {
  const c = ehrSqlCase(instance, completions, annotations);
  if (c === null) return {};
  const flags = answerability(c);
  const corrected = correctedExecutionAccuracy(c);
  return {
    ehr_sql_execution_accuracy: helmExecutionAccuracy(c),
    ehr_sql_query_validity: queryValidity(c),
    ehr_sql_precision_answerable: flags.correct,
    ehr_sql_recall_answerable: flags.correct,
    ehr_sql_total_predicted_answerable: flags.predicted,
    ehr_sql_total_ground_truth_answerable: flags.answerable,
    ...stringMetrics(c),
    ...(corrected === null ? {} : { ehr_sql_execution_accuracy_corrected: corrected }),
    ehr_sql_correct_answerable: flags.correct,
    ehr_sql_predicted_answerable: flags.predicted,
    ehr_sql_ground_truth_answerable: flags.answerable,
  };
}

/** The `ehr_sql` metric family: HELM's metrics under HELM's names, the corrected ones, and the ratio helpers. */
export const ehrSqlFamily: MetricFamily = {
  name: 'ehr_sql',
  metrics: EHR_SQL_METRIC_DESCRIPTORS,
  compute: computeEhrSql,
};
