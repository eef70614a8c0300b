/**
 * Small pinned CSV files read like Python's `csv.DictReader` (docs/benchmarks.md): text whose newlines are already
 * Python-normalised (`readTextPython`) → header + records. `relax_quotes`: a quote inside an unquoted field is
 * literal, as in Python's csv module and pandas. Every problem is `EF_DATA_FORMAT` naming the file.
 */
import { parse } from 'csv-parse/sync';
import { dataFormatError } from './data-errors.js';

export type CsvRecord = Readonly<Record<string, string>>;

export interface CsvTable {
  readonly header: string[];
  /** Data rows as parsed; their length may differ from the header's (the caller decides). */
  readonly records: string[][];
}

/**
 * Parses the CSV and checks that the header has every required column.
 * @example readCsvTable('a,b\n1,2\n', 'f.csv', ['a']) // { header: ['a', 'b'], records: [['1', '2']] }
 */
export function readCsvTable(text: string, file: string, requiredColumns: readonly string[]): CsvTable {
  let table: string[][];
  try {
    table = parse(text, { bom: true, relax_quotes: true, skip_empty_lines: true, relax_column_count: true });
  } catch (e) {
    throw dataFormatError(file, `invalid CSV (${(e as Error).message})`);
  }
  const [header = [], ...records] = table;
  const missing = requiredColumns.filter((column) => !header.includes(column));
  if (missing.length > 0)
    throw dataFormatError(file, `missing column ${missing.map((c) => `"${c}"`).join(', ')} in the header`);
  return { header, records };
}

/**
 * One record per data row keyed by the header (a repeated column name keeps its last cell, like `DictReader`);
 * a row whose field count differs from the header's is a format error naming its 1-based data row.
 * @example readCsvRecords('a,b\n1,2\n', 'f.csv', ['a']) // [{ a: '1', b: '2' }]
 */
export function readCsvRecords(text: string, file: string, requiredColumns: readonly string[]): CsvRecord[] {
  const { header, records } = readCsvTable(text, file, requiredColumns);
  return records.map((fields, i) => {
    if (fields.length !== header.length) {
      throw dataFormatError(file, `data row ${i + 1} has ${fields.length} fields, the header has ${header.length}`);
    }
    return Object.fromEntries(header.map((name, j) => [name, fields[j]]));
  });
}
