/** Scanning JSON text member by member (the layout of a top-level object), shared by the whole-text and streamed readers. */
import { dataFormatError } from './data-errors.js';

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const BRACE_OPEN = 123;
const BRACE_CLOSE = 125;
const BRACKET_OPEN = 91;
const BRACKET_CLOSE = 93;

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
    } else if (c === BRACE_OPEN || c === BRACKET_OPEN) depth++;
    else if (c === BRACE_CLOSE || c === BRACKET_CLOSE) {
      if (depth === 0) return i;
      depth--;
    } else if (c === COMMA && depth === 0) return i;
  }
  return -1;
}

/** `text[start, end)` parsed; `offset`: characters of the file before `text` (the position in the message is the file's). */
export function parseSlice(text: string, start: number, end: number, source: string, offset = 0): unknown {
  try {
    return JSON.parse(text.slice(start, end));
  } catch (e) {
    throw dataFormatError(source, `invalid JSON near character ${offset + start}: ${(e as Error).message}`);
  }
}

/** One member of a top-level object: its key, where the key starts and where its value's text starts and ends. */
interface Member {
  readonly key: string;
  readonly keyStart: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The members of a top-level JSON object, read from text given whole or piece by piece (a file read in chunks):
 * `next()` returns the next member, or `null` when it needs more text, and after `end()` when the object is
 * complete. The layout errors (`EF_DATA_FORMAT`) and the characters they name are the same however the text was
 * cut. Positions in a `Member` are in `text`, which drops what was read when text is added.
 */
export class ObjectScanner {
  text = '';
  /** Characters of the file before `text`. */
  offset = 0;
  private pos = 0;
  private state: 'open' | 'first' | 'member' | 'closed' = 'open';
  /** `{}`: the end is checked from just past the brace (a member's end is checked after its whitespace). */
  private empty = false;
  private ended = false;

  constructor(private readonly source: string) {}

  /** Adds the next piece of text; what was read is dropped. */
  push(text: string): void {
    this.text = this.pos > 0 ? this.text.slice(this.pos) + text : this.text + text;
    this.offset += this.pos;
    this.pos = 0;
  }

  /** No more text comes. */
  end(): void {
    this.ended = true;
  }

  next(): Member | null {
    const t = this.text;
    if (this.state === 'closed') {
      const rest = skipWhitespace(t, this.pos);
      if (rest < t.length) this.fail(this.empty ? this.pos : rest, 'the end of the text');
      return null;
    }
    const bom = this.state === 'open' && this.offset === 0 && t.charCodeAt(0) === 0xfeff ? 1 : 0;
    const pos = skipWhitespace(t, Math.max(this.pos, bom));
    if (pos >= t.length && !this.ended) return null;
    if (this.state === 'open') {
      if (t.charCodeAt(pos) !== BRACE_OPEN) this.fail(pos, '"{"');
      this.pos = pos + 1;
      this.state = 'first';
      return this.next();
    }
    if (this.state === 'first' && t.charCodeAt(pos) === BRACE_CLOSE) {
      this.pos = pos + 1;
      this.state = 'closed';
      this.empty = true;
      return this.next();
    }
    return this.member(pos);
  }

  private member(pos: number): Member | null {
    const t = this.text;
    if (t.charCodeAt(pos) !== QUOTE) this.fail(pos, 'a string key');
    const keyEnd = endOfString(t, pos);
    if (keyEnd < 0) return this.more(pos, 'a closing quote');
    const key = parseSlice(t, pos, keyEnd, this.source, this.offset) as string;
    const colon = skipWhitespace(t, keyEnd);
    if (colon >= t.length && !this.ended) return null;
    if (t.charCodeAt(colon) !== COLON) this.fail(colon, '":"');
    const start = skipWhitespace(t, colon + 1);
    const end = endOfValue(t, start);
    if (end < 0) return this.more(start, 'a value followed by "," or "}"');
    const c = t.charCodeAt(end);
    if (end <= start || (c !== COMMA && c !== BRACE_CLOSE)) this.fail(start, 'a value followed by "," or "}"');
    this.state = c === BRACE_CLOSE ? 'closed' : 'member';
    this.pos = end + 1;
    return { key, keyStart: pos, start, end };
  }

  /** The text ended inside a member: more may come, or, at the end, `what` was expected at `pos`. */
  private more(pos: number, what: string): null {
    if (this.ended) this.fail(pos, what);
    return null;
  }

  private fail(pos: number, what: string): never {
    throw dataFormatError(
      this.source,
      `expected ${what} at character ${this.offset + pos} of the top-level JSON object`,
    );
  }
}
