/** MedCalc-Bench v1.0 test CSV → instances, exactly as HELM's `MedCalcBenchScenario` builds them (docs/benchmarks/medcalc_bench.md). */
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { readCsvRecords } from '../shared/csv-records.js';
import { dataFormatError, describeValue } from '../shared/data-errors.js';
import { resolveDataFile } from '../shared/data-files.js';
import { pyIntOrNull } from '../shared/py-int.js';
import { readTextPython } from '../shared/read-text.js';

/**
 * The v1.0 test file (= Hugging Face `ncbi/MedCalc-Bench-v1.0`, split `test`) as committed in the upstream GitHub
 * repository; the same blob is there from 5523b77 to this commit (datasets/medcalc_bench/PROVENANCE.md).
 */
export const MEDCALC_COMMIT = 'fdb7eb8112bc76d1c7a120b0b8b62ed547cb4458';
export const MEDCALC_URL = `https://raw.githubusercontent.com/ncbi-nlp/MedCalc-Bench/${MEDCALC_COMMIT}/dataset/test_data.csv`;
export const MEDCALC_SHA256 = 'c2d23097f8bdb7ae4a77dbf4a5a767335df7303998d7c7664a73a29fd8e2b31a';
/** Cache name; says "v1.0" because the upstream name `test_data.csv` also holds v1.2 at the repository head. */
export const MEDCALC_FILE = 'test_data_v1.0.csv';
const UPSTREAM_FILE = 'test_data.csv';

const COLUMNS = [
  'Row Number',
  'Patient Note',
  'Question',
  'Ground Truth Answer',
  'Category',
  'Lower Limit',
  'Upper Limit',
] as const;
type Column = (typeof COLUMNS)[number];
export type MedcalcRow = Readonly<Record<Column, string>>;

/** CSV text (newlines already Python-normalised) → one record per data row with the used columns. */
export function readMedcalcCsv(text: string, file: string): MedcalcRow[] {
  return readCsvRecords(text, file, COLUMNS).map(
    (record) => Object.fromEntries(COLUMNS.map((column) => [column, record[column]])) as MedcalcRow,
  );
}

/**
 * HELM's `PassageQuestionInput(passage=note + "\n", question=question + "\n", passage_prefix="Patient note: ")`.
 * @example medcalcInputText('Note.', 'What?') // 'Patient note: Note.\n\nQuestion: What?\n'
 */
export function medcalcInputText(note: string, question: string): string {
  return `Patient note: ${note}\n\nQuestion: ${question}\n`;
}

/** `Row Number` (an int64 on the hub) as the instance id; it must be an integer and unique. */
function rowId(row: MedcalcRow, index: number, seen: Set<string>, file: string): string {
  const value = pyIntOrNull(row['Row Number']);
  if (value === null)
    throw dataFormatError(
      file,
      `data row ${index + 1}: Row Number is ${describeValue(row['Row Number'])}, not an integer`,
    );
  const id = String(value);
  if (seen.has(id)) throw dataFormatError(file, `data row ${index + 1}: Row Number ${id} appears twice`);
  seen.add(id);
  return id;
}

/**
 * One `test` instance per row in file order: id and `source_id` = Row Number, one correct reference (the ground
 * truth), `extra_data` {category, upper_limit, lower_limit} as strings.
 */
export function buildMedcalcInstances(rows: readonly MedcalcRow[], file: string): Instance[] {
  const seen = new Set<string>();
  return rows.map((row, i) => {
    const id = rowId(row, i, seen, file);
    return {
      id,
      input: { text: medcalcInputText(row['Patient Note'], row.Question) },
      references: [{ output: { text: row['Ground Truth Answer'] }, tags: [CORRECT_TAG] }],
      split: 'test' as const,
      extra_data: { category: row.Category, upper_limit: row['Upper Limit'], lower_limit: row['Lower Limit'] },
      source_id: id,
    };
  });
}

/** Resolves the v1.0 test CSV (data_path, cache or pinned download) and builds the 1,047 instances. */
export async function loadMedcalcBench(ctx: LoadContext): Promise<LoadedData> {
  const file = await resolveDataFile({
    benchmark: 'medcalc_bench',
    fileName: MEDCALC_FILE,
    alternativeFileNames: [UPSTREAM_FILE],
    url: MEDCALC_URL,
    sha256: MEDCALC_SHA256,
    ctx,
  });
  const rows = readMedcalcCsv(await readTextPython(file.path), file.path);
  return {
    instances: buildMedcalcInstances(rows, file.path),
    data: { source: MEDCALC_URL, revision: MEDCALC_COMMIT, files: [file], num_rows: rows.length },
  };
}
