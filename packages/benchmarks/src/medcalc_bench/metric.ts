/**
 * MedCalc-Bench accuracy (docs/benchmarks/medcalc_bench.md): HELM's `MedCalcBenchMetric`, bugs included, and the corrected twin.
 * Pure functions of (prediction, reference, category, limits).
 */
import { pyStrip } from '@eval-factory/metrics';
import type { MetricDescriptor, MetricFamily, MetricInput, MetricValues } from '@eval-factory/types';
import { dateOrdinal, pyDigitsToBigInt, pyFloat, pyStrptimeMDY } from './py-parse.js';

/** What the metric reads from an instance: the reference text and `extra_data` {category, lower_limit, upper_limit}. */
export interface MedcalcCase {
  readonly reference: string;
  readonly category: string;
  readonly lower: string;
  readonly upper: string;
}

/** Scored by exact string equality in HELM. */
const EXACT_CATEGORIES: ReadonlySet<string> = new Set(['risk', 'severity', 'diagnosis']);
/** HELM's float range check was written for these names only; v1.0 calls them `lab` and `dosage`. */
const HELM_RANGE_CATEGORIES: ReadonlySet<string> = new Set(['dosage conversion', 'physical']);
/** The correction: every numeric category of either dataset version uses the range check. */
const CORRECTED_RANGE_CATEGORIES: ReadonlySet<string> = new Set([
  'lab',
  'lab test',
  'dosage',
  'dosage conversion',
  'physical',
]);

/** HELM's `re.match` pattern for a gestational age: anchored at the start only, `\d` is Unicode in Python. */
const DURATION = /^\('(\p{Nd}+) weeks', '(\p{Nd}+) days'\)/u;

/** `('X weeks', 'Y days')` → total days (7X + Y), or `null` where HELM's `parse_duration` raises. */
export function parseDurationDays(text: string): bigint | null {
  const match = DURATION.exec(text);
  return match ? pyDigitsToBigInt(match[1]!) * 7n + pyDigitsToBigInt(match[2]!) : null;
}

function inRange<T extends number | bigint>(lower: T | null, upper: T | null, value: T | null): number {
  if (lower === null || upper === null || value === null) return 0;
  return lower <= value && value <= upper ? 1 : 0;
}

/** HELM `check_date`: a gestational-age reference compares durations, any other a `%m/%d/%Y` date. */
function dateScore(pred: string, c: MedcalcCase): number {
  if (DURATION.test(c.reference))
    return inRange(parseDurationDays(c.lower), parseDurationDays(c.upper), parseDurationDays(pred));
  const ordinal = (text: string): number | null => {
    const date = pyStrptimeMDY(text);
    return date === null ? null : dateOrdinal(date);
  };
  return inRange(ordinal(c.lower), ordinal(c.upper), ordinal(pred));
}

/** `float(lo) <= float(pred) <= float(hi)`; a parse failure scores 0 and NaN never falls in range. */
function floatRangeScore(pred: string, c: MedcalcCase): number {
  return inRange(pyFloat(c.lower), pyFloat(c.upper), pyFloat(pred));
}

function score(pred: string, c: MedcalcCase, rangeCategories: ReadonlySet<string>): number {
  if (EXACT_CATEGORIES.has(c.category)) return pred === c.reference ? 1 : 0;
  if (c.category === 'date') return dateScore(pred, c);
  if (rangeCategories.has(c.category)) return floatRangeScore(pred, c);
  // HELM raises "Category … not supported" and catches it as a 0.
  return 0;
}

/**
 * HELM's `medcalc_bench_accuracy` for one stripped prediction: `lab` and `dosage` always score 0 (the v1.0 names
 * fall through to HELM's "not supported" branch).
 * @example helmMedcalcScore('100', { reference: '100', category: 'physical', lower: '95', upper: '105' }) // 1
 */
export function helmMedcalcScore(pred: string, c: MedcalcCase): number {
  return score(pred, c, HELM_RANGE_CATEGORIES);
}

/**
 * `medcalc_bench_accuracy_corrected`: as HELM, but `lab`, `lab test`, `dosage`, `dosage conversion` and `physical`
 * all use the float range check, as MedCalc-Bench's own evaluator does.
 * @example correctedMedcalcScore('25.238', { reference: '25.238', category: 'lab', lower: '23.9', upper: '26.5' }) // 1
 */
export function correctedMedcalcScore(pred: string, c: MedcalcCase): number {
  return score(pred, c, CORRECTED_RANGE_CATEGORIES);
}

export const MEDCALC_ACCURACY = 'medcalc_bench_accuracy';
export const MEDCALC_ACCURACY_CORRECTED = 'medcalc_bench_accuracy_corrected';

const DESCRIPTORS: readonly MetricDescriptor[] = [
  {
    name: MEDCALC_ACCURACY,
    description:
      'HELM MedCalc-Bench accuracy: exact match for scores, range check for physical values and dates (lab and dosage rows always 0).',
    helm_compatible: true,
    report: true,
  },
  {
    name: MEDCALC_ACCURACY_CORRECTED,
    description: 'MedCalc-Bench accuracy with the range check applied to lab and dosage rows too.',
    helm_compatible: false,
    corrects: MEDCALC_ACCURACY,
    report: true,
  },
];

function stringField(data: Readonly<Record<string, unknown>> | undefined, key: string): string {
  const value = data?.[key];
  return typeof value === 'string' ? value : '';
}

/** No completion or no reference → no value (HELM returns no stat); HELM reads `references[0]`, not the tag. */
function computeMedcalc({ instance, completions }: MetricInput): MetricValues {
  const first = instance.references[0];
  if (completions.length === 0 || first === undefined) return {};
  const pred = pyStrip(completions[0]!);
  const c: MedcalcCase = {
    reference: first.output.text,
    category: stringField(instance.extra_data, 'category'),
    lower: stringField(instance.extra_data, 'lower_limit'),
    upper: stringField(instance.extra_data, 'upper_limit'),
  };
  return {
    [MEDCALC_ACCURACY]: helmMedcalcScore(pred, c),
    [MEDCALC_ACCURACY_CORRECTED]: correctedMedcalcScore(pred, c),
  };
}

/** `medcalc_bench_accuracy` (main) and `medcalc_bench_accuracy_corrected`. */
export const medcalcBenchFamily: MetricFamily = {
  name: 'medcalc_bench',
  metrics: DESCRIPTORS,
  compute: computeMedcalc,
};
