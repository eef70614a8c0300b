import type { WriteStream } from 'node:fs';

/** Resolves when `stream` drains; rejects if it fails first (a full disk never emits 'drain'). */
export function untilDrained(stream: WriteStream): Promise<void> {
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
