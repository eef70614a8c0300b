/**
 * How one procedure report becomes an instance in HELM's `MTSamplesProceduresScenario` (docs/benchmarks/mtsamples_procedures.md). The
 * sections are read as in mtsamples_replicate, but the input ends before the earliest marker present, so no
 * reference text stays in the input.
 */
import { pyStrip } from '@eval-factory/metrics';
import { SECTION_ORDER } from '../mtsamples_replicate/sections.js';
import type { HelmReportResult } from '../mtsamples_replicate/sections.js';

const firstLine = (text: string): string => {
  const newline = text.indexOf('\n');
  return newline < 0 ? text : text.slice(0, newline);
};

/**
 * One report (read with universal newlines, stripped): for each marker the upper-cased text contains, the section
 * is the text between its first and second case-sensitive occurrence, cut at the first newline, stripped (only
 * another case present → IndexError, the file is skipped); reference = first non-empty of PLAN, SUMMARY, FINDINGS;
 * input = the text cut before each case-sensitive marker present, in that order, stripped each time.
 * @example procedureReport('Op note.\nFINDINGS: Clean.').kind // 'instance'
 */
export function procedureReport(text: string): HelmReportResult {
  const upper = text.toUpperCase();
  const sections: (string | null)[] = [];
  for (const name of SECTION_ORDER) {
    const marker = `${name}:`;
    if (!upper.includes(marker)) {
      sections.push(null);
      continue;
    }
    const parts = text.split(marker);
    if (parts.length < 2)
      return { kind: 'error', message: `"${marker}" occurs only in another case (list index out of range)` };
    sections.push(pyStrip(firstLine(parts[1]!)));
  }
  const index = sections.findIndex((s) => s !== null && s !== '');
  if (index < 0) return { kind: 'none' };
  let input = text;
  for (const name of SECTION_ORDER) if (input.includes(`${name}:`)) input = pyStrip(input.split(`${name}:`)[0]!);
  const reference = sections[index]!;
  return {
    kind: 'instance',
    split: { input, reference, section: SECTION_ORDER[index]!, referenceInInput: input.includes(reference) },
  };
}

/**
 * HELM appends the file name to the raw URL without encoding it: a `#` starts the URL fragment (and a `?` the
 * query), so the download fails with 404 and HELM skips the file.
 */
export const helmCannotDownload = (name: string): boolean => name.includes('#') || name.includes('?');
