/** The responses logs (responses/*.jsonl), appended as answers arrive rather than written whole at the end. */
import { createWriteStream, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { makeOutputDirSync } from '@eval-factory/files';
import { untilDrained } from './drain.js';

/**
 * Appends one JSON object per line as results arrive (responses/*.jsonl). Lines are gathered and written every
 * APPEND_FLUSH_MS (or per 64 KB): one file write per answer cost ~10 % of the engine's CPU at a thousand answers a
 * second, and so did one per event-loop turn (at 0 ms latency a turn holds about one answer). A kill loses at most
 * the last moment's lines, never half a line, and nothing paid for: the answers are in the cache, and the re-run
 * writes this file again in full.
 */
export class JsonlAppender {
  private readonly stream: WriteStream;
  private pending: Promise<void> = Promise.resolve();
  /** A write that failed (a full disk): kept and thrown by the next append or close, never an unhandled event. */
  private failure: Error | null = null;
  private buffered = '';
  private flushScheduled = false;
  private draining = false;

  private constructor(stream: WriteStream) {
    this.stream = stream;
    stream.on('error', (e) => (this.failure ??= e));
  }

  static async open(path: string): Promise<JsonlAppender> {
    makeOutputDirSync(dirname(path));
    return new JsonlAppender(createWriteStream(path, { flags: 'w', encoding: 'utf8' }));
  }

  /**
   * Adds one line; the returned promise waits for the disk only when the stream's buffer is full, so callers that
   * await it never let the buffer grow without bound (one drain listener at a time).
   */
  append(record: unknown): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.buffered += `${JSON.stringify(record)}\n`;
    if (this.buffered.length >= APPEND_FLUSH_CHARS) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setTimeout(() => {
        this.flushScheduled = false;
        this.flush();
      }, APPEND_FLUSH_MS).unref();
    }
    return this.draining ? this.pending : Promise.resolve();
  }

  private flush(): void {
    // After a failed write the stream is destroyed: nothing more goes in, and close() reports the failure.
    if (this.buffered === '' || this.stream.writableEnded || this.failure) return;
    const text = this.buffered;
    this.buffered = '';
    if (!this.stream.write(text) && !this.draining) {
      this.draining = true;
      this.pending = untilDrained(this.stream).finally(() => (this.draining = false));
    }
  }

  async close(): Promise<void> {
    this.flush();
    await this.pending.catch(() => undefined);
    // The stream knows its write's error as soon as it fails; its error event may come later.
    const failure = this.failure ?? this.stream.errored;
    if (failure) {
      this.stream.destroy();
      throw failure;
    }
    await new Promise<void>((resolve, reject) =>
      this.stream.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
    if (this.failure) throw this.failure;
  }
}

const APPEND_FLUSH_CHARS = 64 * 1024;
const APPEND_FLUSH_MS = 50;
