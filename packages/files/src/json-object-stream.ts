import { createReadStream } from 'node:fs';
import { ObjectScanner, parseSlice } from './json-scan.js';
import { dataFormatError } from './data-errors.js';
import { pythonNewlines } from './read-text.js';
import { StrictUtf8 } from './strict-utf8.js';

export interface StreamJsonObjectOptions {
  /** The file's name in error messages; the path when not given. */
  readonly source?: string;
  /** Sees every chunk of the file's bytes as it is read (to hash the file in the same pass). */
  readonly onBytes?: (chunk: Buffer) => void;
  /** Bytes per read (tests cut files into small pieces). */
  readonly chunkBytes?: number;
}

/**
 * The members of a file's top-level JSON object in file order, as the file is read: one array per chunk read (the
 * members the chunk completes), so a loader hands its first instances on before the rest of the file is read and
 * never holds the file's text (a million entries are a few hundred MB of it); batches, not single entries, as an
 * async step per entry costs more than parsing it. Read as `readTextPython` + `jsonObjectEntries` read it (strict
 * UTF-8, universal newlines, the same `EF_DATA_FORMAT` errors naming the same characters), with one difference: a
 * key that appears twice is an error here, as the value it would replace may already be in use. The members before
 * a malformed one are yielded before its error is thrown.
 * @example for await (const batch of streamJsonObjectBatches('/data/ori_pqal.json')) for (const [pmid, entry] of batch) …
 */
export async function* streamJsonObjectBatches(
  path: string,
  options: StreamJsonObjectOptions = {},
): AsyncGenerator<[string, unknown][]> {
  const source = options.source ?? path;
  const scanner = new ObjectScanner(source);
  const text = new PythonTextPieces(source);
  const seen = new Set<string>();
  const members = (batch: [string, unknown][]): void => {
    for (let member = scanner.next(); member !== null; member = scanner.next()) {
      if (seen.has(member.key)) {
        throw dataFormatError(
          source,
          `the key ${JSON.stringify(member.key)} appears again at character ${scanner.offset + member.keyStart} (each key must appear once)`,
        );
      }
      seen.add(member.key);
      batch.push([member.key, parseSlice(scanner.text, member.start, member.end, source, scanner.offset)]);
    }
  };
  // The members a piece of text completes, as one batch; those before a malformed one still go out before its error.
  function* batchOf(): Generator<[string, unknown][]> {
    const batch: [string, unknown][] = [];
    try {
      members(batch);
    } catch (error) {
      if (batch.length > 0) yield batch;
      throw error;
    }
    if (batch.length > 0) yield batch;
  }
  const chunks = createReadStream(path, { highWaterMark: options.chunkBytes ?? CHUNK_BYTES });
  for await (const chunk of chunks as AsyncIterable<Buffer>) {
    options.onBytes?.(chunk);
    scanner.push(text.decode(chunk));
    yield* batchOf();
  }
  scanner.push(text.decode(null));
  scanner.end();
  yield* batchOf();
}

/** 64 KiB: a few hundred PubMedQA-sized entries, about a millisecond of parsing per read. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Bytes → text the way Python's text mode reads them, a chunk at a time: strict UTF-8 (a character cut between
 * two chunks is joined) and universal newlines (a CR at the end of a chunk waits for the next: it may be a CRLF).
 */
class PythonTextPieces {
  private readonly utf8: StrictUtf8;
  private cr = false;

  constructor(source: string) {
    this.utf8 = new StrictUtf8(source);
  }

  /** The text of `bytes`; `null` at the end of the file. */
  decode(bytes: Buffer | null): string {
    let text = bytes === null ? this.utf8.decode() : this.utf8.decode(bytes, true);
    if (this.cr) text = `\r${text}`;
    this.cr = bytes !== null && text.endsWith('\r');
    return pythonNewlines(this.cr ? text.slice(0, -1) : text);
  }
}
