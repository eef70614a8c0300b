/**
 * How one MTSamples report becomes an instance (docs/benchmarks/mtsamples_replicate.md): HELM's `extract_sections` and
 * `remove_plan_section`, bugs included, and the corrected reading.
 */
import { pyStrip } from '@eval-factory/metrics';

export type SectionName = 'PLAN' | 'SUMMARY' | 'FINDINGS';

/** HELM's preference order for the reference. */
export const SECTION_ORDER: readonly SectionName[] = ['PLAN', 'SUMMARY', 'FINDINGS'];

export interface ReportSplit {
  /** The text the model sees. */
  readonly input: string;
  /** The gold treatment plan (or summary / findings). */
  readonly reference: string;
  readonly section: SectionName;
  /** The reference still appears verbatim in the input (HELM's leakage for SUMMARY/FINDINGS references). */
  readonly referenceInInput: boolean;
}

/** `none`: no usable section, the file is skipped; `error`: HELM's loop raises and logs, the file is skipped too. */
export type HelmReportResult =
  | { readonly kind: 'instance'; readonly split: ReportSplit }
  | { readonly kind: 'none' }
  | { readonly kind: 'error'; readonly message: string };

const firstLine = (text: string): string => {
  const newline = text.indexOf('\n');
  return newline < 0 ? text : text.slice(0, newline);
};

function split(input: string, reference: string, section: SectionName): ReportSplit {
  return { input, reference, section, referenceInInput: input.includes(reference) };
}

/**
 * HELM: when `text.upper()` contains `MARKER:`, the section is the text between the first and the second
 * **case-sensitive** occurrence, cut at the first newline, stripped. A marker present only in another case makes
 * `split(marker)[1]` raise IndexError, which skips the whole file.
 */
function helmSection(text: string, upper: string, marker: string): string | null {
  if (!upper.includes(marker)) return null;
  const parts = text.split(marker);
  if (parts.length < 2) throw new RangeError(`"${marker}" occurs only in another case (list index out of range)`);
  return pyStrip(firstLine(parts[1]!));
}

/**
 * One report (already read with universal newlines and stripped) the way HELM's scenario treats it: reference =
 * the first non-empty of PLAN, SUMMARY, FINDINGS; input = the text before the first `PLAN:`, or the whole text.
 * @example helmReport('Note.\nPLAN: Rest.').kind // 'instance'
 */
export function helmReport(text: string): HelmReportResult {
  const upper = text.toUpperCase();
  let sections: (string | null)[];
  try {
    sections = SECTION_ORDER.map((name) => helmSection(text, upper, `${name}:`));
  } catch (e) {
    return { kind: 'error', message: (e as Error).message };
  }
  const index = sections.findIndex((s) => s !== null && s !== '');
  if (index < 0) return { kind: 'none' };
  const input = text.includes('PLAN:') ? pyStrip(text.split('PLAN:')[0]!) : text;
  return { kind: 'instance', split: split(input, sections[index]!, SECTION_ORDER[index]!) };
}

/** ASCII-only lower-casing: keeps every index in place (Unicode lower-casing can change the length). */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/**
 * The corrected reading: for PLAN, SUMMARY, FINDINGS in that order, the first ASCII case-insensitive occurrence of
 * the marker; the first marker whose section (the rest of that line, stripped) is non-empty gives the reference,
 * and the input is the text before that occurrence. `null` when no marker has a section.
 * @example correctedReport('Note.\nPlan: Rest.')?.reference // 'Rest.'
 */
export function correctedReport(text: string): ReportSplit | null {
  const lower = asciiLower(text);
  for (const name of SECTION_ORDER) {
    const marker = `${name.toLowerCase()}:`;
    const at = lower.indexOf(marker);
    if (at < 0) continue;
    const reference = pyStrip(firstLine(text.slice(at + marker.length)));
    if (reference !== '') return split(pyStrip(text.slice(0, at)), reference, name);
  }
  return null;
}
