import { describe, expect, it } from '@jest/globals';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { caught, contextFor, writeFiles } from './custom-test-support.js';
import { loadCustomBenchmark } from './definition.js';
import { openRows } from './rows.js';

const ROWS = 50_000;

/** Writes a generated file line by line (the test itself never builds the whole text either). */
async function writeLines(
  path: string,
  header: string | null,
  line: (i: number) => string,
  last?: string,
): Promise<void> {
  const out = createWriteStream(path);
  const write = (text: string) =>
    new Promise<void>((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));
  if (header !== null) await write(`${header}\n`);
  for (let start = 0; start < ROWS; start += 1000) {
    await write(Array.from({ length: 1000 }, (_, k) => `${line(start + k)}\n`).join(''));
  }
  if (last !== undefined) await write(`${last}\n`);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

const csvLine = (i: number) => `r${i},"Question ${i}, with a comma?",${i % 3 === 0 ? 'yes' : 'no'}`;
const jsonlLine = (i: number) =>
  JSON.stringify({ id: `r${i}`, question: `Question ${i}?`, label: i % 3 === 0 ? 'yes' : 'no' });
const definition = (file: string) => `name: big
description: generated
data: {path: ${file}, id_column: id}
prompt: {template: "{{question}}"}
task: {kind: label, answer_column: label, labels: [yes, no]}
`;

describe('a 50,000-row data file is streamed', () => {
  it.each([
    ['CSV', 'big.csv', 'id,question,label', csvLine],
    ['JSONL', 'big.jsonl', null, jsonlLine],
  ] as const)(
    '%s: every row becomes an instance, ids checked, in data order',
    async (_, file, header, line) => {
      const dir = writeFiles({ 'def.yml': definition(file) });
      await writeLines(join(dir, file), header, line);
      const loaded = await loadCustomBenchmark(join(dir, 'def.yml')).load(contextFor(dir));
      expect(loaded.instances).toHaveLength(ROWS);
      expect(loaded.data.num_rows).toBe(ROWS);
      expect(loaded.instances[ROWS - 1]).toMatchObject({
        id: `id${ROWS - 1}`,
        source_id: `r${ROWS - 1}`,
        input: { text: file.endsWith('csv') ? `Question ${ROWS - 1}, with a comma?` : `Question ${ROWS - 1}?` },
      });
    },
    60_000,
  );

  it('rows arrive before the file has been read to the end: a broken last row is reported only when reached', async () => {
    const dir = writeFiles({ 'def.yml': definition('big.csv') });
    const path = join(dir, 'big.csv');
    await writeLines(path, 'id,question,label', csvLine, 'broken,row');
    const { columns, rows } = await openRows(path, 'csv', { file: join(dir, 'def.yml'), data: 'big.csv' });
    const iterator = rows[Symbol.asyncIterator]();
    expect(columns).toEqual(['id', 'question', 'label']);
    expect((await iterator.next()).value).toMatchObject({ row: 1, line: 2, values: { id: 'r0' } });
    await iterator.return?.();
    const error = await caught(() => loadCustomBenchmark(join(dir, 'def.yml')).load(contextFor(dir)));
    expect(error).toMatchObject({
      code: 'EF_CUSTOM_DATA',
      message: expect.stringContaining(`big.csv: row ${ROWS + 1} (line ${ROWS + 2}) has 2 fields, the header has 3`),
    });
  }, 60_000);
});
