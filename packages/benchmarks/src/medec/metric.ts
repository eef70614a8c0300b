/**
 * MEDEC scoring: HELM's `MedecMetric` (docs/benchmarks/medec.md), bug included, plus the corrected sentence accuracy.
 * Sentence ids are `bigint` so a long digit run in an answer compares exactly, as Python's unbounded `int` does.
 */
import { CORRECT_TAG } from '@eval-factory/types';
import type { MetricDescriptor, MetricFamily, MetricInput, MetricValues } from '@eval-factory/types';
import { pyStrip } from '@eval-factory/metrics';
import { pyIntOrNull } from '../shared/py-int.js';

/** Error flag (1 = the note has an error) and sentence id; −1 = no id, −2 = an answer in an unreadable format. */
export interface MedecVerdict {
  readonly flag: 0 | 1;
  readonly id: bigint;
}

export const NO_ID = -1n;
export const INVALID_ID = -2n;
export const CORRECT_ANSWER = 'CORRECT';

/** Python's `\d` on `str` is any Unicode decimal digit (category Nd), not only 0–9. */
const LEADING_DIGITS = /^\p{Nd}+/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * Value of one Unicode decimal digit. Unicode guarantees Nd characters come in contiguous runs of ten, 0 to 9,
 * so the value is the distance from the start of its run, modulo 10 (one run may follow another directly).
 */
function digitValue(codePoint: number): number {
  if (codePoint >= 0x30 && codePoint <= 0x39) return codePoint - 0x30;
  let start = codePoint;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (codePoint - start) % 10;
}

/**
 * Python `int(re.match(r"^(\d+)", text).group(1))`: the leading decimal digits as an integer, or `null`.
 * @example leadingInteger('12 The patient…') // 12n
 * @example leadingInteger('\uff13 fix') // 3n (fullwidth digit, as in Python)
 */
export function leadingInteger(text: string): bigint | null {
  const digits = LEADING_DIGITS.exec(text)?.[0];
  if (digits === undefined) return null;
  let value = 0n;
  for (const char of digits) value = value * 10n + BigInt(digitValue(char.codePointAt(0)!));
  return value;
}

/** HELM's gold text: the reference with every `.` removed, then Python-stripped. */
function goldText(reference: string): string {
  return pyStrip(reference.replaceAll('.', ''));
}

/**
 * HELM's reading of the gold reference: `CORRECT` → flag 0; otherwise flag 1 and the id is Python `int()` of the
 * whole text, −1 when that fails. For an error note the text is `"<id> <corrected sentence>"`, so it always fails
 * (the bug that `medec_error_sentence_accuracy_corrected` fixes).
 * @example helmGold('5.') // { flag: 1, id: 5n }
 */
export function helmGold(reference: string): MedecVerdict {
  const g = goldText(reference);
  if (g === CORRECT_ANSWER) return { flag: 0, id: NO_ID };
  const id = pyIntOrNull(g);
  return { flag: 1, id: id === null ? NO_ID : BigInt(id) };
}

/**
 * Corrected gold: the same, except that the id is the leading integer of the gold text (−1 if none).
 * @example correctedGold('3 The patient has X.') // { flag: 1, id: 3n }
 */
export function correctedGold(reference: string): MedecVerdict {
  const g = goldText(reference);
  if (g === CORRECT_ANSWER) return { flag: 0, id: NO_ID };
  return { flag: 1, id: leadingInteger(g) ?? NO_ID };
}

/**
 * The model's answer, stripped: exactly `CORRECT` (case-sensitive, dots kept) → flag 0; a leading integer → flag 1
 * with that id; anything else (including an empty answer) → flag 1 with id −2.
 * @example readPrediction(' CORRECT \n') // { flag: 0, id: -1n }
 */
export function readPrediction(completion: string): MedecVerdict {
  const pred = pyStrip(completion);
  if (pred === CORRECT_ANSWER) return { flag: 0, id: NO_ID };
  return { flag: 1, id: leadingInteger(pred) ?? INVALID_ID };
}

/** 1 iff both flags agree. */
export function flagAccuracy(gold: MedecVerdict, pred: MedecVerdict): number {
  return gold.flag === pred.flag ? 1 : 0;
}

/** 1 iff both say "error" with the same sentence id, or both say "correct". */
export function sentenceAccuracy(gold: MedecVerdict, pred: MedecVerdict): number {
  if (gold.flag === 1 && pred.flag === 1) return gold.id === pred.id ? 1 : 0;
  return gold.flag === 0 && pred.flag === 0 ? 1 : 0;
}

export const FLAG_ACCURACY = 'medec_error_flag_accuracy';
export const SENTENCE_ACCURACY = 'medec_error_sentence_accuracy';
export const SENTENCE_ACCURACY_CORRECTED = 'medec_error_sentence_accuracy_corrected';

/**
 * The three per-instance values for one gold reference text and one raw completion.
 * @example medecScores('3 The patient has X.', '3 The patient has Y.') // flag 1, HELM sentence 0, corrected 1
 */
export function medecScores(reference: string, completion: string): Record<string, number> {
  const pred = readPrediction(completion);
  const gold = helmGold(reference);
  return {
    [FLAG_ACCURACY]: flagAccuracy(gold, pred),
    [SENTENCE_ACCURACY]: sentenceAccuracy(gold, pred),
    [SENTENCE_ACCURACY_CORRECTED]: sentenceAccuracy(correctedGold(reference), pred),
  };
}

const DESCRIPTORS: readonly MetricDescriptor[] = [
  {
    name: FLAG_ACCURACY,
    description: 'The answer says correctly whether the clinical note contains an error.',
    helm_compatible: true,
    report: true,
  },
  {
    name: SENTENCE_ACCURACY,
    description:
      'HELM: both agree the note is correct, or both find an error in the same sentence (HELM never credits an error note).',
    helm_compatible: true,
    report: true,
  },
  {
    name: SENTENCE_ACCURACY_CORRECTED,
    description:
      'Both agree the note is correct, or the answer names the sentence id of the gold error (read from the start of the reference).',
    helm_compatible: false,
    corrects: SENTENCE_ACCURACY,
    report: true,
  },
];

/**
 * No completion leaves the instance unscored (HELM raises); no correct reference gives no values (HELM logs and
 * returns nothing). Only the first completion counts.
 */
function computeMedec({ instance, completions }: MetricInput): MetricValues {
  const reference = instance.references.find((r) => r.tags.includes(CORRECT_TAG));
  if (completions.length === 0 || reference === undefined) return {};
  return medecScores(reference.output.text, completions[0]!);
}

/** `medec_error_flag_accuracy` (main), `medec_error_sentence_accuracy` and its `_corrected` twin. */
export const medecFamily: MetricFamily = { name: 'medec', metrics: DESCRIPTORS, compute: computeMedec };
