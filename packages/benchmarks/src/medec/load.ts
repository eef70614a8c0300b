/** MEDEC (MS test set) → instances, exactly as HELM's `MedecScenario` builds them (docs/benchmarks/medec.md). */
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { pyStrip } from '@eval-factory/metrics';
import { readCsvTable } from '../shared/csv-records.js';
import { dataFormatError, describeValue } from '../shared/data-errors.js';
import { resolveDataFile } from '../shared/data-files.js';
import { numberInstances, optionReferences } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { pyIntOrNull } from '../shared/py-int.js';
import { readTextPython } from '../shared/read-text.js';
import { CORRECT_ANSWER } from './metric.js';

export const MEDEC_COMMIT = '49c59dcba43a7af8717590a405b11a57f42b04df';
export const MEDEC_FILE = 'MEDEC-MS-TestSet-with-GroundTruth-and-ErrorType.csv';
export const MEDEC_URL = `https://raw.githubusercontent.com/abachaa/MEDEC/${MEDEC_COMMIT}/MEDEC-MS/${MEDEC_FILE}`;
/** From datasets/medec/PROVENANCE.md. */
export const MEDEC_SHA256 = 'f35e2c3c1e4d98ca900394c4fcff14c2a84752e48ddc83698401da6a360c707e';
/** The name HELM saves the same file under, so a HELM download folder works as `data_path`. */
const HELM_FILE_NAME = 'medec_test.csv';

/**
 * HELM reads these with defaults (`row.get`), so a file missing one would silently turn every note into a
 * "CORRECT" one; the pinned file has them all, so their absence is a format error instead.
 */
const REQUIRED_COLUMNS = ['Text ID', 'Sentences', 'Error Flag', 'Error Sentence ID', 'Corrected Sentence'] as const;

type Row = Readonly<Record<string, string>>;

/** A parsed data row with its 1-based position among the data rows (for error messages). */
interface NumberedRow {
  readonly row: Row;
  readonly fields: number;
  readonly index: number;
}

/**
 * CSV text (newlines already Python-normalised) → header and data rows, like `csv.DictReader`: missing cells are
 * "" here and the field count is checked later, only on the rows HELM uses (`rowInstance`).
 */
export function readMedecRows(text: string, file: string): { header: string[]; rows: NumberedRow[] } {
  const { header, records } = readCsvTable(text, file, REQUIRED_COLUMNS);
  const rows = records.map((fields, i) => ({
    row: Object.fromEntries(header.map((name, j) => [name, fields[j] ?? ''])),
    fields: fields.length,
    index: i + 1,
  }));
  return { header, rows };
}

/** `int(Error Flag or 0)`, which must be 0 or 1; anything else is a format error naming the row. */
function errorFlag(row: Row, where: string, file: string): 0 | 1 {
  const raw = row['Error Flag'];
  const flag = raw === '' ? 0 : pyIntOrNull(raw);
  if (flag !== 0 && flag !== 1)
    throw dataFormatError(file, `${where}: Error Flag is ${describeValue(raw)}, expected 0 or 1`);
  return flag;
}

/**
 * HELM's one correct reference: `"<sid> <corrected sentence>"` for an error note whose id and correction are
 * given, otherwise `CORRECT`.
 * @example medecReferenceText(1, '3', 'The dose is 5 mg.') // '3 The dose is 5 mg.'
 */
export function medecReferenceText(flag: 0 | 1, sentenceId: string, corrected: string): string {
  return flag === 1 && corrected !== 'NA' && sentenceId !== '-1' ? `${sentenceId} ${corrected}` : CORRECT_ANSWER;
}

function rowInstance({ row, fields, index }: NumberedRow, headerLength: number, file: string): UnnumberedInstance {
  const textId = row['Text ID'];
  const where = `data row ${index}${textId ? ` (Text ID ${textId})` : ''}`;
  // Python's DictReader would hand the missing cells over as None and HELM would crash on `.strip()`.
  if (fields !== headerLength)
    throw dataFormatError(file, `${where} has ${fields} fields, the header has ${headerLength}`);
  const reference = medecReferenceText(
    errorFlag(row, where, file),
    pyStrip(row['Error Sentence ID']),
    pyStrip(row['Corrected Sentence']),
  );
  return {
    input: { text: pyStrip(row.Sentences) },
    references: optionReferences([reference], () => true),
    split: 'test',
    ...(textId ? { source_id: textId } : {}),
  };
}

/**
 * Builds the instances from the data rows; rows with an empty `Sentences` are skipped as in HELM (the pinned file
 * ends with 328 all-empty rows). Ids `id0…` over the kept rows.
 */
export function buildMedecInstances(header: readonly string[], rows: readonly NumberedRow[], file: string): Instance[] {
  const kept = rows.filter(({ row }) => row.Sentences !== '');
  return numberInstances(kept.map((r) => rowInstance(r, header.length, file)));
}

/** Resolves the MEDEC-MS test CSV (data_path, cache or pinned download) and builds the instances. */
export async function loadMedec(ctx: LoadContext): Promise<LoadedData> {
  const file = await resolveDataFile({
    benchmark: 'medec',
    fileName: MEDEC_FILE,
    alternativeFileNames: [HELM_FILE_NAME],
    url: MEDEC_URL,
    sha256: MEDEC_SHA256,
    ctx,
  });
  const { header, rows } = readMedecRows(await readTextPython(file.path), file.path);
  const instances = buildMedecInstances(header, rows, file.path);
  const skipped = rows.length - instances.length;
  if (skipped > 0) ctx.log(`medec: skipped ${skipped} of ${rows.length} data rows with an empty Sentences field`);
  return {
    instances,
    data: { source: MEDEC_URL, revision: MEDEC_COMMIT, files: [file], num_rows: rows.length },
  };
}
