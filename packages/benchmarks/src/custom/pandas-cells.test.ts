import { describe, expect, it } from '@jest/globals';
import { inferDtype, pandasPrinted, printCell, pyFloatRepr } from './pandas-cells.js';

describe('pyFloatRepr: Python repr(float)', () => {
  it.each([
    [1, '1.0'],
    [0.1, '0.1'],
    [-2.5, '-2.5'],
    [-0, '-0.0'],
    [123456789012345, '123456789012345.0'],
    [1e16, '1e+16'],
    [1.5e16, '1.5e+16'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1.25e-7, '1.25e-07'],
    [1e300, '1e+300'],
    [NaN, 'nan'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
    [100, '100.0'],
    [3.14159, '3.14159'],
  ])('%p → %p', (x, expected) => expect(pyFloatRepr(x)).toBe(expected));
});

describe('inferDtype: pandas.read_csv column types', () => {
  it.each([
    [['1', '002', '-3'], 'int64'],
    [['1', '2', ''], 'float64'],
    [['1', 'NA'], 'float64'],
    [['1.5', '2'], 'float64'],
    [['1e3', 'inf'], 'float64'],
    [['', 'nan'], 'float64'],
    [['True', 'false'], 'bool'],
    [['True', ''], 'bool'],
    [['yes', 'no'], 'object'],
    [['1', 'a'], 'object'],
    [['18446744073709551615'], 'int64'],
    [['99999999999999999999'], 'float64'],
  ])('%j → %s', (cells, dtype) => expect(inferDtype(cells)).toBe(dtype));
});

describe('printCell / pandasPrinted: what the MedHELM prompt shows', () => {
  it.each([
    ['007', 'int64', '7'],
    ['+5', 'int64', '5'],
    [' 12 ', 'int64', '12'],
    ['3', 'float64', '3.0'],
    ['', 'float64', 'nan'],
    ['NA', 'object', 'nan'],
    ['true', 'bool', 'True'],
    ['Inf', 'float64', 'inf'],
    ['text', 'object', 'text'],
  ] as const)('%j as %s → %j', (cell, dtype, shown) => expect(printCell(cell, dtype)).toBe(shown));

  it('types each column over the whole file', () => {
    expect(
      pandasPrinted(
        ['id', 'age', 'note'],
        [
          ['001', '40', 'a'],
          ['002', '', 'None'],
        ],
      ),
    ).toEqual([
      { id: '1', age: '40.0', note: 'a' },
      { id: '2', age: 'nan', note: 'nan' },
    ]);
  });
});
