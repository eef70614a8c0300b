import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** Calls `onLine` for each whole line of `stream` (UTF-8 kept whole across chunks), and for a last unterminated one. */
export function splitLines(stream: Readable | null, onLine: (line: string) => void): void {
  if (!stream) return;
  const decoder = new StringDecoder('utf8');
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (partial + decoder.write(chunk)).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream.on('end', () => {
    const rest = partial + decoder.end();
    partial = '';
    if (rest) onLine(rest);
  });
}
