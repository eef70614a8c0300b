/** Hub-shaped JSONL (one JSON object per line), as cached from the rows API or found in a user's data_path. */
import { dataFormatError } from './data-errors.js';

/** Reports a bad value; the caller's closure adds the file and position to the message. */
export type Fail = (what: string) => never;

/**
 * Parses every non-blank line and validates it with `rowOf`; errors name the file and the 1-based line.
 * @example parseJsonlRows('{"a":1}\n\n{"a":2}\n', 'x.jsonl', (v) => v) // [{ a: 1 }, { a: 2 }]
 */
export function parseJsonlRows<T>(text: string, file: string, rowOf: (value: unknown, fail: Fail) => T): T[] {
  const rows: T[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const fail: Fail = (what) => {
      throw dataFormatError(file, `line ${i + 1}: ${what}`);
    };
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      fail(`invalid JSON (${(e as Error).message})`);
    }
    rows.push(rowOf(value, fail));
  });
  return rows;
}
