/** Medbullets (5 options) → instances, exactly as HELM's `MedBulletsScenario` builds them (docs/benchmarks/medbullets.md). */
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { readCsvRecords } from '../shared/csv-records.js';
import type { CsvRecord } from '../shared/csv-records.js';
import { resolveDataFile } from '../shared/data-files.js';
import { numberInstances, optionReferences } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { readTextPython } from '../shared/read-text.js';

/** HELM downloads from the moving `main` branch, so the file is pinned by its sha256 only. */
export const MEDBULLETS_URL =
  'https://raw.githubusercontent.com/HanjieChen/ChallengeClinicalQA/refs/heads/main/medbullets/medbullets_op5.csv';
/** From datasets/medbullets/PROVENANCE.md (file at ChallengeClinicalQA commit ef3c9da). */
export const MEDBULLETS_SHA256 = '7da4b1397418b4bd15074066ea6a377ac44a599794a959cd8ebc76937ea597e6';
export const MEDBULLETS_FILE = 'medbullets_op5.csv';

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
const OPTION_COLUMNS = ['opa', 'opb', 'opc', 'opd', 'ope'] as const;
const REQUIRED_COLUMNS = ['question', 'answer_idx', 'opa'] as const;
/** HELM's text for an option whose column is absent. */
export const NOT_APPLICABLE = 'Not applicable';

type Row = CsvRecord;

/** CSV text (newlines already Python-normalised) → one record per data row, keyed by header like `csv.DictReader`. */
export function readMedbulletsRows(text: string, file: string): Row[] {
  return readCsvRecords(text, file, REQUIRED_COLUMNS);
}

function rowInstance(row: Row): UnnumberedInstance {
  // A missing column gives HELM's placeholder; an empty cell stays "".
  const options = OPTION_COLUMNS.map((column) => row[column] ?? NOT_APPLICABLE);
  return {
    // Kept as is (HELM does not strip the question).
    input: { text: row.question },
    references: optionReferences(options, (i) => LETTERS[i] === row.answer_idx),
    split: 'test',
  };
}

/**
 * Builds instances from the CSV records; rows with an empty `question`, `answer_idx` or `opa` are skipped with a
 * log line, as HELM does. Ids `id0…` over the kept rows.
 */
export function buildMedbulletsInstances(rows: readonly Row[], log: (message: string) => void): Instance[] {
  const kept: UnnumberedInstance[] = [];
  rows.forEach((row, i) => {
    const empty = REQUIRED_COLUMNS.filter((column) => !row[column]);
    if (empty.length > 0) log(`medbullets: skipping data row ${i + 1} (empty ${empty.join(', ')})`);
    else kept.push(rowInstance(row));
  });
  return numberInstances(kept);
}

/** Resolves `medbullets_op5.csv` (data_path, cache or download pinned by sha256) and builds the instances. */
export async function loadMedbullets(ctx: LoadContext): Promise<LoadedData> {
  const file = await resolveDataFile({
    benchmark: 'medbullets',
    fileName: MEDBULLETS_FILE,
    url: MEDBULLETS_URL,
    sha256: MEDBULLETS_SHA256,
    ctx,
  });
  const rows = readMedbulletsRows(await readTextPython(file.path), file.path);
  return {
    instances: buildMedbulletsInstances(rows, (message) => ctx.log(message)),
    data: { source: MEDBULLETS_URL, revision: null, files: [file], num_rows: rows.length },
  };
}
