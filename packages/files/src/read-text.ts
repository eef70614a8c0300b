import { readFile } from 'node:fs/promises';
import { dataFormatError } from './data-errors.js';

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
  const bytes = await readFile(path);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw dataFormatError(path, 'the file is not valid UTF-8');
  }
  return pythonNewlines(text);
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

function skipWhitespace(text: string, pos: number): number {
  for (; pos < text.length; pos++) {
    const c = text.charCodeAt(pos);
    if (c !== SPACE && c !== LF && c !== CR && c !== TAB) break;
  }
  return pos;
}

/** Index just past the JSON string starting at `pos` (which holds the opening quote); -1 when it never closes. */
function endOfString(text: string, pos: number): number {
  for (let q = text.indexOf('"', pos + 1); q >= 0; q = text.indexOf('"', q + 1)) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q + 1;
  }
  return -1;
}

/** Index of the `,` or `}` that ends the member value starting at `pos`; -1 when the text ends first. */
function endOfValue(text: string, pos: number): number {
  let depth = 0;
  for (let i = pos; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i) - 1;
      if (i < 0) return -1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) return i;
      depth--;
    } else if (c === COMMA && depth === 0) return i;
  }
  return -1;
}

function parseSlice(text: string, start: number, end: number, source: string): unknown {
  try {
    return JSON.parse(text.slice(start, end));
  } catch (e) {
    throw dataFormatError(source, `invalid JSON near character ${start}: ${(e as Error).message}`);
  }
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
  const fail = (pos: number, what: string): never => {
    throw dataFormatError(source, `expected ${what} at character ${pos} of the top-level JSON object`);
  };
  const keys: string[] = [];
  const bounds: number[] = [];
  const indexOfKey = new Map<string, number>();
  let pos = skipWhitespace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text.charCodeAt(pos) !== OPEN_BRACE) fail(pos, '"{"');
  pos = skipWhitespace(text, pos + 1);
  let closed = text.charCodeAt(pos) === CLOSE_BRACE;
  if (closed) pos++;
  while (!closed) {
    if (text.charCodeAt(pos) !== QUOTE) fail(pos, 'a string key');
    const keyEnd = endOfString(text, pos);
    if (keyEnd < 0) fail(pos, 'a closing quote');
    const key = parseSlice(text, pos, keyEnd, source) as string;
    pos = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(pos) !== COLON) fail(pos, '":"');
    const valueStart = skipWhitespace(text, pos + 1);
    const valueEnd = endOfValue(text, valueStart);
    const end = text.charCodeAt(valueEnd);
    if (valueEnd <= valueStart || (end !== COMMA && end !== CLOSE_BRACE))
      fail(valueStart, 'a value followed by "," or "}"');
    const known = indexOfKey.get(key);
    const k = known ?? keys.length;
    if (known === undefined) {
      indexOfKey.set(key, k);
      keys.push(key);
    }
    // The value a repeated key replaces is never read again, but Python's json.load (HELM) parses it: invalid, it
    // fails the file there too.
    else parseSlice(text, bounds[2 * k], bounds[2 * k + 1], source);
    bounds[2 * k] = valueStart;
    bounds[2 * k + 1] = valueEnd;
    closed = end === CLOSE_BRACE;
    pos = skipWhitespace(text, valueEnd + 1);
  }
  if (skipWhitespace(text, pos) !== text.length) fail(pos, 'the end of the text');
  return { keys, bounds };
}

/**
 * `jsonObjectEntries` parsed whole, as `[key, value]` pairs.
 * @example readJsonObjectEntries('{"9": 1, "10": 2}') // [['9', 1], ['10', 2]]
 */
export function readJsonObjectEntries(text: string, source = 'JSON text'): [string, unknown][] {
  return [...jsonObjectEntries(text, source)];
}
