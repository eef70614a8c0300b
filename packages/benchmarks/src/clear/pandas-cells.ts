/**
 * What Python's `str(value)` gives for a spreadsheet column after `pandas.read_excel` (openpyxl engine, pandas 2)
 * inferred the column's type. HELM's CLEAR loader compares `str(cell).strip()` with "1", "0" and "2", so the
 * inferred type decides whether a label matches at all: one empty cell turns a column of integers into floats
 * ("1.0"), and an empty cell itself becomes "nan".
 */
import { PANDAS_NA_STRINGS, pyFloatRepr } from '../shared/pandas.js';
import type { SheetCell } from '../shared/xlsx-sheet.js';

export { pyFloatRepr };
export type { SheetCell };

const NUMERIC_STRING = /^\s*[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|inf(?:inity)?)\s*$/i;

/** Python `str(datetime)` (read-excel-file gives UTC dates). */
function pyDatetime(date: Date): string {
  const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const millis = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${millis === '000' ? '' : `.${millis}000`}`;
}

/** `str()` of a value pandas left as a Python object (openpyxl gives int for integral numbers). */
function objectString(cell: Exclude<SheetCell, null>): string {
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'boolean') return cell ? 'True' : 'False';
  if (cell instanceof Date) return pyDatetime(cell);
  return Number.isInteger(cell) ? BigInt(cell).toString() : pyFloatRepr(cell);
}

/** Python dict-key identity: `1 == 1.0 == True` share a key; strings and datetimes are keys of their own. */
function memoKey(cell: Exclude<SheetCell, null>): string {
  if (typeof cell === 'string') return `s:${cell}`;
  if (cell instanceof Date) return `d:${cell.getTime()}`;
  return `n:${Number(cell)}`;
}

const BOOL_STRINGS: Readonly<Record<string, boolean>> = {
  True: true,
  TRUE: true,
  true: true,
  False: false,
  FALSE: false,
  false: false,
};

/**
 * pandas' object path: `sanitize_objects` turns NA strings into NaN and replaces each value equal to an earlier one
 * by that earlier object (its memo dict: a `True` after a `1` prints "1"); then a column made only of booleans and
 * "True"/"false"-like strings becomes a bool column.
 */
function objectColumnStrings(cells: readonly SheetCell[]): string[] {
  const memo = new Map<string, Exclude<SheetCell, null>>();
  const values = cells.map((cell) => {
    if (cell === null || (typeof cell === 'string' && PANDAS_NA_STRINGS.has(cell))) return null;
    const key = memoKey(cell);
    if (!memo.has(key)) memo.set(key, cell);
    return memo.get(key)!;
  });
  const asBool = (v: Exclude<SheetCell, null> | null) =>
    typeof v === 'boolean' ? v : typeof v === 'string' && Object.hasOwn(BOOL_STRINGS, v) ? BOOL_STRINGS[v] : null;
  // NaN may sit among the booleans (it stays "nan").
  if (values.every((v) => v === null || asBool(v) !== null))
    return values.map((v) => (v === null ? 'nan' : asBool(v) ? 'True' : 'False'));
  return values.map((v) => (v === null ? 'nan' : objectString(v)));
}

/** The column as numbers (NaN for missing), or null when one value is not numeric (pandas keeps objects). */
function numericColumn(cells: readonly SheetCell[]): number[] | null {
  const numbers: number[] = [];
  for (const cell of cells) {
    if (cell === null || (typeof cell === 'string' && PANDAS_NA_STRINGS.has(cell))) numbers.push(NaN);
    else if (typeof cell === 'number' || typeof cell === 'boolean') numbers.push(Number(cell));
    else if (typeof cell === 'string' && NUMERIC_STRING.test(cell))
      numbers.push(Number(cell.trim().replace(/^([+-]?)inf(inity)?$/i, '$1Infinity')));
    else return null;
  }
  return numbers;
}

/**
 * `str(value)` for every cell of one column, after pandas' type inference: all-numeric (booleans included) → int64
 * (no missing value, no fraction, no decimal-point string) or float64; only booleans → bool; otherwise Python
 * objects (see `objectColumnStrings`).
 * @example pandasColumnStrings([1, 0, 2]) // ['1', '0', '2']
 * @example pandasColumnStrings([1, null, '2']) // ['1.0', 'nan', '2.0']
 */
export function pandasColumnStrings(cells: readonly SheetCell[]): string[] {
  const numbers = numericColumn(cells);
  if (numbers === null) return objectColumnStrings(cells);
  // Booleans count as 1/0 among numbers, but a column of booleans only stays boolean.
  if (cells.length > 0 && cells.every((c) => typeof c === 'boolean')) return cells.map((c) => (c ? 'True' : 'False'));
  // A decimal point or exponent in a numeric string makes pandas parse a float, even for "1.0".
  const floatColumn =
    numbers.some((n) => !Number.isInteger(n)) || cells.some((c) => typeof c === 'string' && /[.eE]/.test(c));
  return numbers.map((n) => (floatColumn ? pyFloatRepr(n) : BigInt(n).toString()));
}
