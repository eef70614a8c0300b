/** CLEAR (private) → instances, as HELM's `CLEARScenario` builds them from `<condition>.xlsx` (docs/benchmarks/clear.md). */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { pyStrip } from '@eval-factory/metrics';
import type { DataFileInfo, Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { dataFormatError } from '../shared/data-errors.js';
import { requireArgValue, requireDataPath } from '../shared/gated-data.js';
import { hashFile } from '../shared/hashing.js';
import { numberInstances, optionReferences } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { pandasColumnStrings } from './pandas-cells.js';
import type { SheetCell } from './pandas-cells.js';
import { readFirstSheet } from '../shared/xlsx-sheet.js';
import { CLEAR_CONDITION_TEXT, CLEAR_CONDITIONS, clearChoices, clearInputText } from './prompt.js';

export { readFirstSheet };

/** CLEAR's human-labelled notes are Stanford-internal (HELM reads them from a local folder): no download URL. */
export const CLEAR_URL = 'https://crfm.stanford.edu/helm/medhelm/';
const CLEAR_DATA_SOURCE = 'CLEAR human-labelled notes (private; local copy via extra.data_path)';
const LAYOUT = 'a folder holding <condition>.xlsx (first sheet, columns text and result_human)';

/** HELM's label strings: 1 → A (has a history), 0 → B (does not), 2 → C (uncertain). */
const LABEL_CHOICE: Readonly<Record<string, number>> = { '1': 0, '0': 1, '2': 2 };

/** `<data_path>/<condition>.xlsx`, or data_path itself when it is a file. */
async function findSheetFile(dataPath: string, condition: string): Promise<DataFileInfo> {
  const info = await stat(dataPath).catch(() => null);
  const path = info?.isDirectory() ? join(dataPath, `${condition}.xlsx`) : dataPath;
  if (!(await stat(path).catch(() => null))?.isFile()) {
    throw new UserError('EF_DATA_NOT_FOUND', `Benchmark data not found: ${path}`, `extra.data_path must be ${LAYOUT}.`);
  }
  return { path, ...(await hashFile(path)) };
}

/** One column as pandas' `str()` values; a column missing from the header row is EF_DATA_FORMAT. */
function columnStrings(
  header: readonly SheetCell[],
  rows: readonly SheetCell[][],
  name: string,
  file: string,
): string[] {
  const index = header.indexOf(name); // the first one: pandas renames later duplicates "name.1"
  if (index < 0) throw dataFormatError(file, `missing column "${name}" in the header row`);
  return pandasColumnStrings(rows.map((row) => row[index] ?? null));
}

export interface ClearDiagnostics {
  log(message: string): void;
  warn(code: string, message: string): void;
}

/**
 * HELM's rules: skip rows whose stripped `str(text)` or `str(result_human)` is empty; compare the label as a string
 * with "1"/"0"/"2" (else with the option texts), so a float column ("1.0") or a "nan" leaves no correct answer.
 * Such rows are kept, as in HELM, with one EF_DATA_LABEL warning. Ids `id0…` over the kept rows.
 */
export function buildClearInstances(
  sheet: readonly SheetCell[][],
  condition: keyof typeof CLEAR_CONDITION_TEXT,
  file: string,
  diag: ClearDiagnostics,
): Instance[] {
  const [header = [], ...rows] = sheet;
  const texts = columnStrings(header, rows, 'text', file);
  const labels = columnStrings(header, rows, 'result_human', file);
  const conditionText = CLEAR_CONDITION_TEXT[condition];
  const choices = clearChoices(conditionText);
  const kept: UnnumberedInstance[] = [];
  const unmatched: string[] = [];
  rows.forEach((_row, i) => {
    const [text, label] = [pyStrip(texts[i]), pyStrip(labels[i])];
    const sheetRow = i + 2; // 1-based, after the header row
    if (text === '' || label === '')
      return diag.log(`clear: skipping sheet row ${sheetRow} (empty ${text === '' ? 'text' : 'result_human'})`);
    const correct = Object.hasOwn(LABEL_CHOICE, label) ? LABEL_CHOICE[label] : choices.indexOf(label);
    if (correct < 0) unmatched.push(label);
    kept.push({
      input: { text: clearInputText(conditionText, text) },
      references: optionReferences(choices, (j) => j === correct),
      split: 'test',
      source_id: String(sheetRow),
    });
  });
  if (unmatched.length > 0) {
    const examples = [...new Set(unmatched)]
      .slice(0, 5)
      .map((l) => JSON.stringify(l))
      .join(', ');
    diag.warn(
      'EF_DATA_LABEL',
      `${file}: ${unmatched.length} of ${kept.length} rows have a result_human that matches no answer (${examples}); kept without a correct answer as HELM does, they score 0`,
    );
  }
  return numberInstances(kept);
}

/** Reads `<data_path>/<condition>.xlsx` and builds the instances (all in `test`). */
export async function loadClear(ctx: LoadContext): Promise<LoadedData> {
  const dataPath = requireDataPath(ctx, 'clear', LAYOUT);
  const condition = requireArgValue(ctx, 'clear', 'condition', CLEAR_CONDITIONS);
  const file = await findSheetFile(dataPath, condition);
  const sheet = await readFirstSheet(file.path);
  return {
    instances: buildClearInstances(sheet, condition, file.path, ctx),
    data: { source: CLEAR_DATA_SOURCE, revision: null, files: [file], num_rows: Math.max(sheet.length - 1, 0) },
  };
}
