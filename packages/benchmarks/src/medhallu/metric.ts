/**
 * MedHallu scoring (docs/benchmarks/medhallu.md): HELM's four `exact_match` metrics on the raw completion for the HELM
 * instances, and only `exact_match_corrected` for the corrected instance set (the other three are not repeated).
 */
import { exactMatchFamily } from '@eval-factory/metrics';
import type { MetricDescriptor, MetricFamily, MetricInput, MetricValues } from '@eval-factory/types';

const HELM_METRICS = ['exact_match', 'quasi_exact_match', 'prefix_exact_match', 'quasi_prefix_exact_match'] as const;

export const EXACT_MATCH_CORRECTED: MetricDescriptor = {
  name: 'exact_match_corrected',
  description:
    'exact_match on the corrected prompts, whose world knowledge is plain text lines instead of a Python list literal with escapes.',
  helm_compatible: false,
  corrects: 'exact_match',
  report: true,
};

/** The generation builder asks for one completion, so the `@5` twins of the shared family never get a value. */
const DESCRIPTORS: readonly MetricDescriptor[] = [
  ...HELM_METRICS.map((name) => exactMatchFamily.metrics.find((m) => m.name === name)!),
  EXACT_MATCH_CORRECTED,
];

/**
 * Per-instance values: the four HELM metrics for a HELM instance, `exact_match_corrected` alone for a corrected
 * one; nothing when there is no completion.
 * @example medhalluScores(input) // { exact_match: 1, quasi_exact_match: 1, prefix_exact_match: 1, quasi_prefix_exact_match: 1 }
 */
export function medhalluScores(input: MetricInput): MetricValues {
  const values = exactMatchFamily.compute(input);
  if (input.instance.variant === 'corrected') {
    const value = values.exact_match;
    return value === undefined ? {} : { exact_match_corrected: value };
  }
  const kept: Record<string, number> = {};
  for (const name of HELM_METRICS) if (values[name] !== undefined) kept[name] = values[name];
  return kept;
}

export const medhalluMetricFamily: MetricFamily = {
  name: 'medhallu_exact_match',
  metrics: DESCRIPTORS,
  compute: medhalluScores,
};
