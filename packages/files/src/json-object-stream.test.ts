import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { streamJsonObjectBatches } from './json-object-stream.js';
import { jsonObjectEntries, readTextPython } from './read-text.js';
import { tempDir } from '../../benchmarks/test-support/shared/test-support.js';

async function fileOf(content: string | Buffer): Promise<string> {
  const path = join(await tempDir(), 'data.json');
  await writeFile(path, content);
  return path;
}

async function streamed(path: string, chunkBytes?: number): Promise<[string, unknown][]> {
  const entries: [string, unknown][] = [];
  for await (const batch of streamJsonObjectBatches(path, { source: 'my.json', chunkBytes })) entries.push(...batch);
  return entries;
}

/** What the whole-file reader makes of the same file: its entries, or its error's message. */
async function whole(path: string): Promise<[string, unknown][] | string> {
  try {
    return [...jsonObjectEntries(await readTextPython(path), 'my.json')];
  } catch (error) {
    return (error as Error).message.replaceAll(path, 'my.json');
  }
}

async function streamedOrError(path: string, chunkBytes: number): Promise<[string, unknown][] | string> {
  try {
    return await streamed(path, chunkBytes);
  } catch (error) {
    return (error as Error).message;
  }
}

// Chunks of 1 byte cut every character, escape and multi-byte UTF-8 sequence apart; 3 and 7 cut them unevenly.
const CHUNKS = [1, 3, 7, 1 << 16];

describe('streamJsonObjectBatches', () => {
  it.each([
    [
      'nested values, braces and escaped quotes in strings',
      ' {\n "k\\"1": {"a": [1, {"b": "}],\\\\"}]}, "k2": "x,\\"y}", "k3": null }\n',
    ],
    ['integer-like keys, kept in file order', '{"30": 1, "4": 2, "100": 3, "1": 5}'],
    [
      'a BOM, CRLF and lone CRs (text mode), and é, 日本 and an emoji cut between chunks',
      '\ufeff{"é":\r\n"日本😀",\r"b":\r\n[1,\r2]}',
    ],
    ['an empty object', '{ }'],
  ])('yields what the whole-file reader yields: %s', async (_label, text) => {
    const path = await fileOf(text);
    const expected = await whole(path);
    for (const chunkBytes of CHUNKS) expect(await streamed(path, chunkBytes)).toEqual(expected);
  });

  it.each([
    ['[1, 2]'],
    ['{"a": 1'],
    ['{"a": 1,}'],
    ['{"a" 1}'],
    ['{"a": 1] , "b": 2}'],
    ['{"a": tru}'],
    ['{"a": 1} trailing'],
    ['{}  x'],
    ['{"a": 1}\n\n  x'],
    ['{a: 1}'],
    ['{"a\\x": 1}'],
    ['{"a": "never closed'],
    ['{"a": 1, "b'],
    ['{"a": 1, "b"'],
    ['  '],
    [''],
  ])('fails %j with the whole-file reader’s EF_DATA_FORMAT message, however the file is cut', async (text) => {
    const path = await fileOf(text);
    const expected = await whole(path);
    expect(typeof expected).toBe('string');
    for (const chunkBytes of CHUNKS) expect(await streamedOrError(path, chunkBytes)).toBe(expected);
  });

  it('rejects invalid UTF-8 (also a sequence cut short at the end) with EF_DATA_FORMAT naming the file', async () => {
    for (const bytes of [
      [0x7b, 0x22, 0x61, 0xe9, 0x22, 0x3a, 0x31, 0x7d],
      [0x7b, 0x7d, 0xe6, 0x97],
    ]) {
      const path = await fileOf(Buffer.from(bytes));
      for (const chunkBytes of CHUNKS)
        await expect(streamed(path, chunkBytes)).rejects.toMatchObject({
          code: 'EF_DATA_FORMAT',
          message: 'Malformed data in my.json: the file is not valid UTF-8',
        });
    }
  });

  it('rejects a repeated key (the whole-file reader keeps its last value, which may come after the first is used)', async () => {
    const path = await fileOf('{"2": "a", "1": "b", "2": "c"}');
    await expect(streamed(path, 4)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('the key "2" appears again at character 21'),
    });
  });

  it('yields the entries of a malformed file up to the first malformed one (in one chunk), then its error', async () => {
    const path = await fileOf('{"a": 1, "b": [2], "c": tru, "d": 4}');
    const seen: string[] = [];
    const reading = (async () => {
      for await (const batch of streamJsonObjectBatches(path, { chunkBytes: 64 })) seen.push(...batch.map(([k]) => k));
    })();
    await expect(reading).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('character 24'),
    });
    expect(seen).toEqual(['a', 'b']);
  });

  it('hands each chunk of bytes to onBytes, in order', async () => {
    const text = '{"a": "é", "b": 2}';
    const path = await fileOf(text);
    const chunks: Buffer[] = [];
    for await (const _ of streamJsonObjectBatches(path, { chunkBytes: 4, onBytes: (c) => chunks.push(c) }));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(text);
    expect(chunks.length).toBeGreaterThan(1);
  });

  const mkfifo = spawnSync('mkfifo', ['--version']).status === 0;
  (mkfifo ? it : it.skip)(
    `yields the first entries before the file is written to its end (a FIFO)${mkfifo ? '' : ' — skipped: no mkfifo'}`,
    async () => {
      if (!mkfifo) process.stderr.write('skipped: mkfifo is not available\n');
      const path = join(await tempDir(), 'data.fifo');
      expect(spawnSync('mkfifo', [path]).status).toBe(0);
      const writer = createWriteStream(path);
      writer.write('{"first": 1, "second": [2],');
      const batches = streamJsonObjectBatches(path)[Symbol.asyncIterator]();
      // The writer has not finished the object: these come from the part written so far.
      expect((await batches.next()).value).toEqual([
        ['first', 1],
        ['second', [2]],
      ]);
      writer.end(' "third": 3}');
      expect((await batches.next()).value).toEqual([['third', 3]]);
      expect((await batches.next()).done).toBe(true);
    },
  );
});
