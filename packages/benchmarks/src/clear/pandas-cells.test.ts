/** Vectors checked against pandas.read_excel (openpyxl) on sheets built with buildXlsx; "None" is NA from pandas 2 on. */
import { describe, expect, it } from '@jest/globals';
import { pandasColumnStrings, pyFloatRepr } from './pandas-cells.js';
import type { SheetCell } from './pandas-cells.js';

describe('pyFloatRepr (Python repr of a float)', () => {
  it.each([
    [1, '1.0'],
    [0, '0.0'],
    [-0, '-0.0'],
    [1.5, '1.5'],
    [-0.5, '-0.5'],
    [0.1, '0.1'],
    [123456789.123, '123456789.123'],
    [1e15, '1000000000000000.0'],
    [1e16, '1e+16'],
    [1.5e16, '1.5e+16'],
    [1e22, '1e+22'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [2.5e-7, '2.5e-07'],
    [1e-300, '1e-300'],
    [NaN, 'nan'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
  ])('%p → %s', (value, expected) => {
    expect(pyFloatRepr(value)).toBe(expected);
  });
});

describe('pandasColumnStrings (str() of each cell after read_excel type inference)', () => {
  it.each<[string, SheetCell[], string[]]>([
    ['integers stay integers', [1, 0, 2], ['1', '0', '2']],
    ['an empty cell makes the column float', [1, null, '2'], ['1.0', 'nan', '2.0']],
    ['numeric text joins the integers', [1, '2', 0], ['1', '2', '0']],
    ['text digits alone', ['1', '0'], ['1', '0']],
    ['a decimal-point string makes it float', ['1.0', 1], ['1.0', '1.0']],
    ['a fraction makes it float', [1.5, 1], ['1.5', '1.0']],
    ['exponent strings are floats', ['1e3', 2], ['1000.0', '2.0']],
    ['signs, padding, leading zeros', [' 7 ', '+4', '007', -3], ['7', '4', '7', '-3']],
    ['inf is numeric', ['inf', 1], ['inf', '1.0']],
    ['an all-empty column is NaN', [null, null], ['nan', 'nan']],
    ['big integral numbers print whole', [1e16, 1], ['10000000000000000', '1']],
    ['text keeps the column as objects', ['Uncertain', 1, 0], ['Uncertain', '1', '0']],
    [
      'NA strings become nan',
      ['a', 'NA', 'n/a', '#N/A', '', 'NULL', 'nan', 'None'],
      ['a', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan', 'nan'],
    ],
    ['whitespace is not NA', ['  ', 1], ['  ', '1']],
    ['objects: floats keep repr', [1e15, 0.00001, 'a'], ['1000000000000000', '1e-05', 'a']],
    ['objects: a later True equals an earlier 1', ['x', 1, true], ['x', '1', '1']],
    ['objects: a later 1 equals an earlier True', ['x', true, 1], ['x', 'True', 'True']],
    ['booleans only', [true, false], ['True', 'False']],
    ['booleans among numbers are 1/0', [true, 1], ['1', '1']],
    ['booleans with NaN are floats', [true, null], ['1.0', 'nan']],
    ['boolean-like strings become booleans', ['true', 'FALSE', true], ['True', 'False', 'True']],
    ['boolean-like strings with NaN', ['true', null], ['True', 'nan']],
    ['text "True" next to a number stays text', ['True', 1], ['True', '1']],
    ['dates print as Python datetimes', [new Date(Date.UTC(2081, 4, 6)), 'a'], ['2081-05-06 00:00:00', 'a']],
  ])('%s', (_label, cells, expected) => {
    expect(pandasColumnStrings(cells)).toEqual(expected);
  });
});
