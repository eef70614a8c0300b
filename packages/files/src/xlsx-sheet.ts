/** The first sheet of an `.xlsx` workbook, as `pandas.read_excel` sees its cells (clear, medication_qa). */
import { dataFormatError } from './data-errors.js';

/** Cell values as read-excel-file returns them (null = empty cell). */
export type SheetCell = string | number | boolean | Date | null;

/** The first sheet's rows (text cells untrimmed, as pandas reads them); an unreadable file is EF_DATA_FORMAT. */
export async function readFirstSheet(path: string): Promise<SheetCell[][]> {
  try {
    // Loaded on use: the xlsx reader is the heaviest parser and only the spreadsheet benchmarks need it.
    const { readSheet } = await import('read-excel-file/node');
    return (await readSheet(path, { trim: false })) as SheetCell[][];
  } catch (e) {
    throw dataFormatError(path, `not a readable .xlsx workbook (${(e as Error).message})`);
  }
}
