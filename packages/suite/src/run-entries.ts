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
import { tokenize, type Token } from './hocon-tokens.js';

export interface RunEntry {
  /** `medcalc_bench:num_output_tokens=4000,model=openai/gpt-4o,model_deployment=…` */
  readonly description: string;
  /** HELM's default priority is 1 when an entry gives none. */
  readonly priority: number;
  /** 1-based line of the entry in its file. */
  readonly line: number;
}

/** What an entry may hold: HELM's RunEntry fields (`groups` only names the run's presentation groups). */
const FIELDS = new Set(['description', 'priority', 'groups']);

/**
 * @example parseRunEntries('entries: [\n  {description: "pubmed_qa:model=text", priority: 1}\n]\n', 'x.conf')
 *   // [{ description: 'pubmed_qa:model=text', priority: 1, line: 2 }]
 */
export function parseRunEntries(text: string, file: string): RunEntry[] {
  const { tokens, lastLine } = tokenize(text, file, runEntriesError);
  const at = new Cursor(tokens, file, lastLine);
  const entries: RunEntry[] = [];
  let lists = 0;
  for (at.skipNewlines(); !at.done(); at.skipNewlines()) {
    openList(at, lists > 0);
    lists++;
    readEntries(at, entries);
  }
  if (lists === 0) throw runEntriesError(file, 1, 'no `entries: [` list');
  return entries;
}

/** The tokens, read once from first to last (the parse stays linear in the text), and errors at the one at hand. */
class Cursor {
  private i = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly file: string,
    private readonly lastLine: number,
  ) {}

  get token(): Token | undefined {
    return this.tokens[this.i];
  }

  done(): boolean {
    return this.i >= this.tokens.length;
  }

  next(): void {
    this.i++;
  }

  skipNewlines(): void {
    while (this.tokens[this.i]?.kind === 'newline') this.i++;
  }

  isNewline(): boolean {
    return this.token?.kind === 'newline';
  }

  isPunct(text: string): boolean {
    const t = this.token;
    return t?.kind === 'punct' && t.text === text;
  }

  /** Steps over the punctuation `text` when it is next; says whether it was. */
  take(text: string): boolean {
    if (!this.isPunct(text)) return false;
    this.i++;
    return true;
  }

  /** Fails at `token` (default: the one at hand), or at the end of the text when there is none. */
  fail(what: string, token: Token | undefined = this.token): never {
    throw runEntriesError(this.file, token?.line ?? this.lastLine, what);
  }
}

/** `entries: [` (or `=`, or `+=` to add to a list before it: HOCON keeps only the last list given with `:`). */
function openList(at: Cursor, second: boolean): void {
  const key = at.token as Token;
  if (key.kind !== 'string' || key.text !== 'entries')
    at.fail(`no \`entries: [\` list here: found ${JSON.stringify(key.text)}`, key);
  at.next();
  const append = at.take('+');
  if (!at.take(':')) at.take('=');
  at.skipNewlines();
  if (!at.isPunct('[')) at.fail('expected `[` after `entries`');
  if (second && !append)
    at.fail('a second `entries` list: HOCON keeps only the last one; write `entries += [ … ]` to add to it', key);
  at.next();
}

/** The list's entries up to its `]`, each parted from the next by a comma or a new line. */
function readEntries(at: Cursor, entries: RunEntry[]): void {
  for (at.skipNewlines(); !at.isPunct(']'); at.skipNewlines()) {
    if (at.done()) at.fail('the `entries` list is not closed with `]`');
    entries.push(readEntry(at));
    // HOCON merges two objects on one line (`{…} {…}` is one entry): a comma or a new line must part them.
    if (!at.isNewline() && !at.isPunct(',') && !at.isPunct(']'))
      at.fail('two entries on one line need a comma between them');
    at.skipNewlines();
    at.take(',');
  }
  at.next();
}

function readEntry(at: Cursor): RunEntry {
  const open = at.token as Token;
  if (open.kind !== 'punct' || open.text !== '{')
    at.fail(`expected {description: "…", priority: N}, found ${JSON.stringify(open.text)}`, open);
  at.next();
  return entryOf(at, open, readFields(at));
}

/** An entry's fields up to its `}`: each one HELM knows, given once, then `:` or `=` and its value. */
function readFields(at: Cursor): Map<string, Token | Token[]> {
  const fields = new Map<string, Token | Token[]>();
  for (at.skipNewlines(); !at.isPunct('}'); at.skipNewlines()) {
    const key = at.token;
    if (key?.kind !== 'string') at.fail('the entry is not closed with `}`', key);
    const name = (key as Token).text;
    if (!FIELDS.has(name))
      at.fail(`unknown field ${JSON.stringify(name)} (an entry has description, priority, groups)`, key);
    if (fields.has(name)) at.fail(`${name} is given twice in one entry`, key);
    at.next();
    if (!at.take(':') && !at.take('=')) at.fail(`expected : after ${name}`);
    fields.set(name, name === 'groups' ? readList(at) : readValue(at));
    if (!at.take(',') && !at.isNewline() && !at.isPunct('}')) at.fail('expected , or } after a field');
  }
  at.next();
  return fields;
}

/** The entry its fields give: a description it must have, a priority that is a whole number (HELM's default 1). */
function entryOf(at: Cursor, open: Token, fields: ReadonlyMap<string, Token | Token[]>): RunEntry {
  const description = fields.get('description') as Token | undefined;
  if (!description || description.text.trim() === '') return at.fail('an entry without a description', open);
  const priority = fields.get('priority') as Token | undefined;
  if (priority && (priority.quoted || !/^\d+$/.test(priority.text)))
    at.fail(`priority must be a whole number, not ${JSON.stringify(priority.text)}`, priority);
  return { description: description.text, priority: priority ? Number(priority.text) : 1, line: open.line };
}

function readValue(at: Cursor): Token {
  const value = at.token;
  if (value?.kind !== 'string') at.fail('expected a value', value);
  at.next();
  return value as Token;
}

function readList(at: Cursor): Token[] {
  if (!at.take('[')) at.fail('expected [ … ] after groups');
  const items: Token[] = [];
  for (at.skipNewlines(); !at.isPunct(']'); at.skipNewlines()) {
    items.push(readValue(at));
    at.take(',');
  }
  at.next();
  return items;
}

function runEntriesError(file: string, line: number, what: string): UserError {
  return new UserError(
    'EF_SUITE_CONF',
    `${file}:${line}: ${what}`,
    'Write each entry as {description: "scenario:arg=value,model=org/name", priority: 1} inside entries: [ … ] (docs/reproduce-medhelm.md).',
  );
}
