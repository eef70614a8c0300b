/**
 * HOCON's tokens, as the run-entries files (run-entries.ts) and prod_env/credentials.conf (helm-credentials.ts) are
 * read: comments dropped, a quoted string one token with its escapes read as JSON's, line ends kept (they separate
 * fields and entries).
 */
import type { UserError } from '@eval-factory/errors';

/** A token and the line it starts on: punctuation, a string (quoted or not), or a line end (a separator). */
export interface Token {
  readonly kind: 'punct' | 'string' | 'newline';
  readonly text: string;
  /** 1-based line it starts on, counted once while tokenizing (re-counting per entry made a 20k-entry conf slow). */
  readonly line: number;
  /** Written in quotes: a value, never a key of the grammar or a number. */
  readonly quoted?: boolean;
}

/** HOCON's characters that end an unquoted string (and whitespace). */
const UNQUOTED_END = /[\s$"{}[\]:=,+#`^?!@*&\\]/;
/** How a HOCON file's reader words an error at a line (credentials.conf's never quotes the text: it holds keys). */
export type HoconError = (file: string, line: number, what: string) => UserError;

/**
 * HOCON's tokens (the run-entries files and prod_env/credentials.conf), comments dropped; a quoted string is one
 * token with its escapes read as JSON's.
 */
export function tokenize(text: string, file: string, confError: HoconError): { tokens: Token[]; lastLine: number } {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  const push = (kind: Token['kind'], value: string, quoted = false) =>
    tokens.push({ kind, text: value, line, ...(quoted ? { quoted } : {}) });
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      push('newline', '\n');
      i++;
      line++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === '#' || text.startsWith('//', i)) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      if (end < 0) throw confError(file, line, 'a """ string is not closed');
      push('string', text.slice(i + 3, end), true);
      for (let k = i; k < end; k++) if (text[k] === '\n') line++;
      i = end + 3;
    } else if (c === '"') {
      const m = /"((?:[^"\\\n]|\\.)*)"/y;
      m.lastIndex = i;
      const found = m.exec(text);
      if (!found) throw confError(file, line, 'a quoted string is not closed on its line');
      push('string', unquote(found[0], file, line, confError), true);
      i = m.lastIndex;
    } else if ('{}[]:=,+'.includes(c)) {
      push('punct', c);
      i++;
    } else {
      const start = i;
      while (i < text.length && !UNQUOTED_END.test(text[i]!) && !text.startsWith('//', i)) i++;
      if (i === start) throw confError(file, line, `unexpected ${JSON.stringify(c)}`);
      push('string', text.slice(start, i));
    }
  }
  return { tokens, lastLine: line };
}

/** A double-quoted string's text, its escapes read as JSON's (HOCON's are the same); a bad one is EF_SUITE_CONF. */
function unquote(quoted: string, file: string, line: number, confError: HoconError): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    throw confError(file, line, `${quoted.slice(0, 40)} is not a string HOCON reads (a bad \\ escape, or a tab)`);
  }
}
