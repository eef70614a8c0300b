/** Output files written whole or not at all (temp file + rename), in chunks while the run goes on. */
import type { Buffer } from 'node:buffer';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { makeOutputDirSync } from '@eval-factory/files';
import { basename, dirname, join } from 'node:path';
import { untilDrained } from './drain.js';
import { helmElementJson } from './helm-json.js';
import type { TextPieces } from './per-instance-stats.js';
import { CHUNK_BYTES, Utf8Chunk } from './utf8-chunk.js';
import { bothWritten, WRITTEN } from './written.js';

/**
 * Writes `items` as JSONL (instances.jsonl, the dry run's files), atomically, line by line through a stream: no
 * string of the whole file is built (a million instances would need one of several hundred MB).
 */
export async function writeJsonlAtomic<T>(
  path: string,
  items: Iterable<T> | AsyncIterable<readonly T[]>,
  lineOf: (item: T) => unknown = (item) => item,
): Promise<void> {
  const writer = await JsonlAtomicWriter.open(path);
  try {
    // Waited for only when the disk is behind: an await per line cost more than encoding the line.
    for await (const batch of Symbol.asyncIterator in items ? items : [items])
      for (const item of batch) {
        const written = writer.push(lineOf(item));
        if (written !== WRITTEN) await written;
      }
    await writer.close();
  } catch (error) {
    await writer.discard();
    throw error;
  }
}

/**
 * Writes a large JSON array (HELM's scenario_state / per_instance_stats) element by element through a stream, then
 * renames it into place: no single giant string is ever built. Elements are pretty-printed with 2 spaces but not
 * indented under the array bracket (re-indenting every line of 10,000 elements costs more than the rest of the
 * file); null fields are omitted as in the other HELM files.
 */
export async function writeJsonArrayAtomic(path: string, items: Iterable<unknown>, prefix = '', suffix = '') {
  await writeJsonTextArrayAtomic(path, elementTexts(items), prefix, suffix);
}

function* elementTexts(items: Iterable<unknown>): Generator<string> {
  for (const item of items) yield helmElementJson(item);
}

/**
 * `writeJsonArrayAtomic` for elements already serialised (by a writer that knows their shape and makes their
 * text faster than JSON.stringify can, e.g. the per-instance HELM stats).
 */
export async function writeJsonTextArrayAtomic(
  path: string,
  texts: Iterable<string>,
  prefix = '',
  suffix = '',
): Promise<void> {
  const writer = await JsonArrayWriter.open(path, prefix);
  try {
    for (const text of texts) await writer.push(text);
    await writer.close(suffix);
  } catch (error) {
    await writer.discard();
    throw error;
  }
}

/**
 * Text written into a temp file in ~1 MB chunks and renamed into place on `close`: a reader never sees half a file,
 * and a run can write a large output while answers arrive. `append` only waits for the disk when WRITE_AHEAD_BYTES
 * are queued, so a caller that cannot wait may ignore its promise.
 */
class ChunkedAtomicFile {
  private readonly chunk = new Utf8Chunk();
  private failure: Error | null = null;
  private drained: Promise<void> | null = null;

  private constructor(
    private readonly path: string,
    private readonly tmp: string,
    private readonly stream: WriteStream,
  ) {
    stream.on('error', (e) => (this.failure ??= e));
  }

  static async open(path: string): Promise<ChunkedAtomicFile> {
    makeOutputDirSync(dirname(path));
    await removeStaleTemps(path);
    const tmp = `${path}.tmp-${process.pid}`;
    // Up to WRITE_AHEAD_BYTES queued before waiting for the disk: with the default 16 KB every 1 MB chunk waited
    // for its write, and serialising the next chunk waited with it.
    return new ChunkedAtomicFile(path, tmp, createWriteStream(tmp, { highWaterMark: WRITE_AHEAD_BYTES }));
  }

  /** Adds text (then `more`); gathered into ~1 MB chunks, since one stream write each costs more. */
  append(text: string, more?: string): Promise<void> {
    const written = this.appendOne(text);
    return more === undefined ? written : bothWritten(written, this.appendOne(more));
  }

  /** Adds each piece in turn (strings are encoded, bytes copied). */
  appendPieces(pieces: TextPieces): Promise<void> {
    let written = WRITTEN;
    for (const piece of pieces) {
      const one = this.appendOne(piece);
      written = bothWritten(written, one);
    }
    return written;
  }

  private appendOne(piece: string | Uint8Array): Promise<void> {
    if (this.chunk.addPiece(piece)) return WRITTEN;
    const full = this.chunk.take();
    const written = full ? this.writeChunk(full) : WRITTEN;
    // Too long for a chunk: written as it is, after the chunk before it.
    return this.chunk.addPiece(piece) ? written : bothWritten(written, this.write(piece));
  }

  /** Writes `tail`, waits for the disk and renames the file into place (the temp file goes on failure). */
  async close(tail = ''): Promise<void> {
    try {
      await this.append(tail);
      const last = this.chunk.take();
      if (last) await this.write(last);
      await new Promise<void>((resolve, reject) =>
        this.stream.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
      if (this.failure) throw this.failure;
      await rename(this.tmp, this.path);
    } catch (error) {
      await this.discard();
      // A write that failed while nothing waited for it (a full disk) destroyed the stream: its error (known once
      // the stream has closed) is the one to report, not the "stream destroyed" of a write or end() after it.
      throw this.failure ?? error;
    }
  }

  /** Drops the temp file (the run failed before `close`). */
  async discard(): Promise<void> {
    // The stream opens its file asynchronously: removed before that open completes, the file came back (a run
    // failing early left `*.tmp-<pid>` behind). Closed first, then removed.
    if (!this.stream.closed) {
      const closed = new Promise<void>((resolve) => this.stream.once('close', () => resolve()));
      this.stream.destroy();
      await closed;
    }
    await rm(this.tmp, { force: true });
  }

  /** Writes a chunk from `this.chunk` and gives it back to be refilled once the disk has it. */
  private writeChunk(full: Buffer): Promise<void> {
    return this.write(full, (error) => {
      if (!error) this.chunk.reuse(full);
    });
  }

  private write(data: string | Uint8Array, written?: (error?: Error | null) => void): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.stream.write(data, written)) return WRITTEN;
    // Every write made while the stream is full waits for the same drain: one listener, not one per chunk (callers
    // that do not wait piled them up past Node's warning limit).
    if (!this.drained) {
      const drained = untilDrained(this.stream);
      this.drained = drained;
      const settled = () => {
        if (this.drained === drained) this.drained = null;
      };
      drained.then(settled, settled);
    }
    return this.drained;
  }
}

/** A JSON array written element by element (HELM's scenario_state and per_instance_stats; see ChunkedAtomicFile). */
export class JsonArrayWriter {
  private empty = true;

  private constructor(private readonly file: ChunkedAtomicFile) {}

  static async open(path: string, prefix = ''): Promise<JsonArrayWriter> {
    const file = await ChunkedAtomicFile.open(path);
    void file.append(`${prefix}[`);
    return new JsonArrayWriter(file);
  }

  /**
   * Adds one serialised element. The separator goes in on its own: joined to the element, the pair would be a new
   * string that had to be copied whole before it could be encoded.
   */
  push(text: string): Promise<void> {
    const first = this.empty;
    this.empty = false;
    return this.file.append(first ? '\n' : ',\n', text);
  }

  /** Adds one element given in pieces (per_instance_stats: output/per-instance-stats.ts). */
  pushPieces(pieces: TextPieces): Promise<void> {
    const first = this.empty;
    this.empty = false;
    // The separator first: arguments are evaluated in order.
    return bothWritten(this.file.append(first ? '\n' : ',\n'), this.file.appendPieces(pieces));
  }

  /** Ends the array with `suffix` and renames the file into place. */
  close(suffix = ''): Promise<void> {
    return this.file.close(`${this.empty ? '' : '\n'}]${suffix}\n`);
  }

  discard(): Promise<void> {
    return this.file.discard();
  }
}

/** JSON lines written one record at a time and renamed into place on `close` (results.jsonl; see ChunkedAtomicFile). */
export class JsonlAtomicWriter {
  private constructor(private readonly file: ChunkedAtomicFile) {}

  static async open(path: string): Promise<JsonlAtomicWriter> {
    return new JsonlAtomicWriter(await ChunkedAtomicFile.open(path));
  }

  push(record: unknown): Promise<void> {
    return this.file.append(JSON.stringify(record), '\n');
  }

  close(): Promise<void> {
    return this.file.close();
  }

  discard(): Promise<void> {
    return this.file.discard();
  }
}

/**
 * A run killed while it wrote `path` (these files are open for the whole run) left `<path>.tmp-<pid>` behind; the
 * next run into the same folder removes it.
 */
async function removeStaleTemps(path: string): Promise<void> {
  const prefix = `${basename(path)}.tmp-`;
  const stale = (await readdir(dirname(path))).filter(
    (name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)),
  );
  await Promise.all(stale.map((name) => rm(join(dirname(path), name), { force: true })));
}

const WRITE_AHEAD_BYTES = 8 * CHUNK_BYTES;
