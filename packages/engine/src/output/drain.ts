import type { WriteStream } from 'node:fs';

/**
 * Resolves when `stream` drains; rejects if it fails first (a full disk never emits 'drain'), or at once when it has
 * failed or been destroyed already: such a stream emits neither event again, and a wait for it held nothing open,
 * so the process ended mid-run with exit code 0.
 */
export function untilDrained(stream: WriteStream): Promise<void> {
  if (stream.destroyed) return Promise.reject(stream.errored ?? new Error(`${String(stream.path)}: stream closed`));
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', done);
      stream.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    stream.once('drain', done);
    stream.once('error', done);
  });
}
