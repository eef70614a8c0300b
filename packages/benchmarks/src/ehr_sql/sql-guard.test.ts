import { describe, expect, it } from '@jest/globals';
import { guardSelect, MULTIPLE_STATEMENTS_ERROR, replaceCurrentTime, tokenizeSql } from './sql-guard.js';

describe('tokenizeSql (SQLite quoting and comment rules)', () => {
  it.each([
    ["SELECT 'a;b' -- x; y", ['SELECT', "'a;b'"]],
    ["select 'it''s'", ['select', "'it''s'"]],
    ['select "a""b", [c;d], `e``f`', ['select', '"a""b"', ',', '[c;d]', ',', '`e``f`']],
    ['select /* ; */ 1 /* unterminated', ['select', '1']],
    ['select\t1\v;\f', ['select', '1', ';']],
    ['SELECT x.y FROM t', ['SELECT', 'x', '.', 'y', 'FROM', 't']],
    ["select 'unterminated ; drop", ['select', "'unterminated ; drop"]],
  ])('%j → %j', (sql, texts) => {
    expect(tokenizeSql(sql).map((t) => t.text)).toEqual(texts);
  });

  it('keeps source positions so the statement can be sliced exactly', () => {
    const [first, second] = tokenizeSql('  select  1');
    expect([first.start, first.end, second.start, second.end]).toEqual([2, 8, 10, 11]);
    expect(tokenizeSql('-- only a comment\n/* and another */')).toEqual([]);
  });
});

describe('guardSelect: exactly one read-only statement', () => {
  it.each([
    ['SELECT 1', 'SELECT 1'],
    ['select 1;', 'select 1'],
    ['  select 1 ;  -- trailing comment\n /* block */ ', 'select 1'],
    ['WITH x AS (SELECT 1) SELECT * FROM x;', 'WITH x AS (SELECT 1) SELECT * FROM x'],
    [
      'with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) select n from r',
      'with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) select n from r',
    ],
    ['VALUES (1), (2)', 'VALUES (1), (2)'],
    ["select replace(drugname, 'mg', '') from medication", "select replace(drugname, 'mg', '') from medication"],
    ["select 'drop table patient; attach' as note", "select 'drop table patient; attach' as note"],
    ['select "update", [delete] from t', 'select "update", [delete] from t'],
    ['select 1 -- no semicolon, comment at the end', 'select 1'],
    ['select 1 /* unterminated comment', 'select 1'],
  ])('accepts %j as %j', (sql, statement) => {
    expect(guardSelect(sql)).toEqual({ ok: true, statement });
  });

  it.each([
    '',
    '   ',
    '-- just a comment',
    ';',
    '/* c */ ; -- c',
  ])('treats %j as an empty statement (no rows, no error, like Python)', (sql) => {
    expect(guardSelect(sql)).toEqual({ ok: true, statement: '' });
  });

  it.each([
    'select 1; select 2',
    'select 1;;',
    'select 1; -- c\n drop table patient',
    '; select 1',
    "select 1; attach database '/tmp/x.db' as x",
  ])('rejects %j: more than one statement', (sql) => {
    expect(guardSelect(sql)).toEqual({ ok: false, error: MULTIPLE_STATEMENTS_ERROR });
  });

  it.each([
    ["ATTACH DATABASE '/tmp/new.db' AS x", 'starts with "ATTACH"'],
    ['detach database x', 'starts with "detach"'],
    ["VACUUM INTO '/tmp/copy.db'", 'starts with "VACUUM"'],
    ['PRAGMA writable_schema = 1', 'starts with "PRAGMA"'],
    ['DROP TABLE patient', 'starts with "DROP"'],
    ['CREATE TABLE t (x)', 'starts with "CREATE"'],
    ["INSERT INTO patient VALUES ('x')", 'starts with "INSERT"'],
    ['UPDATE patient SET age = 1', 'starts with "UPDATE"'],
    ['DELETE FROM patient', 'starts with "DELETE"'],
    ['ALTER TABLE patient ADD COLUMN y', 'starts with "ALTER"'],
    ["REPLACE INTO patient VALUES ('x')", 'starts with "REPLACE"'],
    ['REINDEX', 'starts with "REINDEX"'],
    ['ANALYZE', 'starts with "ANALYZE"'],
    ['EXPLAIN SELECT 1', 'starts with "EXPLAIN"'],
    ['null', 'starts with "null"'],
    ['(SELECT 1)', 'starts with "("'],
    ['with x as (select 1) delete from patient', '"delete" is not allowed'],
    ['with x as (select 1) insert into lab select * from x', '"insert" is not allowed'],
    ['with x as (select 1) replace into lab select * from x', '"replace" is not allowed'],
    ["select load_extension('/tmp/evil.so')", '"load_extension" is not allowed'],
    ['select "LOAD_EXTENSION"(\'/tmp/evil.so\')', '"\\"LOAD_EXTENSION\\"" is not allowed'],
    ["select [load_extension]('/tmp/evil.so')", 'is not allowed'],
  ])('rejects %j', (sql, detail) => {
    const result = guardSelect(sql);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain(detail);
  });
});

describe('replaceCurrentTime (official-database convention)', () => {
  const literal = '2105-12-31 23:59:00';
  it.each([
    ["select strftime('%j', current_time)", "select strftime('%j', '2105-12-31 23:59:00')"],
    ['select CURRENT_TIME, Current_Time', "select '2105-12-31 23:59:00', '2105-12-31 23:59:00'"],
    [
      'select \'current_time\', "current_time" -- current_time',
      'select \'current_time\', "current_time" -- current_time',
    ],
    ['select current_timestamp, my_current_time', 'select current_timestamp, my_current_time'],
    ['select 1', 'select 1'],
  ])('%j → %j', (sql, expected) => {
    expect(replaceCurrentTime(sql, literal)).toBe(expected);
  });
});
