import { readFile } from 'node:fs/promises';
import { ObjectScanner, parseSlice } from './json-scan.js';
import { StrictUtf8 } from './strict-utf8.js';

/**
 * Python text-mode newline translation: CRLF and lone CR become LF (HELM opens data files in text mode).
 * @example pythonNewlines('a\r\nb\rc') // 'a\nb\nc'
 */
export function pythonNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * Reads a file the way Python's `open(path, encoding="utf-8")` does: strict UTF-8, universal newlines.
 * Invalid UTF-8 is an `EF_DATA_FORMAT` error naming the file.
 */
export async function readTextPython(path: string): Promise<string> {
  return decodePythonText(await readFile(path), path);
}

/**
 * Strict UTF-8 with Python's universal newlines, as `readTextPython` reads a file; invalid UTF-8 is an
 * `EF_DATA_FORMAT` error naming `label`.
 * @example decodePythonText(new TextEncoder().encode('a\r\nb'), 'x') // 'a\nb'
 */
export function decodePythonText(bytes: Uint8Array, label: string): string {
  return pythonNewlines(new StrictUtf8(label).decode(bytes));
}

/** The members of a top-level JSON object, each value parsed only when iterated. */
export interface JsonObjectEntries extends Iterable<[string, unknown]> {
  /** Distinct keys. */
  readonly size: number;
}

/**
 * The members of a top-level JSON object in **file order**, as Python's `json.load` keeps them (HELM iterates
 * them): `JSON.parse` would move integer-like keys (PubMedQA PMIDs) to the front in numeric order. A repeated key
 * keeps its first position and its last value, like a Python dict. The object's layout is checked at once (an
 * `EF_DATA_FORMAT` error naming the character); each value is parsed with `JSON.parse` only when the iteration
 * reaches it, so a loader that turns each value into an instance never holds the whole file parsed: a million
 * parsed entries beside the text and the instances were the peak of a large run's memory.
 * @example [...jsonObjectEntries('{"9": 1, "10": 2}')] // [['9', 1], ['10', 2]]
 */
export function jsonObjectEntries(text: string, source = 'JSON text'): JsonObjectEntries {
  const { keys, bounds } = scanMembers(text, source);
  return {
    size: keys.length,
    *[Symbol.iterator]() {
      for (let k = 0; k < keys.length; k++) yield [keys[k], parseSlice(text, bounds[2 * k], bounds[2 * k + 1], source)];
    },
  };
}

/** Each distinct key in order of first appearance, with the start and end of its last value. */
function scanMembers(text: string, source: string): { keys: string[]; bounds: number[] } {
  const keys: string[] = [];
  const bounds: number[] = [];
  const indexOfKey = new Map<string, number>();
  const scanner = new ObjectScanner(source);
  scanner.push(text);
  scanner.end();
  for (let member = scanner.next(); member !== null; member = scanner.next()) {
    const { key, start, end } = member;
    const known = indexOfKey.get(key);
    const k = known ?? keys.length;
    if (known === undefined) {
      indexOfKey.set(key, k);
      keys.push(key);
    }
    // The value a repeated key replaces is never read again, but Python's json.load (HELM) parses it: invalid, it
    // fails the file there too.
    else parseSlice(text, bounds[2 * k], bounds[2 * k + 1], source);
    bounds[2 * k] = start;
    bounds[2 * k + 1] = end;
  }
  return { keys, bounds };
}

/**
 * `jsonObjectEntries` parsed whole, as `[key, value]` pairs.
 * @example readJsonObjectEntries('{"9": 1, "10": 2}') // [['9', 1], ['10', 2]]
 */
export function readJsonObjectEntries(text: string, source = 'JSON text'): [string, unknown][] {
  return [...jsonObjectEntries(text, source)];
}
