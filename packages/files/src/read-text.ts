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

const JSON_WHITESPACE = new Set([' ', '\t', '\n', '\r']);

function skipWhitespace(text: string, pos: number): number {
  while (pos < text.length && JSON_WHITESPACE.has(text[pos])) pos++;
  return pos;
}

/** Index just past the JSON string starting at `pos` (which holds the opening quote). */
function endOfString(text: string, pos: number): number {
  for (let i = pos + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return -1;
}

/** Index of the `,` or `}` that ends the member value starting at `pos`; -1 when the text ends first. */
function endOfValue(text: string, pos: number): number {
  let depth = 0;
  for (let i = pos; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      i = endOfString(text, i) - 1;
      if (i < 0) return -1;
    } else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      if (depth === 0) return i;
      depth--;
    } else if (ch === ',' && depth === 0) return i;
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

/**
 * Parses a top-level JSON object into `[key, value]` pairs in **file order**. `JSON.parse` moves integer-like keys
 * (PubMedQA PMIDs) to the front in numeric order; Python's `json.load` keeps file order, and HELM iterates it.
 * A repeated key keeps its first position and its last value, like a Python dict. Nested values use `JSON.parse`.
 * @example readJsonObjectEntries('{"9": 1, "10": 2}') // [['9', 1], ['10', 2]]
 */
export function readJsonObjectEntries(text: string, source = 'JSON text'): [string, unknown][] {
  const entries = new Map<string, unknown>();
  const fail = (pos: number, what: string): never => {
    throw dataFormatError(source, `expected ${what} at character ${pos} of the top-level JSON object`);
  };
  let pos = skipWhitespace(text, text.startsWith('\ufeff') ? 1 : 0);
  if (text[pos] !== '{') fail(pos, '"{"');
  pos = skipWhitespace(text, pos + 1);
  let closed = text[pos] === '}';
  if (closed) pos++;
  while (!closed) {
    if (text[pos] !== '"') fail(pos, 'a string key');
    const keyEnd = endOfString(text, pos);
    if (keyEnd < 0) fail(pos, 'a closing quote');
    const key = parseSlice(text, pos, keyEnd, source) as string;
    pos = skipWhitespace(text, keyEnd);
    if (text[pos] !== ':') fail(pos, '":"');
    const valueStart = skipWhitespace(text, pos + 1);
    const valueEnd = endOfValue(text, valueStart);
    const validEnd = valueEnd > valueStart && (text[valueEnd] === ',' || text[valueEnd] === '}');
    if (!validEnd) fail(valueStart, 'a value followed by "," or "}"');
    entries.set(key, parseSlice(text, valueStart, valueEnd, source));
    closed = text[valueEnd] === '}';
    pos = skipWhitespace(text, valueEnd + 1);
  }
  if (skipWhitespace(text, pos) !== text.length) fail(pos, 'the end of the text');
  return [...entries.entries()];
}
