import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { prng, randomJsonValue } from '@eval-factory/testkit';
import { JsonArrayWriter, writeJsonArrayAtomic, writeJsonTextArrayAtomic } from './atomic.js';
import { helmElementJson, helmJson } from './helm-json.js';

/** What HELM elements were written with before the replacer was avoided: the byte-for-byte reference. */
const omitNull = (_key: string, value: unknown): unknown => (value === null ? undefined : value);
const reference = (value: unknown): string | undefined => JSON.stringify(value, omitNull, 2);
/** The whole array file as it was written (elements unindented under the bracket). */
const referenceFile = (items: readonly unknown[], prefix = '', suffix = ''): string =>
  `${prefix}[${items.map((x) => `\n${reference(x)}`).join(',')}${items.length ? '\n' : ''}]${suffix}\n`;

describe('writeJsonArrayAtomic', () => {
  const items = [{ a: 1, b: null, c: { d: [1, 2] } }, { a: 2 }];

  it('streams the same data as one big stringify, nulls omitted, and leaves no temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    await writeJsonArrayAtomic(join(dir, 'x.json'), items);
    const text = readFileSync(join(dir, 'x.json'), 'utf8');
    expect(JSON.parse(text)).toEqual(JSON.parse(helmJson(items)));
    expect(text).toContain('\n{\n  "a": 1,');
    expect(readdirSync(dir)).toEqual(['x.json']);
  });

  it('wraps the array in an object with a prefix and suffix', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    await writeJsonArrayAtomic(join(dir, 's.json'), items, '{\n  "adapter_spec": {},\n  "request_states": ', '\n}');
    expect(JSON.parse(readFileSync(join(dir, 's.json'), 'utf8'))).toEqual({
      adapter_spec: {},
      request_states: [{ a: 1, c: { d: [1, 2] } }, { a: 2 }],
    });
  });

  it('writes an empty array', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    await writeJsonArrayAtomic(join(dir, 'e.json'), []);
    expect(JSON.parse(readFileSync(join(dir, 'e.json'), 'utf8'))).toEqual([]);
  });

  it('writes byte for byte what JSON.stringify with the null-omitting replacer wrote, across chunks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    const random = prng(7);
    // ~3 MB: several 1 MB chunks.
    const many = Array.from({ length: 3000 }, (_, i) => ({
      i,
      text: 'x'.repeat(900),
      extra: randomJsonValue(random, RANDOM, 1),
      none: null,
    }));
    await writeJsonArrayAtomic(join(dir, 'big.json'), many, '{\n  "request_states": ', '\n}');
    expect(readFileSync(join(dir, 'big.json'), 'utf8')).toBe(referenceFile(many, '{\n  "request_states": ', '\n}'));
  });

  it('writes the UTF-8 of every text, across chunk boundaries and past a chunk, lone surrogates as Node encodes them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    const random = prng(11);
    const pieces = ['é', '中文', '\u{1F600}', '\ud800', 'a', '\u2028'];
    const texts = Array.from({ length: 4000 }, (_, i) => {
      const n = i === 1234 ? 600_000 : Math.floor(random() * 700); // one element longer than a chunk allows
      return Array.from({ length: n }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    });
    await writeJsonTextArrayAtomic(join(dir, 'u.json'), texts, 'prefix ', ' suffix');
    const expected = Buffer.from(`prefix [${texts.map((t) => `\n${t}`).join(',')}\n] suffix\n`, 'utf8');
    expect(readFileSync(join(dir, 'u.json')).equals(expected)).toBe(true);
  });

  it('waits for the disk with one listener however many chunks are pushed without waiting', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    const writer = await JsonArrayWriter.open(join(dir, 'many.json'));
    const element = JSON.stringify('x'.repeat(100_000));
    const pending: Promise<void>[] = [];
    // ~30 MB pushed at once: far past what the stream takes before it asks to wait.
    for (let i = 0; i < 300; i++) pending.push(writer.push(element));
    const listeners = (writer as unknown as { file: { stream: NodeJS.EventEmitter } }).file.stream.listenerCount(
      'drain',
    );
    await Promise.all(pending);
    await writer.close();
    expect(listeners).toBeLessThanOrEqual(1);
    expect(readFileSync(join(dir, 'many.json'), 'utf8').length).toBe(300 * (element.length + 2) + 3);
  });

  it('writes pre-serialised elements as they are', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    await writeJsonTextArrayAtomic(join(dir, 't.json'), ['{\n  "a": 1\n}', '2']);
    expect(readFileSync(join(dir, 't.json'), 'utf8')).toBe('[\n{\n  "a": 1\n},\n2\n]\n');
  });
});

describe('a write that fails while nothing waits for it (a full disk)', () => {
  it('is the error close() reports, not the stream\'s later "destroyed", and no temp file is left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    const writer = await JsonArrayWriter.open(join(dir, 'x.json'));
    await writer.push('{}');
    // What a failed write does to the file's stream: it is destroyed with the write's error.
    const stream = (writer as unknown as { file: { stream: NodeJS.WritableStream & { destroy(e: Error): void } } }).file
      .stream;
    stream.destroy(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    await expect(writer.close()).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('helmElementJson', () => {
  const date = new Date(Date.UTC(2026, 0, 2));
  it.each([
    ['null object fields', { a: 1, b: null, c: { d: null, e: 'x' } }],
    ['nulls inside arrays stay', [null, 1, [null, { a: null }], { b: [null] }]],
    ['an object that is all nulls', { a: null, b: { c: null } }],
    ['null in an object in an array in an object', { a: [{ b: null, c: 1 }, null] }],
    ['integer-like keys', { b: 1, 10: null, 9: 'nine', 2: [null] }],
    ['__proto__ key from JSON.parse', JSON.parse('{"a":null,"__proto__":{"x":null,"y":1},"z":2}')],
    [
      'undefined, functions and symbols',
      { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1], e: null },
    ],
    ['non-finite numbers and -0', { a: NaN, b: [Infinity, -0], c: -0 }],
    ['strings needing escapes', { 'k"\n': 'a"b\\c\n\u0001\u2028\ud800', e: null }],
    ['a Date (toJSON) beside a null', { when: date, a: null, list: [date] }],
    ['toJSON returning null', { a: { toJSON: () => null }, b: [{ toJSON: () => null }] }],
    ['toJSON returning an object with nulls', { a: { toJSON: () => ({ x: null, y: 1 }) } }],
    ['a sparse array', [1, , null]],
    ['a top-level null', null],
    ['a top-level string', 'text'],
    ['a top-level number', 1.5],
    ['empty containers', { a: {}, b: [], c: { d: null } }],
    [
      'a class instance',
      new (class {
        a = null;
        b = 2;
      })(),
    ],
  ])('%s: same text as the replacer', (_label, value) => {
    expect(helmElementJson(value)).toBe(reference(value));
  });

  it('same text as the replacer for 500 random values', () => {
    const random = prng(1);
    for (let i = 0; i < 500; i++) {
      const value = randomJsonValue(random, RANDOM);
      expect(helmElementJson(value)).toBe(reference(value));
    }
  });

  it('writes a value without null fields exactly as JSON.stringify without a replacer', () => {
    const value = { a: [null, 1], b: { c: 'x' } };
    expect(helmElementJson(value)).toBe(JSON.stringify(value, null, 2));
  });

  it('does not change the value it copies from', () => {
    const value = { a: null, b: { c: null, d: [null] } };
    helmElementJson(value);
    expect(value).toEqual({ a: null, b: { c: null, d: [null] } });
  });

  it('handles values deeper than its own walk', () => {
    let deep: unknown = { leaf: null, keep: 1 };
    for (let i = 0; i < 500; i++) deep = { next: deep, gap: null };
    expect(helmElementJson(deep)).toBe(reference(deep));
  });

  it('fails on a cycle as JSON.stringify does', () => {
    const cyclic: Record<string, unknown> = { a: null };
    cyclic.self = cyclic;
    expect(() => helmElementJson(cyclic)).toThrow(TypeError);
  });

  it('helmJson is the element text plus a newline', () => {
    expect(helmJson({ a: null, b: [null] })).toBe(`${reference({ a: null, b: [null] })}\n`);
  });
});

/** Many nulls in objects and arrays, plus NaN and Infinity (JSON.stringify writes null for them). */
const RANDOM = {
  keys: ['a', 'b', '10', '9', '__proto__', 'text', 'é', 'a"b', 'x\ny', ''],
  strings: [
    '',
    'plain',
    'quote " and \\ backslash',
    'line\nbreak',
    '\u0000\u001f',
    '\u2028',
    'é 中文 \u{1F600}',
    '\ud800',
  ],
  numbers: [0, -0, 1, 0.1 + 0.2, 1e21, NaN, Infinity],
  maxDepth: 5,
  nullShare: 0.35,
};

describe('JsonArrayWriter', () => {
  it('shows nothing at the path until close, then the whole array; removes temps a killed run left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    writeFileSync(join(dir, 'a.json.tmp-999999'), 'half');
    writeFileSync(join(dir, 'a.json.tmp-note'), 'not ours');
    const writer = await JsonArrayWriter.open(join(dir, 'a.json'), '{"x": ');
    expect(existsSync(join(dir, 'a.json.tmp-999999'))).toBe(false);
    void writer.push('1');
    void writer.push('"two"');
    expect(existsSync(join(dir, 'a.json'))).toBe(false);
    await writer.close('}');
    expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8'))).toEqual({ x: [1, 'two'] });
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'a.json.tmp-note']);
  });

  it('discard leaves neither the file nor its temp', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    const writer = await JsonArrayWriter.open(join(dir, 'b.json'));
    await writer.push('1');
    await writer.discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes an element given in pieces (strings and encoded bytes) as the same element joined', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-arr-'));
    const rand = prng(7);
    const elements = Array.from({ length: 400 }, (_, i) => [
      `{"i": ${i}, "s": "`,
      Buffer.from(`é${'x'.repeat(Math.floor(rand() * 9000))}`),
      i % 3 ? '"}' : Buffer.from('"}'),
    ]);
    const pieces = await JsonArrayWriter.open(join(dir, 'pieces.json'));
    const joined = await JsonArrayWriter.open(join(dir, 'joined.json'));
    for (const element of elements) {
      // Never awaited between pieces: chunks (~1 MB) fill and are written while later pieces are copied.
      void pieces.pushPieces(element);
      void joined.push(element.map((p) => (typeof p === 'string' ? p : p.toString('utf8'))).join(''));
    }
    await Promise.all([pieces.close(), joined.close()]);
    const text = readFileSync(join(dir, 'pieces.json'), 'utf8');
    expect(text).toBe(readFileSync(join(dir, 'joined.json'), 'utf8'));
    expect(JSON.parse(text)).toHaveLength(400);
  });
});
