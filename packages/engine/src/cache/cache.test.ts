import { mkdtempSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { prng, randomJsonValue } from '@eval-factory/testkit';
import { deepStrictEqual } from 'node:assert';
import { createHash } from 'node:crypto';
import Keyv from 'keyv';
import KeyvSqlite from '@keyv/sqlite';
import { canonicalJson, openSqliteCache, sha256Hex } from './index.js';
import { SAMPLE_ANSWER } from '../../test-support/cached-response.js';

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: [2, { d: 1, c: 0 }] }, '{"a":[2,{"c":0,"d":1}],"b":1}'],
    [{ x: undefined, y: null }, '{"y":null}'],
    [[1.5, 'é', true], '[1.5,"é",true]'],
    [0.1 + 0.2, '0.30000000000000004'],
    // Code-unit order, not JSON.stringify's integer keys first: "10" < "9" < "a".
    [{ a: 1, 9: 2, 10: 3 }, '{"10":3,"9":2,"a":1}'],
    [{ b: 1, B: 2, _: 3, é: 4, '\u{1F600}': 5, '\uFF5E': 6 }, '{"B":2,"_":3,"b":1,"é":4,"\u{1F600}":5,"\uFF5E":6}'],
    [[undefined, [undefined, null, [undefined]], { u: undefined }], '[null,[null,null,[null]],{}]'],
    [{ s: 'a"b\\c\n\u0001\u2028', k: '\ud800' }, '{"k":"\\ud800","s":"a\\"b\\\\c\\n\\u0001\u2028"}'],
    [JSON.parse('{"__proto__":{"x":1},"a":[]}'), '{"__proto__":{"x":1},"a":[]}'],
    [[-0, 1e21, 1e-7, 5e-324], '[0,1e+21,1e-7,5e-324]'],
    [{}, '{}'],
    [[], '[]'],
    ['', '""'],
  ])('%j → %s', (value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });
  it('rejects NaN', () => expect(() => canonicalJson(NaN)).toThrow());
  it.each([[Infinity], [{ a: [1, -Infinity] }], [[{ b: NaN }]]])('rejects the non-finite number in %p', (value) => {
    expect(() => canonicalJson(value)).toThrow(/non-finite/);
  });

  it('writes what the previous implementation wrote, for 500 random values', () => {
    const random = prng(42);
    for (let i = 0; i < 500; i++) {
      const value = randomJsonValue(random, RANDOM);
      expect(canonicalJson(value)).toBe(oracleCanonicalJson(value));
    }
  });

  it('keeps a hole in an array empty, as the previous implementation did (keys must not change)', () => {
    const holey = [1, , 3];
    expect(canonicalJson(holey)).toBe(oracleCanonicalJson(holey));
  });

  it('sorts objects with many keys like the small ones', () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${(i * 37) % 60}`, i]));
    expect(canonicalJson(many)).toBe(oracleCanonicalJson(many));
  });
});

describe('sha256Hex', () => {
  it.each([[''], ['abc'], ['é\u{1F600}']])('is the sha256 of the UTF-8 bytes of %j', (text) => {
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

/** The implementation before allocation was reduced, kept as the oracle: every cache key must stay the same. */
function oracleCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new Error(`canonicalJson: non-finite number ${value}`);
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((v) => oracleCanonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${oracleCanonicalJson(v)}`).join(',')}}`;
}

const RANDOM = {
  keys: [
    'a',
    'b',
    'B',
    '10',
    '9',
    '0',
    '__proto__',
    'model',
    'messages',
    'é',
    'a"b',
    'x\ny',
    '\u{1F600}',
    '',
    'constructor',
  ],
  strings: [
    '',
    'plain',
    'quote " and \\ backslash',
    'line\nbreak\ttab',
    '\u0000\u001f',
    '\u2028\u2029',
    'é ü 中文 \u{1F600}',
    '\ud800 lone',
    'x'.repeat(300),
  ],
  numbers: [0, -0, 1, -7, 0.1 + 0.2, 1e21, 1e-7, 123456789.125, Number.MAX_SAFE_INTEGER],
  maxDepth: 4,
  nullShare: 0.1,
};

describe('openSqliteCache', () => {
  const value = SAMPLE_ANSWER;
  it('stores, reads back, batches lookups and survives reopening', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-cache-'));
    const file = join(dir, 'cache.db');
    const cache = await openSqliteCache(file, 'model', () => undefined);
    await Promise.all([cache.set('k1', value), cache.set('k2', { ...value, request_time_s: 1 })]);
    expect(await cache.get('k1')).toEqual(value);
    expect(await cache.get('missing')).toBeUndefined();
    await cache.close();
    const again = await openSqliteCache(file, 'model', () => undefined);
    expect((await again.getMany(['k2', 'nope', 'k1'])).map((v) => v?.request_time_s)).toEqual([1, undefined, 0.5]);
    await again.close();
  });
  it('writes a burst of answers in batches, in the format keyv itself reads (the last value of a key wins)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-cache-')), 'cache.db');
    const cache = await openSqliteCache(file, 'model', () => undefined);
    const burst = Array.from({ length: 300 }, (_, i) => cache.set(`k${i % 250}`, { ...value, request_time_s: i }));
    await Promise.all(burst);
    await cache.close();
    // A plain keyv over @keyv/sqlite (what older runs wrote and read) finds every answer.
    const plain = new Keyv({ store: new KeyvSqlite({ uri: `sqlite://${file}` }), namespace: 'model' });
    const read = (await plain.getMany(Array.from({ length: 250 }, (_, i) => `k${i}`))) as { request_time_s: number }[];
    expect(read.map((v) => v.request_time_s)).toEqual(Array.from({ length: 250 }, (_, i) => (i < 50 ? i + 250 : i)));
    expect(read[100]).toEqual({ ...value, request_time_s: 100 });
    await plain.disconnect();
  });
  it("reads in batches exactly what keyv's own getMany reads, strings keyv escapes (':x', Buffers) included", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-cache-')), 'cache.db');
    const plain = new Keyv({ store: new KeyvSqlite({ uri: `sqlite://${file}` }), namespace: 'model' });
    const random = prng(7);
    const escaped = { ...RANDOM, strings: [...RANDOM.strings, ':x', '::y', ':base64:AAEC', ':', 'a:b'] };
    const keys = Array.from({ length: 120 }, (_, i) => `k${i}`);
    for (const key of keys) {
      const buffer = random() < 0.1 ? { bytes: Buffer.from([0, 1, 2]) } : {};
      await plain.set(key, { ...value, response: randomJsonValue(random, escaped), ...buffer });
    }
    await plain.set('raw', ':top-level string');
    const cache = await openSqliteCache(file, 'model', () => undefined);
    const wanted = [...keys, 'raw', 'absent'];
    // Node's deep equality: jest's compares `constructor` fields (a key the random values use) as classes.
    deepStrictEqual(
      await cache.getMany(wanted),
      (await plain.getMany(wanted)).map((v) => v ?? undefined),
    );
    await cache.close();
    await plain.disconnect();
  });
  it("reads only each answer's response and latency, as keyv's own getMany reads them (escaped strings included)", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-cache-')), 'cache.db');
    const plain = new Keyv({ store: new KeyvSqlite({ uri: `sqlite://${file}` }), namespace: 'model' });
    const random = prng(11);
    const escaped = { ...RANDOM, strings: [...RANDOM.strings, ':x', '::y', ':base64:AAEC', ':', 'a:b'] };
    const keys = Array.from({ length: 120 }, (_, i) => `k${i}`);
    for (const key of keys) {
      const response = random() < 0.1 ? { bytes: Buffer.from([0, 1, 2]) } : randomJsonValue(random, escaped);
      const time = random() < 0.1 ? ':7' : random() * 10;
      await plain.set(key, { ...value, request: randomJsonValue(random, escaped), response, request_time_s: time });
    }
    await plain.set('raw', ':top-level string');
    await plain.set('empty', {});
    await plain.set('nulls', { ...value, response: null });
    const cache = await openSqliteCache(file, 'model', () => undefined);
    const wanted = [...keys, 'raw', 'empty', 'nulls', 'absent'];
    const answer = (v: unknown) => {
      if (v === undefined || v === null) return undefined;
      const { response, request_time_s } = v as Record<string, unknown>;
      return { response, request_time_s };
    };
    const answers = await cache.getAnswers(wanted);
    deepStrictEqual(answers, (await plain.getMany(wanted)).map(answer));
    expect(answers.some((a) => a !== undefined && 'request' in a)).toBe(false);
    await cache.close();
    await plain.disconnect();
  });
  it('reads an answer that has an expiry time (never set by this cache) through keyv', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-cache-')), 'cache.db');
    const plain = new Keyv({ store: new KeyvSqlite({ uri: `sqlite://${file}` }), namespace: 'model' });
    await plain.set('k', value, 60_000);
    const cache = await openSqliteCache(file, 'model', () => undefined);
    expect(await cache.getAnswers(['k', 'absent'])).toEqual([value, undefined]);
    await cache.close();
    await plain.disconnect();
  });
  it('a write the store refuses mid-run is EF_CACHE_WRITE naming the file, for every answer of the batch', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-cache-')), 'cache.db');
    const cache = await openSqliteCache(file, 'model', () => undefined);
    await cache.set('before', value);
    // Another process breaks the file under the run (here: drops the table keyv writes to).
    const other = new KeyvSqlite({ uri: `sqlite://${file}` });
    await other.query('DROP TABLE keyv');
    const failed = await Promise.allSettled([cache.set('a', value), cache.set('b', value)]);
    for (const f of failed) {
      expect(f.status).toBe('rejected');
      const error = (f as PromiseRejectedResult).reason as { code: string; message: string };
      expect(error.code).toBe('EF_CACHE_WRITE');
      expect(error.message).toContain(file);
    }
    await other.close();
    await cache.close();
  });
  it('moves a corrupt file aside with a warning and starts afresh', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-cache-'));
    const file = join(dir, 'cache.db');
    writeFileSync(file, 'this is not a sqlite database, just garbage bytes '.repeat(100));
    const warnings: string[] = [];
    const cache = await openSqliteCache(file, 'model', (code) => warnings.push(code));
    await cache.set('k', value);
    expect(await cache.get('k')).toEqual(value);
    await cache.close();
    expect(warnings).toEqual(['EF_CACHE_CORRUPT']);
    expect(readdirSync(dir).some((f) => f.startsWith('cache.db.corrupt-'))).toBe(true);
  });
});
