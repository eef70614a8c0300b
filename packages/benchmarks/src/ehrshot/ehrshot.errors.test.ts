import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeParquet } from '../shared/parquet-writer.js';
import type { ParquetColumnSpec } from '../shared/parquet-writer.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { ehrshot } from './definition.js';
import { FIXTURE_LABELS, labelColumns, writeFixtureMeds } from './fixture-meds.js';

type Args = Record<string, string | number | null>;

async function loadWith(replace: [string, Uint8Array | null][], args: Args = { subject: 'guo_los' }) {
  const root = await tempDir();
  await writeFixtureMeds(root, new Map(replace));
  return ehrshot.load(recordingContext({ cacheDir: await tempDir(), dataPath: root, args }));
}

const without = (columns: ParquetColumnSpec[], name: string) => columns.filter((c) => c.name !== name);
const LABELS = 'labels/guo_los/labels.parquet';

describe('ehrshot arguments and data_path', () => {
  it('needs extra.data_path (EF_MISSING_DATA_PATH)', async () => {
    const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: null, args: { subject: 'guo_los' } });
    await expect(ehrshot.load(ctx)).rejects.toMatchObject({
      code: 'EF_MISSING_DATA_PATH',
      message: expect.stringContaining('extra.data_path'),
    });
  });

  it.each([
    ['a missing subject', { subject: null }, 'EF_MISSING_DATA_PATH', 'extra.subject'],
    ['an unknown subject', { subject: 'guo_mortality' }, 'EF_BENCHMARK_ARG', 'guo_mortality'],
    ['a non-integer max_length', { subject: 'guo_los', max_length: 'lots' }, 'EF_BENCHMARK_ARG', 'max_length'],
    ['a negative max_length', { subject: 'guo_los', max_length: -1 }, 'EF_BENCHMARK_ARG', 'max_length'],
    ['a fractional max_length', { subject: 'guo_los', max_length: 2.5 }, 'EF_BENCHMARK_ARG', 'max_length'],
  ])('rejects %s', async (_label, args: Args, code, detail) => {
    await expect(loadWith([], args)).rejects.toMatchObject({ code, message: expect.stringContaining(detail) });
  });

  it('reports a data_path that does not exist as EF_DATA_NOT_FOUND, and a file instead of the folder as EF_DATA_FORMAT', async () => {
    const dir = await tempDir();
    const missing = recordingContext({ cacheDir: dir, dataPath: join(dir, 'nope'), args: { subject: 'guo_los' } });
    await expect(ehrshot.load(missing)).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining(join(dir, 'nope')),
    });
    await writeFile(join(dir, 'file.parquet'), 'x');
    const file = recordingContext({ cacheDir: dir, dataPath: join(dir, 'file.parquet'), args: { subject: 'guo_los' } });
    await expect(ehrshot.load(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('not a file'),
    });
  });
});

describe('ehrshot data errors name the file and the column (EF_DATA_FORMAT)', () => {
  it.each([['data/data.parquet'], ['metadata/subject_splits.parquet'], [LABELS]])('a missing %s', async (rel) => {
    await expect(loadWith([[rel, null]])).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(`has no file ${rel}`),
    });
  });

  it('a task folder without labels (HELM would crash on the undefined frame)', async () => {
    await expect(loadWith([], { subject: 'guo_icu' })).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('labels/guo_icu/labels.parquet'),
    });
  });

  it.each(['subject_id', 'prediction_time', 'boolean_value'])('labels without column %s', async (column) => {
    const bytes = writeParquet(without(labelColumns(FIXTURE_LABELS.guo_los), column));
    await expect(loadWith([[LABELS, bytes]])).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringMatching(new RegExp(`labels\\.parquet.*missing column "${column}"`)),
    });
  });

  it.each(['subject_id', 'time', 'code'])('data without column %s', async (column) => {
    const bytes = writeParquet(
      [
        { name: 'subject_id', kind: 'int64', values: [101n] },
        { name: 'time', kind: 'timestamp_us', values: [0n] },
        { name: 'code', kind: 'string', values: ['Visit/IP'] },
      ].filter((c) => c.name !== column) as ParquetColumnSpec[],
    );
    await expect(loadWith([['data/data.parquet', bytes]])).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringMatching(new RegExp(`data\\.parquet.*missing column "${column}"`)),
    });
  });

  it('subject_splits without a split column', async () => {
    const bytes = writeParquet([{ name: 'subject_id', kind: 'int64', values: [101n] }]);
    await expect(loadWith([['metadata/subject_splits.parquet', bytes]])).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('missing column "split"'),
    });
  });

  it('a prediction_time that is not a timestamp', async () => {
    const columns = labelColumns(FIXTURE_LABELS.guo_los).map((c) =>
      c.name === 'prediction_time' ? { ...c, kind: 'int64' as const } : c,
    );
    await expect(loadWith([[LABELS, writeParquet(columns)]])).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('"prediction_time" is not a timestamp'),
    });
  });

  it('a null subject_id in the labels, naming the row', async () => {
    const columns: ParquetColumnSpec[] = [
      { name: 'subject_id', kind: 'int64', optional: true, values: [101n, null] },
      { name: 'prediction_time', kind: 'timestamp_us', values: [0n, 0n] },
      { name: 'boolean_value', kind: 'boolean', values: [true, false] },
    ];
    await expect(loadWith([[LABELS, writeParquet(columns)]])).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('row 1: subject_id is null'),
    });
  });

  it('a labels file that is not Parquet, and one compressed with an unsupported codec', async () => {
    await expect(loadWith([[LABELS, new TextEncoder().encode('subject_id,prediction_time\n')]])).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('not a readable Parquet file'),
    });
    const zstd = writeParquet(labelColumns(FIXTURE_LABELS.guo_los), { codec: 'ZSTD' });
    await expect(loadWith([[LABELS, zstd]])).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('ZSTD'),
    });
  });

  it('a code containing a tiktoken special token (Python tiktoken raises too)', async () => {
    const bytes = writeParquet([
      { name: 'subject_id', kind: 'int64', values: [101n] },
      { name: 'time', kind: 'timestamp_us', values: [0n] },
      { name: 'code', kind: 'string', values: ['Note/<|endoftext|>'] },
    ]);
    await expect(loadWith([['data/data.parquet', bytes]])).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('cannot be tokenized'),
    });
  });
});
