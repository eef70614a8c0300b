import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { hashFile } from '../shared/hashing.js';
import { tempDir } from '../shared/test-support.js';
import { MULTIPLE_STATEMENTS_ERROR } from './sql-guard.js';
import { DEFAULT_QUERY_LIMITS, openReadOnly, runReadOnlyQuery } from './sql-exec.js';
import { FIXTURE_DB } from './test-support.js';

let dbDir: string;
let dbPath: string;
let outDir: string;

beforeAll(async () => {
  dbDir = await tempDir();
  dbPath = join(dbDir, 'eicu.sqlite');
  await copyFile(FIXTURE_DB, dbPath);
  outDir = await tempDir();
});

const limits = { ...DEFAULT_QUERY_LIMITS, timeoutMs: 300 };

describe('runReadOnlyQuery: results', () => {
  it.each([
    ['SELECT count(*) FROM patient;', [[3]]],
    ["select distinct patient.gender from patient where patient.uniquepid = '900-0001'", [['female']]],
    ['select labresult from lab order by labid', [[41.5], [44], [1.25]]],
    // Duplicate and integer-like column names would collapse or reorder in node-sqlite3's row objects.
    ['SELECT \'x\' AS b, 5 AS "1", 6 AS b', [['x', 5, 6]]],
    [
      "select x'00ff', 1e999, -1e999, -0.0, null",
      [[{ blob: '00ff' }, { real: 'Infinity' }, { real: '-Infinity' }, 0, null]],
    ],
    ['with r(n) as (values (1), (2)) select n from r', [[1], [2]]],
    ['select 1 where 0', []],
    ['-- nothing to run', []],
    ["select strftime('%Y', current_time)", [['2000']]],
  ])('%s → %j', async (sql, rows) => {
    expect(await runReadOnlyQuery(dbPath, sql, limits)).toEqual({ ok: true, rows });
  });

  it.each([
    ['select * from nope', 'no such table: nope'],
    ['select sparklescore from lab', 'no such column: sparklescore'],
    ['select 1 from', 'incomplete input'],
    ["select 'unterminated", 'unrecognized token'],
    ['select 1; select 2', MULTIPLE_STATEMENTS_ERROR],
    ['select zeroblob(100000000)', 'string or blob too big'],
  ])('%s → error %j (no SQLITE_ prefix)', async (sql, message) => {
    const outcome = await runReadOnlyQuery(dbPath, sql, limits);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.error).toContain(message);
    expect(outcome.ok ? '' : outcome.error).not.toMatch(/^SQLITE_/);
  });

  it('turns too many rows or too many bytes into a query error', async () => {
    expect(await runReadOnlyQuery(dbPath, 'select * from lab', { ...limits, maxRows: 2 })).toEqual({
      ok: false,
      error: 'the query returned more than 2 rows',
    });
    expect(await runReadOnlyQuery(dbPath, 'select labname from lab', { ...limits, maxResultBytes: 10 })).toEqual({
      ok: false,
      error: 'the query result exceeds 10 bytes',
    });
    const endless = 'with recursive r(n) as (select 1 union all select n + 1 from r) select n from r';
    expect(await runReadOnlyQuery(dbPath, endless, { ...limits, maxRows: 1000 })).toEqual({
      ok: false,
      error: 'the query returned more than 1000 rows',
    });
  });

  it('throws (an environment problem, not a query error) when the database cannot be opened', async () => {
    const missing = join(outDir, 'missing.sqlite');
    await expect(runReadOnlyQuery(missing, 'select 1', limits)).rejects.toThrow(missing);
    expect(existsSync(missing)).toBe(false);
  });
});

describe('runReadOnlyQuery: untrusted SQL cannot change anything', () => {
  const attack = () => [
    `ATTACH DATABASE '${join(outDir, 'attached.db')}' AS x`,
    `select 1; ATTACH DATABASE '${join(outDir, 'attached2.db')}' AS x`,
    `VACUUM INTO '${join(outDir, 'vacuumed.db')}'`,
    "ATTACH DATABASE 'relative-attached.db' AS x",
    "VACUUM INTO 'relative-vacuumed.db'",
    'PRAGMA writable_schema = 1',
    'PRAGMA journal_mode = WAL',
    'DROP TABLE patient',
    'select 1; drop table patient',
    "select 1; insert into patient values ('x', 1, 'f', '1', '2100-01-01 00:00:00', null)",
    'with x as (select 1) delete from lab',
    'CREATE TABLE evil (x)',
    `select load_extension('${join(outDir, 'evil')}')`,
  ];

  it('rejects every attack as a query error and leaves the file, the folder and the cwd untouched', async () => {
    const before = await hashFile(dbPath);
    const filesBefore = await readdir(dbDir);
    const cwdBefore = readdirSync(process.cwd());
    for (const sql of attack()) {
      const outcome = await runReadOnlyQuery(dbPath, sql, limits);
      expect({ sql, ok: outcome.ok }).toEqual({ sql, ok: false });
    }
    expect(await hashFile(dbPath)).toEqual(before);
    expect(await readdir(dbDir)).toEqual(filesBefore);
    expect(await readdir(outDir)).toEqual([]);
    expect(readdirSync(process.cwd())).toEqual(cwdBefore);
  });

  it('interrupts a recursive CTE that never ends and reports the timeout as a query error', async () => {
    const started = Date.now();
    const outcome = await runReadOnlyQuery(
      dbPath,
      'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r',
      limits,
    );
    expect(outcome).toEqual({ ok: false, error: 'the query ran longer than 0.3 s and was interrupted' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await runReadOnlyQuery(dbPath, 'select count(*) from lab', limits)).toEqual({ ok: true, rows: [[3]] });
  });

  it('opens connections that refuse writes even without the guard (second line of defence)', async () => {
    const db = await openReadOnly(dbPath);
    const run = (sql: string) => new Promise<Error | null>((resolve) => db.run(sql, (e: Error | null) => resolve(e)));
    expect((await run('DELETE FROM lab'))?.message).toMatch(/readonly/);
    expect((await run("INSERT INTO lab VALUES (9, 5001, 'x', 1, '2100-01-01')"))?.message).toMatch(/readonly/);
    await new Promise<void>((resolve) => db.close(() => resolve()));
    expect(await runReadOnlyQuery(dbPath, 'select count(*) from lab', limits)).toEqual({ ok: true, rows: [[3]] });
  });

  const fdDir = '/proc/self/fd';
  (existsSync(fdDir) ? it : it.skip)('closes every connection (no file descriptor leak over 200 queries)', async () => {
    const before = readdirSync(fdDir).length;
    for (let i = 0; i < 100; i++) {
      await runReadOnlyQuery(dbPath, 'select * from patient', limits);
      await runReadOnlyQuery(dbPath, 'select * from nope', limits);
    }
    expect(readdirSync(fdDir).length).toBeLessThanOrEqual(before + 2);
  });
});
