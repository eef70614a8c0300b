/**
 * MedAlign's two TSV files, read the way HELM's `pd.read_csv(path, sep="\t")` reads them: a header row, `"`-quoted
 * fields that may hold tabs and newlines, blank lines skipped, a UTF-8 BOM ignored.
 */
import { parse } from 'csv-parse/sync';
import { dataFormatError } from '../shared/data-errors.js';

export type TsvRow = Readonly<Record<string, string>>;

/** Rows as column → text; a missing column or a malformed line is `EF_DATA_FORMAT` naming the file. */
export function readTsv(text: string, file: string, required: readonly string[]): TsvRow[] {
  let table: string[][];
  try {
    table = parse(text, {
      delimiter: '\t',
      bom: true,
      relax_quotes: true,
      skip_empty_lines: true,
      relax_column_count: true,
    });
  } catch (e) {
    throw dataFormatError(file, `invalid TSV (${(e as Error).message})`);
  }
  const [header = [], ...records] = table;
  for (const column of required) {
    if (!header.includes(column))
      throw dataFormatError(file, `missing column "${column}" in the header (found: ${header.join(', ')})`);
  }
  return records.map((fields, i) => {
    if (fields.length > header.length)
      throw dataFormatError(file, `line ${i + 2} has ${fields.length} fields, the header ${header.length}`);
    return Object.fromEntries(header.map((name, j) => [name, fields[j] ?? '']));
  });
}

/**
 * The join key of an id cell. pandas parses an all-integer column as integers, so `"7"`, `" 7"` and `"7.0"` (a
 * column with a gap becomes float) name the same id; other text is compared as is.
 * @example idKey('7.0') // '7'
 */
export function idKey(cell: string): string {
  const trimmed = cell.trim();
  if (/^[+-]?\d+$/.test(trimmed)) return BigInt(trimmed).toString();
  if (/^[+-]?\d+\.0*$/.test(trimmed)) return BigInt(trimmed.slice(0, trimmed.indexOf('.'))).toString();
  return trimmed;
}
