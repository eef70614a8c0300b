/**
 * Metric names a custom definition may use, which task kinds accept them, their defaults, and the metric families
 * they become. ROUGE is `@eval-factory/metrics`' `rougeFamily`.
 */
import { exactMatchFamily, rougeFamily } from '@eval-factory/metrics';
import type { MetricFamily } from '@eval-factory/types';
import { customError } from './errors.js';
import { juryScoreFamily } from './jury-score.js';
import type { CustomSpec, TaskKind } from './spec.js';
import { labelAccuracyFamily, numericMatchFamily, regexMatchFamily } from './task-metrics.js';

export const EXACT_MATCH_NAMES = [
  'exact_match',
  'quasi_exact_match',
  'prefix_exact_match',
  'quasi_prefix_exact_match',
] as const;
export const ROUGE_NAMES = ['rouge_1', 'rouge_2', 'rouge_l'] as const;

/** The annotation key of the jury's replies (JurySpec.annotator). */
export const JURY_ANNOTATOR = 'jury';

const EXACT: readonly string[] = EXACT_MATCH_NAMES;
const ROUGE: readonly string[] = ROUGE_NAMES;

/** Metrics each task kind accepts, its own metric first. */
export const METRICS_BY_KIND: Readonly<Record<TaskKind, readonly string[]>> = {
  multiple_choice: EXACT,
  short_answer: [...EXACT, ...ROUGE],
  numeric: ['numeric_match', ...EXACT],
  label: ['label_accuracy', ...EXACT],
  regex: ['regex_match', ...EXACT],
  free_text: ['jury_score', ...ROUGE, ...EXACT],
  medhelm: ['exact_match', 'jury_score', ...ROUGE],
};

/** The metrics used when a native definition lists none. */
export const DEFAULT_METRICS: Readonly<Record<Exclude<TaskKind, 'medhelm'>, readonly string[]>> = {
  multiple_choice: ['exact_match'],
  short_answer: ['quasi_exact_match', 'exact_match'],
  numeric: ['numeric_match'],
  label: ['label_accuracy'],
  regex: ['regex_match'],
  free_text: ['jury_score'],
};

/** Keeps the metrics of `family` whose name (without an `@k` suffix) is in `names`. */
function only(family: MetricFamily, names: ReadonlySet<string>): MetricFamily {
  const keep = (name: string) => names.has(name.replace(/@\d+$/, ''));
  return {
    name: family.name,
    metrics: family.metrics.filter((m) => keep(m.name)),
    compute: (input) => Object.fromEntries(Object.entries(family.compute(input)).filter(([name]) => keep(name))),
  };
}

/**
 * The metric families of a definition, checked: every name fits the task kind and is implemented, references
 * exist where a metric needs them, and the main metric is one of the reported metrics.
 */
export function buildMetricFamilies(spec: CustomSpec): MetricFamily[] {
  const names = new Set(spec.metrics);
  for (const name of names) {
    if (!METRICS_BY_KIND[spec.task.kind].includes(name)) {
      const kind = spec.task.kind === 'medhelm' ? 'a MedHELM configurable benchmark' : `task kind ${spec.task.kind}`;
      throw customError(
        'EF_CUSTOM_METRIC',
        spec.file,
        `metrics: ${name} is not available for ${kind} (available: ${METRICS_BY_KIND[spec.task.kind].join(', ')})`,
      );
    }
  }
  const families: MetricFamily[] = [];
  const exact = EXACT.filter((n) => names.has(n));
  // MedHELM's `exact_match` is HELM's get_exact_match_metric_specs(): the whole family.
  if (exact.length > 0)
    families.push(spec.format === 'medhelm' ? exactMatchFamily : only(exactMatchFamily, new Set(exact)));
  const rouge = ROUGE.filter((n) => names.has(n));
  if (rouge.length > 0) families.push(only(rougeFamily, new Set(rouge)));
  const task = spec.task;
  if (names.has('numeric_match') && task.kind === 'numeric')
    families.push(numericMatchFamily(task.tolerance, task.relativeTolerance));
  if (names.has('label_accuracy') && task.kind === 'label')
    families.push(labelAccuracyFamily(task.labels, task.caseSensitive));
  if (names.has('regex_match') && task.kind === 'regex')
    families.push(regexMatchFamily(task.pattern, task.flags, task.group));
  if (names.has('jury_score')) {
    if (!spec.rubric)
      throw customError(
        'EF_CUSTOM_METRIC',
        spec.file,
        'jury_score needs a rubric (task.rubric with a template and criteria)',
      );
    families.push(juryScoreFamily(JURY_ANNOTATOR, spec.rubric));
  }
  const needsReference = [...names].some((n) => EXACT.includes(n) || ROUGE.includes(n));
  if (needsReference && task.kind === 'free_text' && task.referenceColumn === null) {
    throw customError(
      'EF_CUSTOM_METRIC',
      spec.file,
      `metrics: ${[...names].filter((n) => n !== 'jury_score').join(', ')} compare with a reference answer, but task.reference_column is not set`,
    );
  }
  const reported = families
    .flatMap((f) => f.metrics)
    .filter((m) => m.report)
    .map((m) => m.name);
  if (!reported.includes(spec.mainMetric)) {
    throw customError(
      'EF_CUSTOM_METRIC',
      spec.file,
      `main_metric ${spec.mainMetric} is not one of the reported metrics (${reported.join(', ')})`,
    );
  }
  return families;
}
