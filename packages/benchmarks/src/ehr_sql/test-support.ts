/**
 * Test helpers for ehr_sql (not exported from the package): the fixture folder, a builder for the fixture database
 * from its SQL sources, and a table dump to compare databases.
 */
import { cp, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sqlite3 from 'sqlite3';
import type { AnnotatorContext, Instance, PromptRequest } from '@eval-factory/types';
import { tempDir } from '../shared/test-support.js';
import { openReadOnly } from './sql-exec.js';

export const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixture');
export const FIXTURE_DB = join(FIXTURE_DIR, 'eicu.sqlite');

/** Writes a new database at `path` from the fixture DDL and the invented rows (our own SQL, run read-write). */
export async function buildFixtureDatabase(path: string): Promise<void> {
  const sql =
    (await readFile(join(FIXTURE_DIR, 'eicu', 'eicu.sql'), 'utf8')) +
    (await readFile(join(FIXTURE_DIR, 'fixture-rows.sql'), 'utf8'));
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened: sqlite3.Database = new sqlite3.Database(path, (e) => (e ? reject(e) : resolve(opened)));
  });
  await new Promise<void>((resolve, reject) => db.exec(sql, (e) => (e ? reject(e) : resolve())));
  await new Promise<void>((resolve, reject) => db.close((e) => (e ? reject(e) : resolve())));
}

/** Every row of every table, as JSON, in table then rowid order. */
export async function dumpTables(path: string): Promise<string> {
  const db = await openReadOnly(path);
  const all = (sql: string) =>
    new Promise<Record<string, unknown>[]>((resolve, reject) =>
      db.all(sql, (e: Error | null, rows: Record<string, unknown>[]) => (e ? reject(e) : resolve(rows))),
    );
  const tables = await all("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name");
  const dump: unknown[] = [];
  for (const t of tables) dump.push(t, await all(`SELECT * FROM "${String(t.name)}" ORDER BY rowid`));
  await new Promise<void>((resolve) => db.close(() => resolve()));
  return JSON.stringify(dump);
}

/** A private copy of the fixture folder (tests that hash or modify files never touch the committed one). */
export async function fixtureCopy(): Promise<string> {
  const dir = await tempDir();
  await cp(FIXTURE_DIR, dir, { recursive: true });
  return dir;
}

export function fakeRequest(instance: Instance): PromptRequest {
  return {
    instance_id: instance.id,
    train_trial_index: 0,
    prompt: '',
    temperature: 0,
    max_tokens: 1024,
    stop: [],
    top_p: null,
    num_completions: 1,
    top_k_per_token: 1,
  };
}

export function annotatorContext(resources: Readonly<Record<string, unknown>>, logs: string[] = []): AnnotatorContext {
  return {
    resources,
    warn: (code, message) => void logs.push(`${code}: ${message}`),
    log: (message) => void logs.push(message),
  };
}
