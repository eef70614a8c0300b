/**
 * What pandas and Python print, shared by the loaders that reproduce a pandas-read table cell by cell (MedHELM's
 * configurable benchmarks via `read_csv`, CLEAR via `read_excel`).
 */

/** pandas 2's default `na_values` (`STR_NA_VALUES`): such strings, and empty cells, become NaN. */
export const PANDAS_NA_STRINGS: ReadonlySet<string> = new Set([
  '',
  '#N/A',
  '#N/A N/A',
  '#NA',
  '-1.#IND',
  '-1.#QNAN',
  '-NaN',
  '-nan',
  '1.#IND',
  '1.#QNAN',
  '<NA>',
  'N/A',
  'NA',
  'NULL',
  'NaN',
  'None',
  'n/a',
  'nan',
  'null',
]);

/**
 * Python's `repr(float)`: shortest round-trip digits, fixed notation for exponents −4…15, else `1e+16` style;
 * integral values keep ".0".
 * @example pyFloatRepr(1) // '1.0'
 * @example pyFloatRepr(1e-5) // '1e-05'
 */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  const [mantissa, expText] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exp = Number(expText);
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    const whole = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
    const frac = digits.slice(exp + 1);
    return `${sign}${whole}.${frac === '' ? '0' : frac}`;
  }
  const body = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${body}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}
