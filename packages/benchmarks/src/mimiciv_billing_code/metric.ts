/**
 * The `mimiciv_billing_code` metrics (docs/benchmarks/mimiciv_billing_code.md): HELM's per-instance precision/recall/F1 of the extracted
 * code sets under HELM's names, the same with the corrected extraction, and corpus-level micro P/R/F1 (ratios).
 */
import { pyStrip } from '@eval-factory/metrics';
import type { MetricDescriptor, MetricFamily, MetricInput, MetricValues } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { correctedCodes, helmCodes, setScores } from './codes.js';

const M = 'mimiciv_billing_code';
const helm = (name: string, description: string): MetricDescriptor => ({
  name: `${M}_${name}`,
  description,
  helm_compatible: true,
  report: true,
});
const corrected = (name: string, description: string): MetricDescriptor => ({
  name: `${M}_${name}_corrected`,
  description,
  helm_compatible: false,
  corrects: `${M}_${name}`,
  report: true,
});
/** Helpers of the corrected micro ratios; `corrects` so that `report_corrected: false` drops them with the rest. */
const helper = (name: string, description: string): MetricDescriptor => ({
  name: `${M}_${name}`,
  description,
  helm_compatible: false,
  corrects: `${M}_f1`,
  report: false,
});
const micro = (name: string, description: string, numerator: string, denominator: string): MetricDescriptor => ({
  name: `${M}_micro_${name}_corrected`,
  description,
  helm_compatible: false,
  corrects: `${M}_${name}`,
  report: true,
  aggregation: { kind: 'ratio', numerator: `${M}_${numerator}`, denominator: `${M}_${denominator}` },
});

export const BILLING_CODE_DESCRIPTORS: readonly MetricDescriptor[] = [
  helm(
    'f1',
    "Per-instance F1 of the predicted and gold ICD-10 code sets (HELM's extraction regex), averaged over instances.",
  ),
  helm(
    'precision',
    "Per-instance share of predicted codes that are gold codes (HELM's extraction; 0 when nothing is predicted), averaged.",
  ),
  helm(
    'recall',
    "Per-instance share of gold codes that were predicted (HELM's extraction; 0 when no gold code is extracted), averaged.",
  ),
  corrected(
    'f1',
    'Per-instance F1 with the corrected extraction: ICD-10-PCS codes, codes with letters after the first character and 7th-character extensions count; dots and case ignored.',
  ),
  corrected('precision', 'Per-instance precision with the corrected extraction, averaged.'),
  corrected('recall', 'Per-instance recall with the corrected extraction, averaged.'),
  micro(
    'precision',
    'Corpus-level precision with the corrected extraction: Σ correct codes / Σ predicted codes.',
    'tp_corrected',
    'predicted_corrected',
  ),
  micro(
    'recall',
    'Corpus-level recall with the corrected extraction: Σ correct codes / Σ gold codes.',
    'tp_corrected',
    'gold_corrected',
  ),
  micro(
    'f1',
    'Corpus-level F1 with the corrected extraction: 2·Σ correct / (Σ predicted + Σ gold).',
    'tp2_corrected',
    'predicted_plus_gold_corrected',
  ),
  helper('tp_corrected', 'Ratio helper: correct codes (corrected extraction).'),
  helper('predicted_corrected', 'Ratio helper: predicted codes (corrected extraction).'),
  helper('gold_corrected', 'Ratio helper: gold codes (corrected extraction).'),
  helper('tp2_corrected', 'Ratio helper: twice the correct codes.'),
  helper('predicted_plus_gold_corrected', 'Ratio helper: predicted plus gold codes.'),
];

/** Per instance: no completion → no values; otherwise HELM's and the corrected scores of the first completion. */
export function computeBillingCodes(input: MetricInput): MetricValues {
  if (input.completions.length === 0) return {};
  const pred = pyStrip(input.completions[0]!);
  const gold = input.instance.references.find((r) => r.tags.includes(CORRECT_TAG))?.output.text ?? '';
  const h = setScores(helmCodes(pred), helmCodes(gold));
  const c = setScores(correctedCodes(pred), correctedCodes(gold));
  return {
    [`${M}_f1`]: h.f1,
    [`${M}_precision`]: h.precision,
    [`${M}_recall`]: h.recall,
    [`${M}_f1_corrected`]: c.f1,
    [`${M}_precision_corrected`]: c.precision,
    [`${M}_recall_corrected`]: c.recall,
    [`${M}_tp_corrected`]: c.truePositives,
    [`${M}_predicted_corrected`]: c.predicted,
    [`${M}_gold_corrected`]: c.gold,
    [`${M}_tp2_corrected`]: 2 * c.truePositives,
    [`${M}_predicted_plus_gold_corrected`]: c.predicted + c.gold,
  };
}

export const billingCodeFamily: MetricFamily = {
  name: M,
  metrics: BILLING_CODE_DESCRIPTORS,
  compute: computeBillingCodes,
};
