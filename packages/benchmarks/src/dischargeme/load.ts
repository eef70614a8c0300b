/** Discharge Me! 1.3 (gated) → HELM's instances (docs/benchmarks/dischargeme.md): two per admission, BHC then DI. */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { UserError } from '@eval-factory/errors';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { readCsvRecords } from '../shared/csv-records.js';
import { dataFormatError } from '../shared/data-errors.js';
import { requireDataPath } from '../shared/gated-data.js';
import { hashFile } from '../shared/hashing.js';
import { numberInstances } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { joinDischargeTables } from './tables.js';
import type { DischargeRow, DischargeTables } from './tables.js';

export const DISCHARGEME_SUBFOLDER = 'files/discharge-me/1.3/test_phase_1';
const LAYOUT = `the folder wget creates for https://physionet.org/files/discharge-me/1.3/ (…/physionet.org), holding ${DISCHARGEME_SUBFOLDER}/ with diagnosis, discharge, discharge_target, radiology, edstays and triage .csv.gz`;

/** File stem → table key and the columns the preprocessing reads. */
const TABLES: readonly [keyof DischargeTables, string, readonly string[]][] = [
  ['diagnosis', 'diagnosis', ['subject_id']],
  ['discharge', 'discharge', ['subject_id', 'hadm_id', 'text']],
  ['target', 'discharge_target', ['hadm_id', 'brief_hospital_course', 'discharge_instructions']],
  ['radiology', 'radiology', ['hadm_id', 'text']],
  ['edstays', 'edstays', ['hadm_id']],
  ['triage', 'triage', ['subject_id']],
];

const OBJECTIVES = [
  { title: 'Brief Hospital Course', field: 'briefHospitalCourse' },
  { title: 'Discharge Instructions', field: 'dischargeInstructions' },
] as const;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** HELM's instance text, four spaces after the first sentence included (a line continuation inside its literal). */
export function dischargemeInput(title: string, text: string, radiology: string): string {
  return `Generate the ${title} from the following patient discharge text and radiology report text.    \n\nDischarge Text:\n${text}\n\nRadiology Report:\n${radiology}\n\n${title}:\n`;
}

/**
 * For each joined row, the BHC instance then the DI instance; the note loses every occurrence of that target's text
 * (`str.replace`). `extra_data.target_removed` is false when the target was not found verbatim, so it may remain.
 */
export function buildDischargemeInstances(rows: readonly DischargeRow[]): Instance[] {
  const instances: UnnumberedInstance[] = [];
  for (const row of rows) {
    for (const { title, field } of OBJECTIVES) {
      const target = row[field];
      instances.push({
        input: { text: dischargemeInput(title, row.text.replaceAll(target, ''), row.radiology) },
        references: [{ output: { text: target }, tags: [CORRECT_TAG] }],
        split: 'test',
        source_id: `${row.hadmId}:${title}`,
        extra_data: { hadm_id: row.hadmId, target: title, target_removed: target !== '' && row.text.includes(target) },
      });
    }
  }
  return numberInstances(instances);
}

async function phaseFolder(dataPath: string): Promise<string> {
  const nested = join(dataPath, DISCHARGEME_SUBFOLDER);
  return (await stat(nested).catch(() => null))?.isDirectory() ? nested : dataPath;
}

/** Reads the six gzip CSV files (pandas `keep_default_na=False`: every cell stays a string). */
export async function loadDischargeme(ctx: LoadContext): Promise<LoadedData> {
  const folder = await phaseFolder(requireDataPath(ctx, 'dischargeme', LAYOUT));
  const tables: Partial<Record<keyof DischargeTables, ReturnType<typeof readCsvRecords>>> = {};
  const files = [];
  for (const [key, stem, columns] of TABLES) {
    const path = join(folder, `${stem}.csv.gz`);
    if (!(await stat(path).catch(() => null))?.isFile())
      throw new UserError(
        'EF_DATA_NOT_FOUND',
        `Benchmark data not found: ${path}`,
        `extra.data_path must be ${LAYOUT}.`,
      );
    let text: string;
    try {
      text = UTF8.decode(gunzipSync(await readFile(path)));
    } catch (e) {
      throw dataFormatError(path, `not a gzip-compressed UTF-8 CSV file (${(e as Error).message})`);
    }
    tables[key] = readCsvRecords(text, path, columns);
    files.push({ path, ...(await hashFile(path)) });
  }
  const rows = joinDischargeTables(tables as DischargeTables);
  const instances = buildDischargemeInstances(rows);
  const kept = instances.filter((i) => i.extra_data?.target_removed === false).length;
  if (kept > 0)
    ctx.log(
      `dischargeme: in ${kept} of ${instances.length} instances the target text is not found verbatim in the discharge note, so HELM's removal leaves it (or a variant) in the input`,
    );
  return {
    instances,
    data: {
      source: 'https://physionet.org/content/discharge-me/1.3/ (gated)',
      revision: '1.3',
      files,
      num_rows: rows.length,
    },
  };
}
