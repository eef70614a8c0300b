import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { forEachRowGroup, isTimestampColumn, openParquet, readParquetColumns, requireColumns } from './parquet.js';
import { writeParquet } from './parquet-writer.js';
import type { ParquetColumnSpec, ParquetWriteOptions } from './parquet-writer.js';
import { tempDir } from './test-support.js';

const COLUMNS: ParquetColumnSpec[] = [
  { name: 'id', kind: 'int64', values: [1n, 2n, 3n, 4n, 5n] },
  { name: 'time', kind: 'timestamp_us', optional: true, values: [1_700_000_000_000_001n, null, 0n, -5n, 42n] },
  { name: 'code', kind: 'string', values: ['A/1', 'é', '', 'x y', 'LOINC/2951-2'] },
  { name: 'flag', kind: 'boolean', optional: true, values: [true, false, null, true, false] },
  { name: 'n32', kind: 'int32', values: [1, -2, 3, 4, 5] },
  { name: 'x', kind: 'double', values: [0.5, 1, 2, 3, 4] },
];

async function written(columns: ParquetColumnSpec[], options?: ParquetWriteOptions): Promise<string> {
  const path = join(await tempDir(), 't.parquet');
  await writeFile(path, writeParquet(columns, options));
  return path;
}

describe('writeParquet + hyparquet reading (openParquet, readParquetColumns)', () => {
  it.each([
    ['one row group', {}],
    ['row groups of 2 rows', { rowGroupSize: 2 }],
    ['gzip pages', { codec: 'GZIP' as const, rowGroupSize: 3 }],
  ])('round-trips every kind with %s; timestamps become epoch microseconds', async (_label, options) => {
    const pq = await openParquet(await written(COLUMNS, options));
    expect(pq.numRows).toBe(5);
    expect(isTimestampColumn(pq.columns.get('time')!)).toBe(true);
    expect(isTimestampColumn(pq.columns.get('id')!)).toBe(false);
    const cols = await readParquetColumns(pq, ['id', 'time', 'code', 'flag', 'n32', 'x']);
    expect(Array.from(cols.id)).toEqual([1n, 2n, 3n, 4n, 5n]);
    expect(Array.from(cols.time)).toEqual([1_700_000_000_000_001, null, 0, -5, 42]);
    expect(Array.from(cols.code)).toEqual(['A/1', 'é', '', 'x y', 'LOINC/2951-2']);
    expect(Array.from(cols.flag)).toEqual([true, false, null, true, false]);
    expect(Array.from(cols.n32)).toEqual([1, -2, 3, 4, 5]);
    expect(Array.from(cols.x)).toEqual([0.5, 1, 2, 3, 4]);
  });

  it('converts millisecond and nanosecond timestamps to microseconds', async () => {
    const pq = await openParquet(
      await written([
        { name: 'ms', kind: 'timestamp_ms', values: [1_000n, 2n] },
        { name: 'ns', kind: 'timestamp_ns', values: [1_000_000n, 2_999n] },
      ]),
    );
    const cols = await readParquetColumns(pq, ['ms', 'ns']);
    expect(Array.from(cols.ms)).toEqual([1_000_000, 2_000]);
    expect(Array.from(cols.ns)).toEqual([1_000, 2]);
  });

  it('visits row groups in order, one at a time', async () => {
    const pq = await openParquet(await written(COLUMNS, { rowGroupSize: 2 }));
    const seen: [number, unknown[]][] = [];
    await forEachRowGroup(pq, ['code'], (cols, start) => void seen.push([start, Array.from(cols.code)]));
    expect(seen).toEqual([
      [0, ['A/1', 'é']],
      [2, ['', 'x y']],
      [4, ['LOINC/2951-2']],
    ]);
  });

  it('reads an empty table', async () => {
    const pq = await openParquet(await written([{ name: 'id', kind: 'int64', values: [] }]));
    expect(pq.numRows).toBe(0);
    expect(Array.from((await readParquetColumns(pq, ['id'])).id)).toEqual([]);
  });
});

describe('parquet errors name the file (EF_DATA_FORMAT)', () => {
  it('rejects a file that is not Parquet', async () => {
    const path = join(await tempDir(), 'x.parquet');
    await writeFile(path, 'subject_id,time\n1,2\n');
    await expect(openParquet(path)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(path),
    });
  });

  it('names a missing column and lists the present ones', async () => {
    const path = await written(COLUMNS);
    const pq = await openParquet(path);
    expect(() => requireColumns(pq, ['id', 'boolean_value'])).toThrow(
      expect.objectContaining({
        code: 'EF_DATA_FORMAT',
        message: expect.stringMatching(/t\.parquet.*missing column "boolean_value" \(columns: id, time, code/),
      }),
    );
  });

  it('reports an unsupported compression codec (ZSTD) instead of crashing', async () => {
    const path = await written(COLUMNS, { codec: 'ZSTD' });
    const pq = await openParquet(path);
    await expect(readParquetColumns(pq, ['code'])).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('ZSTD'),
    });
  });
});
