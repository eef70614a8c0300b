/**
 * MedicationQA → instances, as HELM's `MedicationQAScenario` builds them (docs/benchmarks/medication_qa.md): `pandas.read_excel`
 * of the first sheet, then rows whose `Answer` pandas reads as NA dropped (one answer is the text `n/a`).
 */
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { dataFormatError } from '../shared/data-errors.js';
import { resolveDataFile } from '../shared/data-files.js';
import { numberInstances } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { PANDAS_NA_STRINGS } from '../shared/pandas.js';
import { readFirstSheet } from '../shared/xlsx-sheet.js';
import type { SheetCell } from '../shared/xlsx-sheet.js';

/** HELM reads the unpinned `master` branch; the file has not changed since 2019, so we pin the head commit. */
export const MEDICATION_QA_COMMIT = '8756adc5f4bb99f6bcff690a13921337d9f9bb7e';
export const MEDICATION_QA_FILE = 'MedInfo2019-QA-Medications.xlsx';
export const MEDICATION_QA_URL = `https://raw.githubusercontent.com/abachaa/Medication_QA_MedInfo2019/${MEDICATION_QA_COMMIT}/${MEDICATION_QA_FILE}`;
/** From datasets/medication_qa/PROVENANCE.md. */
export const MEDICATION_QA_SHA256 = '4f13d0e3b195bd6a5d72a1872f9118cb5f69fd02c370001695330cfc9e3b5832';

/** pandas' NA: an empty cell or one of its default NA strings (exact cell text). */
export const isPandasNa = (cell: SheetCell): boolean =>
  cell === null || (typeof cell === 'string' && PANDAS_NA_STRINGS.has(cell));

/** Python `str()` of a non-NA cell (the sheet holds text only; numbers would print as Python prints them). */
function cellText(cell: Exclude<SheetCell, null>): string {
  return typeof cell === 'string' ? cell : String(cell);
}

function column(header: readonly SheetCell[], name: string, file: string): number {
  const index = header.indexOf(name);
  if (index < 0) throw dataFormatError(file, `missing column "${name}" in the header row`);
  return index;
}

/**
 * Rows with an NA `Answer` are dropped (logged); input = `Question`, reference = `Answer`, neither stripped; ids
 * `id0…` over the kept rows, split `test`, `source_id` = the sheet row number.
 */
export function buildMedicationQaInstances(
  sheet: readonly SheetCell[][],
  file: string,
  log: (message: string) => void,
): Instance[] {
  const [header = [], ...rows] = sheet;
  const [q, a] = [column(header, 'Question', file), column(header, 'Answer', file)];
  const kept: UnnumberedInstance[] = [];
  for (const [i, row] of rows.entries()) {
    const [question, answer] = [row[q] ?? null, row[a] ?? null];
    const sheetRow = i + 2;
    if (isPandasNa(answer)) {
      log(
        `medication_qa: dropping sheet row ${sheetRow}: pandas reads its Answer ${JSON.stringify(answer ?? '')} as missing`,
      );
      continue;
    }
    // HELM would send pandas' NaN as the text "nan"; no question is missing in the real sheet, so refuse instead.
    if (isPandasNa(question))
      throw dataFormatError(file, `sheet row ${sheetRow}: the Question cell is empty or an NA text`);
    kept.push({
      input: { text: cellText(question!) },
      references: [{ output: { text: cellText(answer!) }, tags: [CORRECT_TAG] }],
      split: 'test' as const,
      source_id: String(sheetRow),
    });
  }
  return numberInstances(kept);
}

/** Resolves the workbook (data_path, cache or pinned download) and builds the instances. */
export async function loadMedicationQa(ctx: LoadContext): Promise<LoadedData> {
  const file = await resolveDataFile({
    benchmark: 'medication_qa',
    fileName: MEDICATION_QA_FILE,
    url: MEDICATION_QA_URL,
    sha256: MEDICATION_QA_SHA256,
    ctx,
  });
  const sheet = await readFirstSheet(file.path);
  return {
    instances: buildMedicationQaInstances(sheet, file.path, ctx.log),
    data: {
      source: MEDICATION_QA_URL,
      revision: MEDICATION_QA_COMMIT,
      files: [file],
      num_rows: Math.max(sheet.length - 1, 0),
    },
  };
}
