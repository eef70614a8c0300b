/**
 * A minimal Parquet writer for tests and self-written fixtures (hyparquet only reads, and no writer package is
 * installed): flat schemas, PLAIN encoding, one v1 data page per column chunk, several row groups, and optional
 * gzip pages. It writes exactly what a reader needs and nothing more (no statistics, no dictionaries).
 */
import { gzipSync } from 'node:zlib';
import { CompactWriter, T } from './thrift-compact-writer.js';

export type ParquetValue = bigint | number | string | boolean | null;
export type ParquetColumnKind =
  | 'int64'
  | 'int32'
  | 'double'
  | 'boolean'
  | 'string'
  | 'timestamp_ms'
  | 'timestamp_us'
  | 'timestamp_ns';

export interface ParquetColumnSpec {
  readonly name: string;
  readonly kind: ParquetColumnKind;
  /** OPTIONAL columns may hold `null`; REQUIRED ones (the default) may not. */
  readonly optional?: boolean;
  readonly values: readonly ParquetValue[];
}

export interface ParquetWriteOptions {
  /** Rows per row group (default: all rows in one group). */
  readonly rowGroupSize?: number;
  /** `ZSTD` only labels the pages (the bytes stay raw): enough to test a reader's unsupported-codec path. */
  readonly codec?: 'UNCOMPRESSED' | 'GZIP' | 'ZSTD';
}

const CODECS = { UNCOMPRESSED: 0, GZIP: 2, ZSTD: 6 } as const;
const PHYSICAL = {
  boolean: 0,
  int32: 1,
  int64: 2,
  double: 5,
  string: 6,
  timestamp_ms: 2,
  timestamp_us: 2,
  timestamp_ns: 2,
} as const;
function thrift(write: (w: CompactWriter) => void): Buffer {
  const w = new CompactWriter();
  w.body(() => write(w));
  return Buffer.from(w.bytes);
}

function plainValues(kind: ParquetColumnKind, values: readonly ParquetValue[]): Buffer {
  if (kind === 'boolean') {
    const out = Buffer.alloc(Math.ceil(values.length / 8));
    values.forEach((v, i) => {
      if (v) out[i >> 3] |= 1 << (i & 7);
    });
    return out;
  }
  if (kind === 'string') {
    return Buffer.concat(
      values.map((v) => {
        const text = Buffer.from(String(v), 'utf8');
        const length = Buffer.alloc(4);
        length.writeUInt32LE(text.length);
        return Buffer.concat([length, text]);
      }),
    );
  }
  const width = kind === 'int32' ? 4 : 8;
  const out = Buffer.alloc(values.length * width);
  values.forEach((v, i) => {
    if (kind === 'int32') out.writeInt32LE(Number(v), i * 4);
    else if (kind === 'double') out.writeDoubleLE(Number(v), i * 8);
    else out.writeBigInt64LE(BigInt(v as bigint | number), i * 8);
  });
  return out;
}

/** Definition levels (bit width 1) as RLE runs, with the v1 page's 4-byte length prefix. */
function definitionLevels(values: readonly ParquetValue[]): Buffer {
  const w = new CompactWriter();
  for (let i = 0; i < values.length; ) {
    const defined = values[i] !== null;
    let run = 1;
    while (i + run < values.length && (values[i + run] !== null) === defined) run++;
    w.varint(BigInt(run) << 1n);
    w.bytes.push(defined ? 1 : 0);
    i += run;
  }
  const length = Buffer.alloc(4);
  length.writeUInt32LE(w.bytes.length);
  return Buffer.concat([length, Buffer.from(w.bytes)]);
}

function pageBody(column: ParquetColumnSpec, values: readonly ParquetValue[]): Buffer {
  if (!column.optional && values.includes(null)) throw new Error(`column ${column.name} is REQUIRED but holds null`);
  const present = values.filter((v) => v !== null);
  const levels = column.optional ? definitionLevels(values) : Buffer.alloc(0);
  return Buffer.concat([levels, plainValues(column.kind, present)]);
}

function columnChunk(
  column: ParquetColumnSpec,
  values: readonly ParquetValue[],
  codec: keyof typeof CODECS,
): { bytes: Buffer; uncompressed: number } {
  const raw = pageBody(column, values);
  const stored = codec === 'GZIP' ? gzipSync(raw) : raw;
  const header = thrift((w) => {
    w.i32(1, 0); // DATA_PAGE
    w.i32(2, raw.length);
    w.i32(3, stored.length);
    w.struct(5, () => {
      w.i32(1, values.length);
      w.i32(2, 0); // PLAIN
      w.i32(3, 3); // RLE definition levels
      w.i32(4, 3); // RLE repetition levels
    });
  });
  return { bytes: Buffer.concat([header, stored]), uncompressed: header.length + raw.length };
}

const TIME_UNITS = { timestamp_ms: 1, timestamp_us: 2, timestamp_ns: 3 } as const;
const CONVERTED_TIMESTAMPS = { timestamp_ms: 9, timestamp_us: 10 } as const;

function schemaElement(w: CompactWriter, column: ParquetColumnSpec): void {
  w.body(() => {
    w.i32(1, PHYSICAL[column.kind]);
    w.i32(3, column.optional ? 1 : 0);
    w.string(4, column.name);
    if (column.kind === 'string') w.i32(6, 0); // UTF8
    if (column.kind === 'timestamp_ms' || column.kind === 'timestamp_us') w.i32(6, CONVERTED_TIMESTAMPS[column.kind]);
    if (column.kind === 'string') w.struct(10, () => w.struct(1, () => undefined));
    if (column.kind.startsWith('timestamp_')) {
      const unit = TIME_UNITS[column.kind as keyof typeof TIME_UNITS];
      w.struct(10, () =>
        w.struct(8, () => {
          w.bool(1, false);
          w.struct(2, () => w.struct(unit, () => undefined));
        }),
      );
    }
  });
}

interface ChunkInfo {
  readonly column: ParquetColumnSpec;
  readonly offset: number;
  readonly size: number;
  readonly uncompressed: number;
  readonly numValues: number;
}

function rowGroupMetadata(w: CompactWriter, chunks: readonly ChunkInfo[], codec: number, numRows: number): void {
  w.body(() => {
    w.list(1, T.STRUCT, chunks, (chunk) =>
      w.body(() => {
        w.i64(2, chunk.offset);
        w.struct(3, () => {
          w.i32(1, PHYSICAL[chunk.column.kind]);
          w.list(2, T.I32, [0, 3], (e) => w.zigzag(e));
          w.list(3, T.BINARY, [chunk.column.name], (p) => w.binary(p));
          w.i32(4, codec);
          w.i64(5, chunk.numValues);
          w.i64(6, chunk.uncompressed);
          w.i64(7, chunk.size);
          w.i64(9, chunk.offset);
        });
      }),
    );
    w.i64(
      2,
      chunks.reduce((sum, c) => sum + c.uncompressed, 0),
    );
    w.i64(3, numRows);
  });
}

/**
 * Encodes the columns (all of the same length) as a Parquet file.
 * @example writeParquet([{ name: 'subject_id', kind: 'int64', values: [1n, 2n] }]) // Uint8Array starting "PAR1"
 */
export function writeParquet(columns: readonly ParquetColumnSpec[], options: ParquetWriteOptions = {}): Uint8Array {
  const numRows = columns[0]?.values.length ?? 0;
  if (columns.some((c) => c.values.length !== numRows)) throw new Error('all columns need the same number of values');
  const codec = options.codec ?? 'UNCOMPRESSED';
  const groupSize = Math.max(1, options.rowGroupSize ?? numRows);
  const parts: Buffer[] = [Buffer.from('PAR1')];
  let offset = 4;
  const groups: { chunks: ChunkInfo[]; rows: number }[] = [];
  for (let start = 0; start < numRows || (start === 0 && groups.length === 0); start += groupSize) {
    const end = Math.min(numRows, start + groupSize);
    const chunks = columns.map((column) => {
      const { bytes, uncompressed } = columnChunk(column, column.values.slice(start, end), codec);
      parts.push(bytes);
      const info = { column, offset, size: bytes.length, uncompressed, numValues: end - start };
      offset += bytes.length;
      return info;
    });
    groups.push({ chunks, rows: end - start });
    if (numRows === 0) break;
  }
  const footer = thrift((w) => {
    w.i32(1, 1);
    w.list(2, T.STRUCT, [null, ...columns], (column) =>
      column === null
        ? w.body(() => {
            w.string(4, 'schema');
            w.i32(5, columns.length);
          })
        : schemaElement(w, column),
    );
    w.i64(3, numRows);
    w.list(4, T.STRUCT, groups, (group) => rowGroupMetadata(w, group.chunks, CODECS[codec], group.rows));
    w.string(6, 'eval-factory test writer');
  });
  const length = Buffer.alloc(4);
  length.writeUInt32LE(footer.length);
  parts.push(footer, length, Buffer.from('PAR1'));
  return new Uint8Array(Buffer.concat(parts));
}
