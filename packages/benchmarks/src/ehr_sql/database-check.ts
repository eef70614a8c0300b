/** Checks that a file is an SQLite database holding the tables the schema prompt describes. */
import { open } from 'node:fs/promises';
import { dataFormatError } from '../shared/data-errors.js';
import { openReadOnly } from './sql-exec.js';

const SQLITE_HEADER = 'SQLite format 3\u0000';

async function readHeader(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SQLITE_HEADER.length);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

/**
 * Table names of the `CREATE TABLE` blocks of the schema text, lower-cased.
 * @example schemaTableNames('CREATE TABLE patient\n(\nx INT\n);') // ['patient']
 */
export function schemaTableNames(schema: string): string[] {
  return [...schema.matchAll(/^CREATE TABLE\s+["`[]?([A-Za-z_][A-Za-z0-9_]*)/gm)].map((m) => m[1].toLowerCase());
}

function tableNames(db: Awaited<ReturnType<typeof openReadOnly>>): Promise<Set<string>> {
  return new Promise((resolve, reject) =>
    db.all(
      "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')",
      (error: Error | null, rows: { name: string }[]) =>
        error ? reject(error) : resolve(new Set(rows.map((r) => r.name.toLowerCase()))),
    ),
  );
}

/**
 * `EF_DATA_FORMAT` naming the file when it is not an SQLite 3 database, cannot be read, or lacks a table of the
 * schema (e.g. `extra.data_path` points at the wrong file).
 */
export async function checkEhrSqlDatabase(dbPath: string, schema: string): Promise<void> {
  if ((await readHeader(dbPath)) !== SQLITE_HEADER) throw dataFormatError(dbPath, 'not an SQLite 3 database');
  let present: Set<string>;
  try {
    const db = await openReadOnly(dbPath);
    try {
      present = await tableNames(db);
    } finally {
      await new Promise<void>((resolve) => db.close(() => resolve()));
    }
  } catch (e) {
    throw dataFormatError(dbPath, `cannot read the database (${(e as Error).message})`);
  }
  const missing = schemaTableNames(schema).filter((name) => !present.has(name));
  if (missing.length > 0) throw dataFormatError(dbPath, `missing table(s) ${missing.join(', ')} of the schema`);
}
