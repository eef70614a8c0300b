import { describe, expect, it } from '@jest/globals';
import { canonicalJson, sha256Hex } from '@eval-factory/files';
import { numberInstances, optionReferences } from './instances.js';
import { pyIntOrNull } from './py-int.js';

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: [{ d: 2, c: 3 }] }, '{"a":[{"c":3,"d":2}],"b":1}'],
    [{ '10': 'x', '9': 'y', a: null }, '{"10":"x","9":"y","a":null}'],
    ['é"', '"é\\""'],
    [[true, 1.5], '[true,1.5]'],
  ])('%j → %s', (value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });
});

describe('sha256Hex', () => {
  it('matches the known digest of "abc"', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('pyIntOrNull', () => {
  it.each([
    ['7', 7],
    [' 12\n', 12],
    ['-3', -3],
    ['+4', 4],
    ['1_000', 1000],
    ['', null],
    ['1.0', null],
    ['x1', null],
    ['_1', null],
    ['1__0', null],
    ['99999999999999999999', null],
  ])('%j → %j', (text, expected) => {
    expect(pyIntOrNull(text)).toBe(expected);
  });
});

describe('instances helpers', () => {
  it('tags only the correct options and numbers instances id0…', () => {
    const refs = optionReferences(['p', 'q', 'r'], (i) => i === 1);
    expect(refs.map((r) => r.tags)).toEqual([[], ['correct'], []]);
    const numbered = numberInstances([
      { input: { text: 'a' }, references: refs, split: 'test' },
      { input: { text: 'b' }, references: [], split: 'test' },
    ]);
    expect(numbered.map((x) => x.id)).toEqual(['id0', 'id1']);
  });
  it('shares one frozen list between identical option lists with the same answer, and only those', () => {
    const a = optionReferences(['yes', 'no', 'maybe'], (i) => i === 2);
    expect(optionReferences(['yes', 'no', 'maybe'], (i) => i === 2)).toBe(a);
    expect(optionReferences(['yes', 'no', 'maybe'], (i) => i === 0)).not.toBe(a);
    expect(optionReferences(['yes', 'no'], (i) => i === 2)).not.toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a[2]) && Object.isFrozen(a[2].tags)).toBe(true);
    expect(a).toEqual(
      ['yes', 'no', 'maybe'].map((text, i) => ({ output: { text }, tags: i === 2 ? ['correct'] : [] })),
    );
  });
});
