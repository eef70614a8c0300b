/**
 * Model-written SQL is untrusted (docs/benchmarks/ehr_sql.md): a read-only connection still runs ATTACH (creates a file),
 * VACUUM INTO (writes one) and PRAGMAs. This small tokenizer follows SQLite's own rules for whitespace, comments
 * and quoting, so the statement boundaries and keywords it sees are the ones SQLite will see, and the guard lets
 * through exactly one SELECT / WITH … SELECT / VALUES statement.
 */

export type SqlTokenKind = 'word' | 'quoted' | 'string' | 'semicolon' | 'other';

export interface SqlToken {
  readonly kind: SqlTokenKind;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** SQLite's whitespace (`sqlite3Isspace`): space and \t \n \v \f \r; everything else is a token character. */
const SQL_SPACE = /[ \t\n\v\f\r]/;
/** Identifier characters in SQLite: ASCII letters, digits, `_`, `$` and every non-ASCII character. */
const WORD_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;

/** Index after the quoted run starting at `pos`; a doubled closing quote is an escape (except for `[...]`). */
function quotedEnd(sql: string, pos: number): number {
  const close = sql[pos] === '[' ? ']' : sql[pos];
  for (let i = pos + 1; i < sql.length; i++) {
    if (sql[i] !== close) continue;
    if (close !== ']' && sql[i + 1] === close) i++;
    else return i + 1;
  }
  return sql.length; // unterminated: SQLite reports an unrecognized token, so the statement fails to prepare
}

/** Index after the comment starting at `pos`, or -1 when `pos` does not start a comment. */
function commentEnd(sql: string, pos: number): number {
  if (sql.startsWith('--', pos)) {
    const nl = sql.indexOf('\n', pos);
    return nl < 0 ? sql.length : nl + 1;
  }
  if (sql.startsWith('/*', pos)) {
    const close = sql.indexOf('*/', pos + 2);
    return close < 0 ? sql.length : close + 2; // SQLite lets an unterminated block comment run to the end
  }
  return -1;
}

function tokenAt(sql: string, pos: number): SqlToken {
  const ch = sql[pos];
  let end = pos + 1;
  let kind: SqlTokenKind = 'other';
  if (ch === "'") [kind, end] = ['string', quotedEnd(sql, pos)];
  else if (ch === '"' || ch === '`' || ch === '[') [kind, end] = ['quoted', quotedEnd(sql, pos)];
  else if (ch === ';') kind = 'semicolon';
  else if (WORD_CHAR.test(ch)) {
    while (end < sql.length && WORD_CHAR.test(sql[end])) end++;
    kind = 'word';
  }
  return { kind, text: sql.slice(pos, end), start: pos, end };
}

/**
 * Significant tokens of `sql` (whitespace and comments dropped), with their source positions.
 * @example tokenizeSql("SELECT 'a;b' -- x").map((t) => t.text) // ['SELECT', "'a;b'"]
 */
export function tokenizeSql(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let pos = 0;
  while (pos < sql.length) {
    if (SQL_SPACE.test(sql[pos])) {
      pos++;
      continue;
    }
    const afterComment = commentEnd(sql, pos);
    if (afterComment >= 0) {
      pos = afterComment;
      continue;
    }
    const token = tokenAt(sql, pos);
    tokens.push(token);
    pos = token.end;
  }
  return tokens;
}

/** Statement keywords that change the database, the file system or the connection. */
const FORBIDDEN_WORDS = new Set([
  'ATTACH',
  'DETACH',
  'VACUUM',
  'PRAGMA',
  'CREATE',
  'INSERT',
  'UPDATE',
  'DELETE',
  'DROP',
  'ALTER',
  'REINDEX',
  'ANALYZE',
]);
const STATEMENT_STARTS = new Set(['SELECT', 'WITH', 'VALUES']);

/** Python's sqlite3 message for a tail after the first statement (HELM counts it as a query error). */
export const MULTIPLE_STATEMENTS_ERROR = 'You can only execute one statement at a time.';

export type GuardResult =
  | { readonly ok: true; readonly statement: string }
  | { readonly ok: false; readonly error: string };

/** Identifier text without its quotes, upper-cased, for the load_extension check. */
function identifierName(token: SqlToken): string {
  const bare = token.kind === 'quoted' ? token.text.slice(1, -1) : token.text;
  return bare.toUpperCase();
}

function forbiddenToken(tokens: readonly SqlToken[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind !== 'word' && token.kind !== 'quoted') continue;
    const name = identifierName(token);
    if (name === 'LOAD_EXTENSION') return token.text;
    if (token.kind !== 'word') continue;
    if (FORBIDDEN_WORDS.has(name)) return token.text;
    // replace(x, y, z) is a string function; REPLACE anywhere else starts a write (REPLACE INTO …).
    if (name === 'REPLACE' && tokens[i + 1]?.text !== '(') return token.text;
  }
  return null;
}

/**
 * Accepts one read-only statement: the text from its first to its last token (the `;` and trailing comments
 * dropped, so it can be wrapped safely). A comment-only or empty text gives `statement: ''`, which runs as "no rows,
 * no error" like Python's sqlite3. Anything after the first `;` but whitespace and comments is an error, as are a
 * first keyword other than SELECT / WITH / VALUES and any write, attach, pragma or load_extension token.
 * @example guardSelect('select 1; -- done') // { ok: true, statement: 'select 1' }
 */
export function guardSelect(sql: string): GuardResult {
  const tokens = tokenizeSql(sql);
  const semicolon = tokens.findIndex((t) => t.kind === 'semicolon');
  const body = semicolon < 0 ? tokens : tokens.slice(0, semicolon);
  if (semicolon >= 0 && semicolon < tokens.length - 1) return { ok: false, error: MULTIPLE_STATEMENTS_ERROR };
  if (body.length === 0) return { ok: true, statement: '' };
  const first = body[0].text.toUpperCase();
  if (body[0].kind !== 'word' || !STATEMENT_STARTS.has(first)) {
    return {
      ok: false,
      error: `only a single SELECT statement may run (the statement starts with ${JSON.stringify(body[0].text)})`,
    };
  }
  const forbidden = forbiddenToken(body);
  if (forbidden !== null)
    return { ok: false, error: `statement rejected: ${JSON.stringify(forbidden)} is not allowed in a read-only query` };
  return { ok: true, statement: sql.slice(body[0].start, body[body.length - 1].end) };
}

/**
 * EHRSQL's convention for the official database (docs/benchmarks/ehr_sql.md): "now" is a fixed timestamp. Replaces every
 * bare `current_time` keyword (any case; not inside strings, quoted names or comments) by the quoted literal.
 * @example replaceCurrentTime("select current_time, 'current_time'", '2105-12-31 23:59:00')
 * // "select '2105-12-31 23:59:00', 'current_time'"
 */
export function replaceCurrentTime(sql: string, literal: string): string {
  const hits = tokenizeSql(sql).filter((t) => t.kind === 'word' && t.text.toLowerCase() === 'current_time');
  let out = '';
  let last = 0;
  for (const hit of hits) {
    out += `${sql.slice(last, hit.start)}'${literal.replace(/'/g, "''")}'`;
    last = hit.end;
  }
  return out + sql.slice(last);
}
