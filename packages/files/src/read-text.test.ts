import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonObjectEntries, pythonNewlines, readJsonObjectEntries, readTextPython } from './read-text.js';
import { tempDir } from '../../benchmarks/test-support/shared/test-support.js';

describe('pythonNewlines', () => {
  it.each([
    ['a\r\nb', 'a\nb'],
    ['a\rb', 'a\nb'],
    ['a\r\r\nb', 'a\n\nb'],
    ['a\n\rb', 'a\n\nb'],
    ['no newline', 'no newline'],
  ])('%j → %j', (input, expected) => {
    expect(pythonNewlines(input)).toBe(expected);
  });
});

describe('readTextPython', () => {
  it('decodes UTF-8 and converts CRLF and lone CR to LF', async () => {
    const file = join(await tempDir(), 'x.csv');
    await writeFile(file, Buffer.from('caf\u00e9\r\nline\rend\n', 'utf8'));
    expect(await readTextPython(file)).toBe('caf\u00e9\nline\nend\n');
  });

  it('rejects invalid UTF-8 with EF_DATA_FORMAT naming the file', async () => {
    const file = join(await tempDir(), 'latin1.csv');
    await writeFile(file, Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    await expect(readTextPython(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(file),
    });
  });
});

describe('readJsonObjectEntries', () => {
  it('keeps integer-like keys in file order (JSON.parse would sort them)', () => {
    const text = '{"30": 1, "4": 2, "100": 3, "b": 4, "1": 5}';
    expect(readJsonObjectEntries(text).map(([k]) => k)).toEqual(['30', '4', '100', 'b', '1']);
    expect(Object.keys(JSON.parse(text))).toEqual(['1', '4', '30', '100', 'b']);
  });

  it('parses nested values, strings with braces, commas and escaped quotes', () => {
    const text = ' {\n "k\\"1": {"a": [1, {"b": "}],\\\\"}]}, "k2": "x,\\"y}", "k3": null, "k4": [] }\n';
    expect(readJsonObjectEntries(text)).toEqual([
      ['k"1', { a: [1, { b: '}],\\' }] }],
      ['k2', 'x,"y}'],
      ['k3', null],
      ['k4', []],
    ]);
  });

  it('handles an empty object and a leading BOM', () => {
    expect(readJsonObjectEntries('{ }')).toEqual([]);
    expect(readJsonObjectEntries('\ufeff{"1": true}')).toEqual([['1', true]]);
  });

  it('keeps the first position and the last value of a repeated key, like a Python dict', () => {
    expect(readJsonObjectEntries('{"2": "a", "1": "b", "2": "c"}')).toEqual([
      ['2', 'c'],
      ['1', 'b'],
    ]);
  });

  it.each([
    ['[1, 2]'],
    ['{"a": 1'],
    ['{"a": 1,}'],
    ['{"a" 1}'],
    ['{"a": 1] , "b": 2}'],
    ['{"a": tru}'],
    ['{"a": 1} trailing'],
    ['{a: 1}'],
    [''],
    // Python parses the value a repeated key replaces, and fails on it.
    ['{"a": tru, "a": 1}'],
  ])('rejects malformed JSON %j with EF_DATA_FORMAT naming the source', (text) => {
    expect(() => readJsonObjectEntries(text, 'my.json')).toThrow(
      expect.objectContaining({ code: 'EF_DATA_FORMAT', message: expect.stringContaining('my.json') }),
    );
  });

  it('agrees with JSON.parse on values for the pubmed fixture, in file order', () => {
    const text = readFileSync(new URL('../../benchmarks/src/pubmed_qa/fixture/ori_pqal.json', import.meta.url), 'utf8');
    const entries = readJsonObjectEntries(text);
    expect(entries.map(([k]) => k)).toEqual(['30000002', '1000005', '29000003', '999', '12345678']);
    expect(Object.fromEntries(entries)).toEqual(JSON.parse(text));
  });
});

describe('jsonObjectEntries', () => {
  it('counts distinct keys and parses each value only when the iteration reaches it', () => {
    // The second value is not JSON: the layout is fine, so the error waits for the value to be read.
    const entries = jsonObjectEntries('{"b": [1], "a": tru, "b": {"x": 2}}', 'lazy.json');
    expect(entries.size).toBe(2);
    const it = entries[Symbol.iterator]();
    expect(it.next().value).toEqual(['b', { x: 2 }]);
    expect(() => it.next()).toThrow(expect.objectContaining({ code: 'EF_DATA_FORMAT' }));
  });

  it('checks the layout at once, before any value is read', () => {
    expect(() => jsonObjectEntries('{"a": 1, "b" 2}', 'layout.json')).toThrow(
      expect.objectContaining({ code: 'EF_DATA_FORMAT', message: expect.stringContaining('layout.json') }),
    );
  });

  it('can be iterated again, with fresh values', () => {
    const entries = jsonObjectEntries('{"k": {"n": 1}}');
    const [first] = [...entries];
    const [second] = [...entries];
    expect(second).toEqual(first);
    expect(second[1]).not.toBe(first[1]);
  });

  it.each([
    // JSON text `"x\\"`: the string x\ (the quote after two backslashes closes it).
    [
      'a string ending in an escaped backslash',
      String.raw`{"a": "x\\", "b": 1}`,
      [
        ['a', 'x\\'],
        ['b', 1],
      ],
    ],
    // JSON text `"\\\"}"`: a backslash, then an escaped quote, then a brace, inside the string.
    [
      'an escaped quote after an escaped backslash',
      String.raw`{"a": "\\\"}", "b": 2}`,
      [
        ['a', '\\"}'],
        ['b', 2],
      ],
    ],
    [
      'tabs and CRs between members',
      '{\t"a":\r\n1\t,"b":2}',
      [
        ['a', 1],
        ['b', 2],
      ],
    ],
  ])('reads %s', (_, text, expected) => {
    expect([...jsonObjectEntries(text)]).toEqual(expected);
  });
});
