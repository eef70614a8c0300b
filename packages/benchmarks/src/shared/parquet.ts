/**
 * Reading Parquet data files with hyparquet, with errors that name the file and column (`EF_DATA_FORMAT`).
 * Large files are read one row group at a time so a multi-GB table never sits in memory whole.
 * Timestamps come back as **epoch microseconds** (numbers; sub-microsecond parts dropped), so they compare exactly
 * at the precision MEDS data uses, which JavaScript `Date` (milliseconds) would not.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AsyncBuffer, Compressors, FileMetaData, ParquetParsers, SchemaElement } from 'hyparquet';
import { dataFormatError } from './data-errors.js';

export interface ParquetFile {
  readonly path: string;
  readonly file: AsyncBuffer;
  readonly metadata: FileMetaData;
  /** Top-level columns by name. */
  readonly columns: ReadonlyMap<string, SchemaElement>;
  readonly numRows: number;
}

/** Column name → decoded values of one row range (typed arrays for required numeric columns). */
export type ParquetColumns = Readonly<Record<string, ArrayLike<unknown>>>;

const PARSERS: Partial<ParquetParsers> = {
  timestampFromMilliseconds: (v: bigint | null) => (v === null || v === undefined ? null : Number(v) * 1000),
  timestampFromMicroseconds: (v: bigint | null) => (v === null || v === undefined ? null : Number(v)),
  timestampFromNanoseconds: (v: bigint | null) => (v === null || v === undefined ? null : Number(v / 1000n)),
};

/** Snappy is built into hyparquet; gzip and brotli come from node:zlib. ZSTD/LZ4 files cannot be read. */
const COMPRESSORS: Compressors = {
  GZIP: (input) => new Uint8Array(gunzipSync(input)),
  BROTLI: (input) => new Uint8Array(brotliDecompressSync(input)),
};

/** Opens a Parquet file and reads its footer; a file that is not Parquet is `EF_DATA_FORMAT`. */
export async function openParquet(path: string): Promise<ParquetFile> {
  // Loaded on use (ESM-only, so a dynamic import): only ehrshot reads Parquet.
  const { asyncBufferFromFile, parquetMetadataAsync, parquetSchema } = await import('hyparquet');
  const file = await asyncBufferFromFile(path);
  let metadata: FileMetaData;
  try {
    metadata = await parquetMetadataAsync(file);
  } catch (e) {
    throw dataFormatError(path, `not a readable Parquet file (${(e as Error).message})`);
  }
  const columns = new Map(parquetSchema(metadata).children.map((child) => [child.element.name, child.element]));
  return { path, file, metadata, columns, numRows: Number(metadata.num_rows) };
}

/** Every named column must exist (a missing one is `EF_DATA_FORMAT` naming it and the file). */
export function requireColumns(pq: ParquetFile, names: readonly string[]): void {
  for (const name of names) {
    if (!pq.columns.has(name)) {
      throw dataFormatError(
        pq.path,
        `missing column "${name}" (columns: ${[...pq.columns.keys()].join(', ') || 'none'})`,
      );
    }
  }
}

/** True for TIMESTAMP columns (logical type, legacy converted type, or INT96). */
export function isTimestampColumn(element: SchemaElement): boolean {
  return (
    element.logical_type?.type === 'TIMESTAMP' ||
    element.converted_type === 'TIMESTAMP_MILLIS' ||
    element.converted_type === 'TIMESTAMP_MICROS' ||
    element.type === 'INT96'
  );
}

async function readRange(
  pq: ParquetFile,
  names: readonly string[],
  rowStart: number,
  rowEnd: number,
): Promise<ParquetColumns> {
  const pieces = new Map<string, { start: number; data: ArrayLike<unknown> }[]>(names.map((n) => [n, []]));
  const { parquetRead } = await import('hyparquet');
  try {
    await parquetRead({
      file: pq.file,
      metadata: pq.metadata,
      columns: [...names],
      rowStart,
      rowEnd,
      parsers: PARSERS,
      compressors: COMPRESSORS,
      onChunk: (chunk) => pieces.get(chunk.columnName)?.push({ start: chunk.rowStart, data: chunk.columnData }),
    });
  } catch (e) {
    throw dataFormatError(
      pq.path,
      `cannot decode rows ${rowStart}-${rowEnd} of columns ${names.join(', ')} (${(e as Error).message})`,
    );
  }
  return Object.fromEntries(names.map((name) => [name, joinPieces(pieces.get(name) ?? [], rowStart, rowEnd)]));
}

/** One array for [rowStart, rowEnd); a single exactly-fitting chunk is returned as is (no copy). */
function joinPieces(
  pieces: readonly { start: number; data: ArrayLike<unknown> }[],
  rowStart: number,
  rowEnd: number,
): ArrayLike<unknown> {
  if (pieces.length === 1 && pieces[0].start === rowStart && pieces[0].data.length === rowEnd - rowStart)
    return pieces[0].data;
  const out: unknown[] = new Array(rowEnd - rowStart).fill(null);
  for (const { start, data } of pieces) {
    for (let i = 0; i < data.length; i++) {
      const row = start + i;
      if (row >= rowStart && row < rowEnd) out[row - rowStart] = data[i];
    }
  }
  return out;
}

/**
 * Calls `visit` once per row group, in file order, with that group's values of the named columns and the index of
 * its first row. Only one group is decoded at a time.
 */
export async function forEachRowGroup(
  pq: ParquetFile,
  names: readonly string[],
  visit: (columns: ParquetColumns, rowStart: number) => void,
): Promise<void> {
  let rowStart = 0;
  for (const group of pq.metadata.row_groups) {
    const rowEnd = rowStart + Number(group.num_rows);
    if (rowEnd > rowStart) visit(await readRange(pq, names, rowStart, rowEnd), rowStart);
    rowStart = rowEnd;
  }
}

/** All rows of the named columns (for small tables such as label files). */
export async function readParquetColumns(pq: ParquetFile, names: readonly string[]): Promise<ParquetColumns> {
  if (pq.numRows === 0) return Object.fromEntries(names.map((n) => [n, []]));
  return readRange(pq, names, 0, pq.numRows);
}
