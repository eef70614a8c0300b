/**
 * MedHELM's configurable scenario reads its CSV with `pandas.read_csv` and fills the prompt with Python's `str()`
 * of each cell, so a column's type changes what the model sees: `001` in an all-integer column prints as `1`, an
 * integer column with an empty cell becomes float (`1.0`), an empty cell prints as `nan`. This reproduces pandas'
 * default type inference (C parser, default `na_values`) and Python's printing, column by column.
 */
import { PANDAS_NA_STRINGS, pyFloatRepr } from '../shared/pandas.js';

export { pyFloatRepr };

const TRUE_VALUES: ReadonlySet<string> = new Set(['True', 'TRUE', 'true']);
const FALSE_VALUES: ReadonlySet<string> = new Set(['False', 'FALSE', 'false']);
const INT = /^\s*[+-]?\d+\s*$/;
const FLOAT = /^\s*[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|inf|infinity)\s*$/i;
const INT64_MIN = -(2n ** 63n);
/** pandas keeps integers up to the uint64 maximum exact; beyond that the column becomes float64. */
const UINT64_MAX = 2n ** 64n - 1n;

export type PandasDtype = 'int64' | 'float64' | 'bool' | 'object';

function isInteger(text: string): boolean {
  if (!INT.test(text)) return false;
  const value = BigInt(text.trim());
  return value <= UINT64_MAX && value >= INT64_MIN;
}

/**
 * The dtype pandas infers for a column of raw CSV cells (NA cells excluded; all-NA is float64).
 * @example inferDtype(['1', '2', '']) // 'float64'
 */
export function inferDtype(cells: readonly string[]): PandasDtype {
  const present = cells.filter((c) => !PANDAS_NA_STRINGS.has(c));
  const hasNa = present.length < cells.length;
  if (present.length === 0) return 'float64';
  if (present.every(isInteger)) return hasNa ? 'float64' : 'int64';
  if (present.every((c) => FLOAT.test(c))) return 'float64';
  // With NA cells pandas keeps an object column of Python bools and nan; they print the same as a bool column.
  if (present.every((c) => TRUE_VALUES.has(c) || FALSE_VALUES.has(c))) return 'bool';
  return 'object';
}

/** Python `str()` of one cell of a column of the given dtype. */
export function printCell(cell: string, dtype: PandasDtype): string {
  if (PANDAS_NA_STRINGS.has(cell)) return 'nan';
  switch (dtype) {
    case 'int64':
      return BigInt(cell.trim()).toString();
    case 'float64':
      return pyFloatRepr(
        Number(
          cell
            .trim()
            .replace(/^([+-]?)infinity$/i, '$1Infinity')
            .replace(/^([+-]?)inf$/i, '$1Infinity'),
        ),
      );
    case 'bool':
      return TRUE_VALUES.has(cell) ? 'True' : 'False';
    default:
      return cell;
  }
}

/**
 * Every cell as MedHELM's prompt shows it, one record per row keyed by header.
 * @example pandasPrinted(['id'], [['001'], ['002']]) // [{ id: '1' }, { id: '2' }]
 */
export function pandasPrinted(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): Record<string, string>[] {
  const dtypes = header.map((_, j) => inferDtype(rows.map((r) => r[j] ?? '')));
  return rows.map((row) => Object.fromEntries(header.map((name, j) => [name, printCell(row[j] ?? '', dtypes[j]!)])));
}
