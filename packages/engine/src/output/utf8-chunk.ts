import { Buffer } from 'node:buffer';

/** The size of a chunk of an output file written while a run goes (output/atomic.ts). */
export const CHUNK_BYTES = 1 << 20;

/**
 * UTF-8 bytes gathered in one buffer: each text is encoded into it as it comes and can be dropped at once. Joining
 * the texts into a string instead kept every piece alive until the chunk was written (so they outlived V8's young
 * generation, ~10 KB per instance), then copied them twice more (flattening, then encoding).
 */
export class Utf8Chunk {
  private buffer: Buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  private used = 0;
  /**
   * Chunks the disk is done with, to be filled again: a fresh 1 MB buffer is fresh memory the kernel must map and
   * zero page by page (a 10k-instance run writes ~120 MB of outputs, ~20 % of the cost of encoding them).
   */
  private readonly spare: Buffer[] = [];

  /** Encodes `text` into the chunk; false (nothing added) when it might not fit: take the chunk first. */
  add(text: string): boolean {
    // A UTF-16 code unit is at most 3 bytes of UTF-8: no text is cut short.
    if (text.length * 3 > this.buffer.length - this.used) return false;
    this.used += this.buffer.write(text, this.used);
    return true;
  }

  /** Copies `bytes` (UTF-8 encoded once by the caller) into the chunk; false (nothing added) when they do not fit. */
  addBytes(bytes: Uint8Array): boolean {
    if (bytes.length > this.buffer.length - this.used) return false;
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
    return true;
  }

  /** `add` for a string, `addBytes` for bytes. */
  addPiece(piece: string | Uint8Array): boolean {
    return typeof piece === 'string' ? this.add(piece) : this.addBytes(piece);
  }

  /** The bytes gathered so far (null when none); the next ones go into a new buffer (the stream keeps this one). */
  take(): Buffer | null {
    if (this.used === 0) return null;
    const full = this.buffer.subarray(0, this.used);
    this.buffer = this.spare.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
    this.used = 0;
    return full;
  }

  /** Gives back a chunk from `take` once it is written (nothing else may hold it): the next `take` refills it. */
  reuse(chunk: Buffer): void {
    if (chunk.buffer.byteLength === CHUNK_BYTES && this.spare.length < MAX_SPARE)
      this.spare.push(Buffer.from(chunk.buffer, chunk.byteOffset, CHUNK_BYTES));
  }
}

/** Spare chunks kept (at most the chunks one file has queued for the disk before a writer waits). */
const MAX_SPARE = 8;
