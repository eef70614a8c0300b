/** The metric descriptors of the `ehr_sql` family (docs/benchmarks/ehr_sql.md), main metric first. */
import type { MetricDescriptor } from '@eval-factory/types';

const helm = (name: string, description: string): MetricDescriptor => ({
  name,
  description,
  helm_compatible: true,
  report: true,
});
/** Per-instance 0/1 values summed by the ratio metrics; kept out of results.yml. */
const helper = (name: string, description: string): MetricDescriptor => ({
  name,
  description,
  helm_compatible: false,
  report: false,
});

export const EHR_SQL_METRIC_DESCRIPTORS: readonly MetricDescriptor[] = [
  helm(
    'ehr_sql_execution_accuracy',
    "HELM execution accuracy: the predicted SQL returns the same set of rows as the gold SQL (with HELM's slot-value fallback), or both are empty and nothing was output.",
  ),
  helm(
    'ehr_sql_query_validity',
    'Share of instances with output whose extracted SQL ran without error (0 without output).',
  ),
  helm(
    'ehr_sql_precision_answerable',
    'HELM "precision": per instance 1 if the question is answerable and the model gave output (share of all instances, not a precision).',
  ),
  helm(
    'ehr_sql_recall_answerable',
    'HELM "recall": per instance 1 if the question is answerable and the model gave output (same value as HELM precision).',
  ),
  helm('ehr_sql_total_predicted_answerable', 'Share of instances where the model gave output.'),
  helm('ehr_sql_total_ground_truth_answerable', 'Share of instances whose question is answerable.'),
  helm('exact_match', 'The completion equals the gold SQL text after stripping whitespace.'),
  helm(
    'quasi_exact_match',
    'The completion equals the gold SQL text after normalization (case, punctuation, articles, spaces).',
  ),
  helm('prefix_exact_match', 'The stripped completion starts with the stripped gold SQL text.'),
  helm('quasi_prefix_exact_match', 'The normalized completion starts with the normalized gold SQL text.'),
  {
    name: 'ehr_sql_execution_accuracy_corrected',
    description:
      'Execution accuracy without the slot-value fallback: answerable → output whose SQL runs and returns the gold row set (both empty counts); unanswerable → no output. Instances whose gold SQL fails are unscored.',
    helm_compatible: false,
    corrects: 'ehr_sql_execution_accuracy',
    report: true,
  },
  {
    name: 'ehr_sql_precision_answerable_corrected',
    description:
      'Precision of answering: among instances with output, the share whose question is answerable (Σ correct / Σ predicted).',
    helm_compatible: false,
    corrects: 'ehr_sql_precision_answerable',
    report: true,
    aggregation: {
      kind: 'ratio',
      numerator: 'ehr_sql_correct_answerable',
      denominator: 'ehr_sql_predicted_answerable',
    },
  },
  {
    name: 'ehr_sql_recall_answerable_corrected',
    description:
      'Recall of answering: among answerable questions, the share that got output (Σ correct / Σ answerable).',
    helm_compatible: false,
    corrects: 'ehr_sql_recall_answerable',
    report: true,
    aggregation: {
      kind: 'ratio',
      numerator: 'ehr_sql_correct_answerable',
      denominator: 'ehr_sql_ground_truth_answerable',
    },
  },
  helper('ehr_sql_correct_answerable', 'Ratio helper: 1 if the question is answerable and the model gave output.'),
  helper('ehr_sql_predicted_answerable', 'Ratio helper: 1 if the model gave output.'),
  helper('ehr_sql_ground_truth_answerable', 'Ratio helper: 1 if the question is answerable.'),
];
