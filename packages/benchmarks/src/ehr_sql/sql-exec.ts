/**
 * Runs one untrusted query against the EHRSQL SQLite database without letting it change anything (docs/benchmarks/ehr_sql.md):
 * a fresh read-only, immutable connection per query, no attachable databases, load_extension disabled by
 * node-sqlite3, only statements `guardSelect` accepts, a time limit enforced with `interrupt()`, and row and size
 * limits. Every failure of the query itself is a result (`ok: false`), never a throw.
 */
import { pathToFileURL } from 'node:url';
import type sqlite3Types from 'sqlite3';
import { lazyRequire } from '../shared/lazy-require.js';

type Database = sqlite3Types.Database;
const sqlite = () => lazyRequire<typeof sqlite3Types>('sqlite3');
import { guardSelect } from './sql-guard.js';
import { toSqlValue } from './sql-result.js';
import type { SqlRow } from './sql-result.js';

export interface QueryLimits {
  /** Wall-clock limit per query (HELM has none). */
  readonly timeoutMs: number;
  /** More rows than this is an error (the result could not be compared anyway). */
  readonly maxRows: number;
  /** Rough budget for the text and blob bytes of a result, against memory blow-ups. */
  readonly maxResultBytes: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  timeoutMs: 10_000,
  maxRows: 100_000,
  maxResultBytes: 64 * 1024 * 1024,
};

/** Longest single string or blob a query may build (SQLite's default is 1 GB). */
const MAX_VALUE_BYTES = 16 * 1024 * 1024;

export type QueryOutcome =
  | { readonly ok: true; readonly rows: SqlRow[] }
  | { readonly ok: false; readonly error: string };

/** Opcodes that only a writing statement compiles to (a second guard behind the tokenizer). */
const WRITE_OPCODES = new Set([
  'OpenWrite',
  'Vacuum',
  'Destroy',
  'Clear',
  'CreateBtree',
  'ParseSchema',
  'JournalMode',
  'IncrVacuum',
]);

/** Error text as Python's sqlite3 gives it (node-sqlite3 prefixes the result code, e.g. `SQLITE_ERROR: `). */
function sqliteMessage(error: Error): string {
  return error.message.replace(/^SQLITE_[A-Z_]+: /, '');
}

/** Opens `dbPath` read-only and immutable via a URI, so SQLite neither writes nor locks the file. */
export function openReadOnly(dbPath: string): Promise<Database> {
  const uri = `${pathToFileURL(dbPath).href}?mode=ro&immutable=1`;
  return new Promise((resolve, reject) => {
    const db: Database = new (sqlite().Database)(uri, sqlite().OPEN_READONLY | sqlite().OPEN_URI, (error) => {
      if (error) reject(new Error(`cannot open the EHRSQL database ${dbPath}: ${sqliteMessage(error)}`));
      else resolve(db);
    });
  });
}

function closeQuietly(db: Database): Promise<void> {
  return new Promise((resolve) => db.close(() => resolve()));
}

function allRows(db: Database, sql: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) =>
    db.all(sql, (error: Error | null, rows: Record<string, unknown>[]) => (error ? reject(error) : resolve(rows))),
  );
}

/**
 * Number of result columns from SQLite's compiled program (`ResultRow` p2), or an error message when the program
 * would write. Compiling also reports syntax and name errors exactly as SQLite words them.
 */
async function inspectProgram(db: Database, statement: string): Promise<{ columns: number } | { error: string }> {
  const program = await allRows(db, `EXPLAIN ${statement}`);
  let columns = 0;
  for (const op of program) {
    const writesTransaction = op.opcode === 'Transaction' && op.p2 !== 0;
    if (WRITE_OPCODES.has(String(op.opcode)) || writesTransaction)
      return { error: 'statement rejected: it would write to the database' };
    if (op.opcode === 'ResultRow') columns = Math.max(columns, Number(op.p2));
  }
  return { columns };
}

/**
 * node-sqlite3 returns rows as objects keyed by column name, which loses duplicate names (`SELECT 1 AS a, 2 AS a`)
 * and reorders integer-like ones (`SELECT 'x', 5 AS "1"`). Renaming the columns positionally through a CTE column
 * list keeps every value in order; the outer LIMIT stops runaway results one row past the limit.
 */
function positionalSql(statement: string, columns: number, maxRows: number): string {
  const names = Array.from({ length: columns }, (_, i) => `c${i}`);
  return `WITH "ef_guarded_result"(${names.join(', ')}) AS (\n${statement}\n) SELECT * FROM "ef_guarded_result" LIMIT ${maxRows + 1}`;
}

function valueBytes(value: unknown): number {
  if (typeof value === 'string') return value.length * 2;
  return Buffer.isBuffer(value) ? value.length : 8;
}

interface Collected {
  rows: SqlRow[];
  bytes: number;
  overflow: string | null;
  error: Error | null;
}

/**
 * Streams rows with `each`, interrupting the query as soon as a limit is passed. node-sqlite3 reports a failing step
 * (interrupt, "string or blob too big", …) to the row callback, possibly after the completion callback; the
 * statement's `finalize` is queued behind that report, so the result is settled once both have fired.
 */
function collectRows(db: Database, sql: string, columns: number, limits: QueryLimits): Promise<Collected> {
  const state: Collected = { rows: [], bytes: 0, overflow: null, error: null };
  const onRow = (error: Error | null, row: Record<string, unknown>) => {
    if (error) state.error ??= error;
    if (error || state.overflow !== null) return;
    const values = Array.from({ length: columns }, (_, i) => row[`c${i}`]);
    state.bytes += values.reduce((sum: number, v) => sum + valueBytes(v), 0);
    if (state.rows.length >= limits.maxRows) state.overflow = `the query returned more than ${limits.maxRows} rows`;
    else if (state.bytes > limits.maxResultBytes)
      state.overflow = `the query result exceeds ${limits.maxResultBytes} bytes`;
    if (state.overflow !== null) return void db.interrupt();
    state.rows.push(values.map(toSqlValue));
  };
  return new Promise((resolve, reject) => {
    let pending = 2;
    const settle = () => {
      if (--pending > 0) return;
      if (state.error && state.overflow === null) reject(state.error);
      else resolve(state);
    };
    const statement = db.prepare(sql, (error: Error | null) => {
      if (error) return reject(error);
      statement.each(onRow, settle);
      statement.finalize(settle);
    });
  });
}

async function runOnConnection(db: Database, statement: string, limits: QueryLimits): Promise<QueryOutcome> {
  const program = await inspectProgram(db, statement);
  if ('error' in program) return { ok: false, error: program.error };
  if (program.columns === 0) return { ok: true, rows: [] };
  const collected = await collectRows(
    db,
    positionalSql(statement, program.columns, limits.maxRows),
    program.columns,
    limits,
  );
  return collected.overflow === null ? { ok: true, rows: collected.rows } : { ok: false, error: collected.overflow };
}

/**
 * Executes `sql` (one SELECT) on a private read-only connection and returns its rows or the error text.
 * Throws only when the database itself cannot be opened (an environment problem, not the query's fault).
 * @example await runReadOnlyQuery('/data/eicu.sqlite', 'SELECT count(*) FROM patient;') // { ok: true, rows: [[7]] }
 */
export async function runReadOnlyQuery(
  dbPath: string,
  sql: string,
  limits: QueryLimits = DEFAULT_QUERY_LIMITS,
): Promise<QueryOutcome> {
  const guarded = guardSelect(sql);
  if (!guarded.ok) return guarded;
  if (guarded.statement === '') return { ok: true, rows: [] };
  const db = await openReadOnly(dbPath);
  db.configure('limit', sqlite().LIMIT_ATTACHED, 0);
  db.configure('limit', sqlite().LIMIT_LENGTH, MAX_VALUE_BYTES);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    db.interrupt();
  }, limits.timeoutMs);
  try {
    return await runOnConnection(db, guarded.statement, limits);
  } catch (error) {
    if (timedOut)
      return { ok: false, error: `the query ran longer than ${limits.timeoutMs / 1000} s and was interrupted` };
    return { ok: false, error: sqliteMessage(error as Error) };
  } finally {
    clearTimeout(timer);
    await closeQuietly(db);
  }
}
