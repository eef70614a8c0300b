/**
 * ICD-10 code extraction (docs/benchmarks/mimiciv_billing_code.md): HELM's regex, bugs included, and the corrected one. Python's `\b`
 * and `\d` are Unicode-aware on str patterns, so both are spelled out with Unicode classes here.
 */

/** Python's `\w` for str patterns: letters, numbers and `_`. */
const WORD = '[\\p{L}\\p{N}_]';
/** Python's `\b`: a word character on exactly one side. */
const B = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;

const HELM_CODE = new RegExp(`${B}[A-Z]\\p{Nd}{1,3}(?:\\.\\p{Nd}{1,4})?\\.?${B}`, 'gu');
const CORRECTED_DIAGNOSIS = new RegExp(`${B}[A-TV-Z][0-9][0-9A-Z](?:\\.?[0-9A-Z]{1,4})?${B}`, 'gu');
const CORRECTED_PROCEDURE = new RegExp(`${B}[0-9A-HJ-NP-Z]{7}${B}`, 'gu');

/**
 * HELM's `extract`: delete every `**`, take all matches of `\b[A-Z]\d{1,3}(?:\.\d{1,4})?\.?\b`, strip trailing
 * dots, as a set.
 * @example helmCodes('E11.9, S72.001A and I10.') // Set {'E11.9', 'S72', 'I10'}
 */
export function helmCodes(text: string): Set<string> {
  const cleaned = text.replaceAll('**', '');
  return new Set([...cleaned.matchAll(HELM_CODE)].map((m) => m[0].replace(/\.+$/, '')));
}

/**
 * The corrected extraction: upper-case, delete `**`, take ICD-10-CM codes (letter other than U, digit, letter or
 * digit, optional dot and up to four more) and 7-character ICD-10-PCS codes, remove dots so `E119` = `E11.9`.
 * @example correctedCodes('s72.001a; 0DTJ4ZZ') // Set {'S72001A', '0DTJ4ZZ'}
 */
export function correctedCodes(text: string): Set<string> {
  const cleaned = text.toUpperCase().replaceAll('**', '');
  const matches = [...cleaned.matchAll(CORRECTED_DIAGNOSIS), ...cleaned.matchAll(CORRECTED_PROCEDURE)];
  return new Set(matches.map((m) => m[0].replaceAll('.', '')));
}

export interface SetScores {
  readonly truePositives: number;
  readonly predicted: number;
  readonly gold: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

/** sklearn's micro precision/recall/F1 over one sample with `zero_division=0`. */
export function setScores(predicted: ReadonlySet<string>, gold: ReadonlySet<string>): SetScores {
  const truePositives = [...predicted].filter((c) => gold.has(c)).length;
  const precision = predicted.size === 0 ? 0 : truePositives / predicted.size;
  const recall = gold.size === 0 ? 0 : truePositives / gold.size;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { truePositives, predicted: predicted.size, gold: gold.size, precision, recall, f1 };
}
