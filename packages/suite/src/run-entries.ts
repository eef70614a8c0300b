/**
 * HELM's run-entries files (`run_entries_medhelm_public.conf`), which helm-run reads as HOCON (through pyhocon):
 * an `entries: [ … ]` list of `{description: "scenario:arg=value,…", priority: N}` objects. The HOCON a
 * hand-written conf uses is understood: `#` and `//` comments, `:` or `=`, keys in any order, quoted or not, commas
 * or new lines between fields and entries, triple-quoted strings, `entries += [ … ]`. Anything else is an error
 * naming its line, and so is what HOCON would read otherwise than this reader: a second `entries:` list (HOCON
 * keeps only the last one, and the first list's entries would silently not run: a complaint of HELM users), or two
 * entries on one line without a comma (HOCON merges them into one).
 */
import { UserError } from '@eval-factory/errors';

export interface RunEntry {
  /** `medcalc_bench:num_output_tokens=4000,model=openai/gpt-4o,model_deployment=…` */
  readonly description: string;
  /** HELM's default priority is 1 when an entry gives none. */
  readonly priority: number;
  /** 1-based line of the entry in its file. */
  readonly line: number;
}

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
/** What an entry may hold: HELM's RunEntry fields (`groups` only names the run's presentation groups). */
const FIELDS = new Set(['description', 'priority', 'groups']);

/**
 * @example parseRunEntries('entries: [\n  {description: "pubmed_qa:model=text", priority: 1}\n]\n', 'x.conf')
 *   // [{ description: 'pubmed_qa:model=text', priority: 1, line: 2 }]
 */
export function parseRunEntries(text: string, file: string): RunEntry[] {
  const { tokens, lastLine } = tokenize(text, file);
  /** Fails at a token, or at the end of the text when there is none. */
  const fail = (token: Token | undefined, what: string): never => {
    throw runEntriesError(file, token?.line ?? lastLine, what);
  };
  let i = 0;
  const skipNewlines = () => {
    while (tokens[i]?.kind === 'newline') i++;
  };
  const found = (kind: Token['kind'], value?: string) =>
    tokens[i]?.kind === kind && (value === undefined || tokens[i]!.text === value);
  const entries: RunEntry[] = [];
  let lists = 0;
  for (skipNewlines(); i < tokens.length; skipNewlines()) {
    const key = tokens[i]!;
    if (key.kind !== 'string' || key.text !== 'entries')
      fail(key, `no \`entries: [\` list here: found ${JSON.stringify(key.text)}`);
    i++;
    const append = found('punct', '+');
    if (append) i++;
    if (found('punct', ':') || found('punct', '=')) i++;
    skipNewlines();
    if (!found('punct', '[')) fail(tokens[i], 'expected `[` after `entries`');
    if (lists > 0 && !append)
      fail(key, 'a second `entries` list: HOCON keeps only the last one; write `entries += [ … ]` to add to it');
    lists++;
    i++;
    for (skipNewlines(); !found('punct', ']'); skipNewlines()) {
      if (i >= tokens.length) fail(undefined, 'the `entries` list is not closed with `]`');
      entries.push(readEntry());
      // HOCON merges two objects on one line (`{…} {…}` is one entry): a comma or a new line must part them.
      if (!found('newline') && !found('punct', ',') && !found('punct', ']'))
        fail(tokens[i], 'two entries on one line need a comma between them');
      skipNewlines();
      if (found('punct', ',')) i++;
    }
    i++;
  }
  if (lists === 0) throw runEntriesError(file, 1, 'no `entries: [` list');
  return entries;

  function readEntry(): RunEntry {
    const open = tokens[i]!;
    if (open.kind !== 'punct' || open.text !== '{')
      fail(open, `expected {description: "…", priority: N}, found ${JSON.stringify(open.text)}`);
    i++;
    const fields = new Map<string, Token | Token[]>();
    for (skipNewlines(); !found('punct', '}'); skipNewlines()) {
      const key = tokens[i];
      if (key?.kind !== 'string') fail(key, 'the entry is not closed with `}`');
      if (!FIELDS.has(key!.text))
        fail(key, `unknown field ${JSON.stringify(key!.text)} (an entry has description, priority, groups)`);
      if (fields.has(key!.text)) fail(key, `${key!.text} is given twice in one entry`);
      i++;
      if (!found('punct', ':') && !found('punct', '=')) fail(tokens[i], `expected : after ${key!.text}`);
      i++;
      fields.set(key!.text, key!.text === 'groups' ? readList() : readValue());
      if (found('punct', ',')) i++;
      else if (!found('newline') && !found('punct', '}')) fail(tokens[i], 'expected , or } after a field');
    }
    i++;
    const description = fields.get('description') as Token | undefined;
    if (!description || description.text.trim() === '') fail(open, 'an entry without a description');
    const priority = fields.get('priority') as Token | undefined;
    if (priority && (priority.quoted || !/^\d+$/.test(priority.text)))
      fail(priority, `priority must be a whole number, not ${JSON.stringify(priority.text)}`);
    return {
      description: description!.text,
      priority: priority ? Number(priority.text) : 1,
      line: open.line,
    };
  }

  function readValue(): Token {
    const value = tokens[i];
    if (value?.kind !== 'string') fail(value, 'expected a value');
    i++;
    return value!;
  }

  function readList(): Token[] {
    if (!found('punct', '[')) fail(tokens[i], 'expected [ … ] after groups');
    i++;
    const items: Token[] = [];
    for (skipNewlines(); !found('punct', ']'); skipNewlines()) {
      items.push(readValue());
      if (found('punct', ',')) i++;
    }
    i++;
    return items;
  }
}

/** How a HOCON file's reader words an error at a line (credentials.conf's never quotes the text: it holds keys). */
export type HoconError = (file: string, line: number, what: string) => UserError;

/**
 * HOCON's tokens (the run-entries files and prod_env/credentials.conf), comments dropped; a quoted string is one
 * token with its escapes read as JSON's.
 */
export function tokenize(
  text: string,
  file: string,
  confError: HoconError = runEntriesError,
): { tokens: Token[]; lastLine: number } {
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

function runEntriesError(file: string, line: number, what: string): UserError {
  return new UserError(
    'EF_SUITE_CONF',
    `${file}:${line}: ${what}`,
    'Write each entry as {description: "scenario:arg=value,model=org/name", priority: 1} inside entries: [ … ] (docs/reproduce-medhelm.md).',
  );
}
