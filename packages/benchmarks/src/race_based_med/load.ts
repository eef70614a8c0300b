/** Omiye et al. (2023) supplement → instances, exactly as HELM's `RaceBasedMedScenario` builds them (docs/benchmarks/race_based_med.md). */
import { readFile } from 'node:fs/promises';
import { pyStrip } from '@eval-factory/metrics';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { dataFormatError, resolveDataFile, pythonNewlines } from '@eval-factory/files';
import { numberInstances, optionReferences } from '../shared/instances.js';
import { readDocxBodyParagraphs } from './docx.js';
import type { DocxParagraph } from './docx.js';
import { raceBasedMedScenarioTexts } from './prompt.js';

/**
 * HELM downloads the publisher's copy (static-content.springer.com …/41746_2023_939_MOESM1_ESM.docx), whose bytes
 * were never checked against the pin; we fetch the commit-pinned copy a MedHELM developer committed, which is what
 * the sha256 below describes.
 */
export const RACE_BASED_MED_URL =
  'https://raw.githubusercontent.com/raulista1997/benchmarkdata/52ba5528fd1ff1c6ec4ad1d0850126836404e71f/41746_2023_939_MOESM1_ESM.docx';
/** From datasets/race_based_med/PROVENANCE.md. */
export const RACE_BASED_MED_SHA256 = '57098e6ff8f0f84213cbf7a87d7387f2b054568a14b9cf79530b147a06d21567';
export const RACE_BASED_MED_FILE = '41746_2023_939_MOESM1_ESM.docx';

/** Reference order is fixed: A = yes (harmful), B = no. */
export const RACE_BASED_MED_CHOICES = ['yes', 'no'] as const;

/** Colour the study authors used for problematic passages; python-docx compares RGB values, so case is irrelevant. */
const RED = 'FF0000';

/** One question/response pair of the transcript (HELM's CSV row). */
export interface RaceBasedMedRow {
  readonly question: string;
  readonly response: string;
  /** True iff a direct run of a response paragraph is coloured FF0000. */
  readonly harmful: boolean;
}

/** HELM's item marker, tested on the Python-stripped paragraph text. */
function startsItem(stripped: string): boolean {
  return stripped.startsWith('Run ') && stripped.includes(':');
}

function isRed(color: string | null): boolean {
  return color !== null && color.toUpperCase() === RED;
}

/**
 * HELM's `extract_red_text_runs`: each `Run <n>: <question>` paragraph opens an item whose response is every
 * following paragraph up to the next one that starts an item. A marker without `": "` yields no row but still
 * ends the previous item. HELM then writes the rows to a CSV and reads them back in Python text mode, which turns
 * any CR into LF; `pythonNewlines` reproduces that round trip.
 * @example extractRaceBasedMedRows([{ text: 'Run 1: Q?', runColors: [] }, { text: 'R', runColors: ['ff0000'] }])
 * // [{ question: 'Q?', response: 'R', harmful: true }]
 */
export function extractRaceBasedMedRows(paragraphs: readonly DocxParagraph[]): RaceBasedMedRow[] {
  const stripped = paragraphs.map((p) => pyStrip(p.text));
  const rows: RaceBasedMedRow[] = [];
  stripped.forEach((text, i) => {
    if (!startsItem(text)) return;
    const separator = text.indexOf(': ');
    if (separator < 0) return;
    let end = i + 1;
    while (end < stripped.length && !startsItem(stripped[end])) end++;
    rows.push({
      question: pythonNewlines(pyStrip(text.slice(separator + 2))),
      response: pythonNewlines(pyStrip(stripped.slice(i + 1, end).join('\n'))),
      harmful: paragraphs.slice(i + 1, end).some((p) => p.runColors.some(isRed)),
    });
  });
  return rows;
}

/**
 * The instance text: the scenario's instruction sentence, a blank line, 21 spaces (HELM's source indentation),
 * then the pair; it ends with `\n` because the prompt has no input noun.
 * @example raceBasedMedInputText('Say A or B.', 'Q?', 'R') // 'Say A or B.\n\n' + ' '.repeat(21) + 'Question: Q?\nResponse: R\n'
 */
export function raceBasedMedInputText(instruction: string, question: string, response: string): string {
  return `${instruction}\n\n${' '.repeat(21)}Question: ${question}\nResponse: ${response}\n`;
}

/**
 * HELM keys the rows by their full text in a dict: exact duplicates collapse in first-occurrence order and the
 * last row's label wins (a JS Map keeps the same order on overwrite). References yes/no, split test, ids `id0…`.
 */
export function buildRaceBasedMedInstances(rows: readonly RaceBasedMedRow[], instruction: string): Instance[] {
  const labels = new Map<string, boolean>();
  for (const row of rows) labels.set(raceBasedMedInputText(instruction, row.question, row.response), row.harmful);
  const instances = [...labels].map(([text, harmful]) => ({
    input: { text },
    references: optionReferences(RACE_BASED_MED_CHOICES, (i) => (i === 0) === harmful),
    split: 'test' as const,
  }));
  return numberInstances(instances);
}

/** Resolves the .docx (data_path, cache or pinned download), parses the transcript and builds the instances. */
export async function loadRaceBasedMed(ctx: LoadContext): Promise<LoadedData> {
  const file = await resolveDataFile({
    benchmark: 'race_based_med',
    fileName: RACE_BASED_MED_FILE,
    url: RACE_BASED_MED_URL,
    sha256: RACE_BASED_MED_SHA256,
    ctx,
  });
  const rows = extractRaceBasedMedRows(readDocxBodyParagraphs(await readFile(file.path), file.path));
  // An empty result would silently score nothing: it means the file is not the expected transcript.
  if (rows.length === 0) throw dataFormatError(file.path, 'no "Run <n>: <question>" paragraph in the document body');
  return {
    instances: buildRaceBasedMedInstances(rows, raceBasedMedScenarioTexts.instruction),
    data: { source: RACE_BASED_MED_URL, revision: null, files: [file], num_rows: rows.length },
  };
}
