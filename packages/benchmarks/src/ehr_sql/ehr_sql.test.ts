import { describe, expect, it } from '@jest/globals';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Instance, PromptSpec } from '@eval-factory/types';
import { fixtureNotes, recordingContext, tempDir } from '../../test-support/shared/test-support.js';
import { EHR_SQL_ANNOTATOR } from './annotator.js';
import { schemaTableNames } from './database-check.js';
import { ehrSql } from './definition.js';
import { ehrSqlInputText, extractSchemaText } from './instances.js';
import { ehrSqlFamily } from './metric.js';
import {
  buildFixtureDatabase,
  dumpTables,
  FIXTURE_DB,
  FIXTURE_DIR,
  fixtureCopy,
} from '../../test-support/ehr_sql/test-support.js';

const FIXTURE_SCHEMA = [
  'CREATE TABLE patient\n(\nuniquepid VARCHAR(10) NOT NULL,\npatientunitstayid INT NOT NULL PRIMARY KEY,\ngender VARCHAR(25) NOT NULL,\nage VARCHAR(10) NOT NULL,\nunitadmittime TIMESTAMP(0) NOT NULL,\nunitdischargetime TIMESTAMP(0)\n) ;',
  'CREATE TABLE medication\n(\nmedicationid INT NOT NULL PRIMARY KEY,\npatientunitstayid INT NOT NULL,\ndrugname VARCHAR(220) NOT NULL,\nrouteadmin VARCHAR(120),\ndrugstarttime TIMESTAMP(0),\nFOREIGN KEY(patientunitstayid) REFERENCES patient(patientunitstayid)\n) ;',
  'CREATE TABLE lab\n(\nlabid INT NOT NULL PRIMARY KEY,\npatientunitstayid INT NOT NULL,\nlabname VARCHAR(256) NOT NULL,\nlabresult NUMERIC(11,4) NOT NULL,\nlabresulttime TIMESTAMP(0) NOT NULL,\nFOREIGN KEY(patientunitstayid) REFERENCES patient(patientunitstayid)\n) ;',
].join('\n\n');

async function loadFrom(dataPath: string, fields: { cacheDir?: string; allowDataDrift?: boolean } = {}) {
  const ctx = recordingContext({
    cacheDir: fields.cacheDir ?? (await tempDir()),
    dataPath,
    allowDataDrift: fields.allowDataDrift ?? false,
  });
  return { ctx, loaded: await ehrSql.load(ctx) };
}

/** Zero-shot generation prompt (docs/architecture.md): instructions, blank line, input noun + input, output noun. */
function renderGenerationPrompt(spec: PromptSpec, instance: Instance): string {
  return `${spec.instructions}\n\n${spec.input_noun}: ${instance.input.text}\n${spec.output_noun}:`;
}

describe('ehr_sql definition', () => {
  it('declares a 1,024-token, stop-free generation prompt with the spec nouns, the annotator and the metric family', () => {
    expect(ehrSql.name).toBe('ehr_sql');
    expect(ehrSql.args).toEqual([]);
    expect(ehrSql.prompt).toMatchObject({
      method: 'generation',
      max_tokens: 1024,
      temperature: 0,
      stop_sequences: [],
      max_train_instances: 0,
      input_noun: 'Medical Question + Schema',
      output_noun: 'SQL Query',
    });
    expect(ehrSql.prompt.instructions.split('\n\n')).toHaveLength(3);
    expect(ehrSql.main_metric).toBe('ehr_sql_execution_accuracy');
    expect(ehrSql.metrics).toEqual([ehrSqlFamily]);
    expect(ehrSql.annotators?.map((a) => a.name)).toEqual([EHR_SQL_ANNOTATOR]);
    expect(ehrSql.source.revision).toBe('e172ec8e61391ecae2d872c8d0ba02a622222f54');
  });
});

describe('ehr_sql load (fixture folder through data_path)', () => {
  it('numbers valid then test from id9270 without train.json, skips entries without a query, all split test', async () => {
    const { loaded, ctx } = await loadFrom(FIXTURE_DIR);
    expect(loaded.instances.map((x) => x.id)).toEqual([
      'id9270',
      'id9271',
      'id9272',
      'id9273',
      'id9274',
      'id9275',
      'id9276',
    ]);
    expect(loaded.instances.map((x) => x.source_id?.slice(-2))).toEqual(['0a', '0b', '0c', '1a', '1b', '1c', '1d']);
    expect(new Set(loaded.instances.map((x) => x.split))).toEqual(new Set(['test']));
    expect(ctx.logs.some((m) => m.includes('no train.json') && m.includes('id9270'))).toBe(true);
    expect(ctx.logs.some((m) => m.includes('skipped 1 entries'))).toBe(true);
    expect(fixtureNotes(ctx)).toEqual({ notes: 4, drift: 0 });
    expect(loaded.data.num_rows).toBe(8);
    expect(loaded.data.files.map((f) => relative(FIXTURE_DIR, f.path).split(sep).join('/'))).toEqual([
      'eicu/valid.json',
      'eicu/test.json',
      'eicu/eicu.sql',
      'eicu.sqlite',
    ]);
  });

  it('builds the input from the extracted schema and the question (21 spaces after "--", trailing blank line)', async () => {
    const { loaded } = await loadFrom(FIXTURE_DIR);
    expect(loaded.instances[0].input.text).toBe(
      `-- Database Schema:\n${FIXTURE_SCHEMA}\n\n--                     Question:\nhow many glimmerase tests did patient 900-0009 have?\n\n`,
    );
    expect(ehrSqlInputText('S', 'Q?')).toBe(`-- Database Schema:\nS\n\n--${' '.repeat(21)}Question:\nQ?\n\n`);
  });

  it('gives one correct reference (the gold SQL) and extra_data {db_path, value, is_impossible}', async () => {
    const { loaded } = await loadFrom(FIXTURE_DIR);
    const [first, unanswerable] = loaded.instances;
    expect(first.references).toEqual([
      {
        output: {
          text: "select count(*) from lab where lab.patientunitstayid in ( select patient.patientunitstayid from patient where patient.uniquepid = '900-0009' ) and lab.labname = 'glimmerase'",
        },
        tags: ['correct'],
      },
    ]);
    expect(first.extra_data).toEqual({
      db_path: 'eicu.sqlite',
      value: { patient_id: '900-0009', lab_name: 'glimmerase' },
      is_impossible: false,
    });
    expect(unanswerable.references[0].output.text).toBe('null');
    expect(unanswerable.extra_data).toEqual({ db_path: 'eicu.sqlite', value: {}, is_impossible: true });
  });

  it("gives the annotator the absolute database path; a database other than HELM's demo gets the fixed current_time", async () => {
    const { loaded, ctx } = await loadFrom(FIXTURE_DIR);
    expect(loaded.resources).toEqual({ db_path: FIXTURE_DB, current_time_literal: '2105-12-31 23:59:00' });
    expect(ctx.logs.some((m) => m.includes("not HELM's demo database"))).toBe(true);
  });

  it('renders instructions, a blank line, "Medical Question + Schema: " and three newlines before "SQL Query:"', async () => {
    const { loaded } = await loadFrom(FIXTURE_DIR);
    const prompt = renderGenerationPrompt(ehrSql.prompt, loaded.instances[1]);
    expect(
      prompt.startsWith(
        `${ehrSql.prompt.instructions}\n\nMedical Question + Schema: -- Database Schema:\nCREATE TABLE patient\n`,
      ),
    ).toBe(true);
    expect(
      prompt.endsWith(
        '\n--                     Question:\ncan you book a follow-up appointment for patient 900-0001 next tuesday?\n\n\nSQL Query:',
      ),
    ).toBe(true);
  });

  it('loads train.json when the folder has one: train first (split train), ids from id0, a count warning', async () => {
    const dir = await fixtureCopy();
    const entry = {
      question: 'invented train question?',
      query: 'select 1',
      value: {},
      is_impossible: false,
      id: 't1',
    };
    await writeFile(join(dir, 'eicu', 'train.json'), JSON.stringify([entry, { ...entry, id: 't2' }]));
    const { loaded, ctx } = await loadFrom(dir);
    expect(loaded.instances.map((x) => `${x.id}:${x.split}`).slice(0, 3)).toEqual([
      'id0:train',
      'id1:train',
      'id2:test',
    ]);
    expect(loaded.instances).toHaveLength(9);
    expect(ctx.warnings.find((w) => w.message.includes('has 2 entries'))?.code).toBe('EF_DATA_DRIFT');
  });

  it('accepts a flat folder (valid.json, test.json, eicu.sql, eicu.sqlite side by side)', async () => {
    const dir = await tempDir();
    for (const name of ['valid.json', 'test.json', 'eicu.sql'])
      await copyFile(join(FIXTURE_DIR, 'eicu', name), join(dir, name));
    await copyFile(FIXTURE_DB, join(dir, 'eicu.sqlite'));
    const { loaded } = await loadFrom(dir);
    expect(loaded.instances).toHaveLength(7);
    expect(loaded.resources?.db_path).toBe(join(dir, 'eicu.sqlite'));
  });

  it('takes a data_path file as the database; the questions then come from the cache', async () => {
    const cacheDir = await tempDir();
    const cached = join(cacheDir, 'datasets', 'ehr_sql');
    await mkdir(cached, { recursive: true });
    for (const name of ['valid.json', 'test.json', 'eicu.sql'])
      await copyFile(join(FIXTURE_DIR, 'eicu', name), join(cached, name));
    await writeFile(join(cached, 'train.json'), '[]');
    const dbFile = join(await tempDir(), 'official-eicu.db');
    await copyFile(FIXTURE_DB, dbFile);
    await expect(loadFrom(dbFile, { cacheDir })).rejects.toMatchObject({ code: 'EF_DATA_CHECKSUM' });
    const { loaded } = await loadFrom(dbFile, { cacheDir, allowDataDrift: true });
    expect(loaded.resources).toEqual({ db_path: dbFile, current_time_literal: '2105-12-31 23:59:00' });
    expect(loaded.instances[0].id).toBe('id0');
  });
});

describe('ehr_sql load errors', () => {
  async function brokenCopy(file: string, text: string): Promise<string> {
    const dir = await fixtureCopy();
    await writeFile(join(dir, file), text);
    return dir;
  }

  it.each([
    ['eicu/valid.json', '[{"question": "q"', 'invalid JSON'],
    ['eicu/valid.json', '{"question": "q", "query": "select 1"}', 'expected a JSON array'],
    ['eicu/test.json', '["not an entry"]', 'entry 0: the entry is not an object'],
    ['eicu/test.json', '[{"question": 7, "query": "select 1"}]', 'entry 0: question is 7, not a string'],
    ['eicu/test.json', '[{"question": "q", "query": null}]', 'entry 0: query is null, not a string'],
    [
      'eicu/valid.json',
      '[{"question": "q", "query": "select 1", "value": ["x"]}]',
      'entry 0: value is ["x"], not an object',
    ],
    [
      'eicu/valid.json',
      '[{"question": "q", "query": "select 1", "value": null}]',
      'entry 0: value is null, not an object',
    ],
    [
      'eicu/valid.json',
      '[{"question": "q", "query": "select 1", "is_impossible": "yes"}]',
      'entry 0: is_impossible is "yes", not true or false',
    ],
    ['eicu.sqlite', 'this is not a database', 'not an SQLite 3 database'],
  ])('%s containing %j → EF_DATA_FORMAT naming the file (%s)', async (file, text, detail) => {
    const dir = await brokenCopy(file, text);
    await expect(loadFrom(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(`${join(dir, file)}: ${detail}`),
    });
  });

  it('reports a database that lacks a table of the schema', async () => {
    const dir = await fixtureCopy();
    const schema = await readFile(join(dir, 'eicu', 'eicu.sql'), 'utf8');
    await writeFile(join(dir, 'eicu', 'eicu.sql'), `${schema}\nCREATE TABLE allergy\n(\n    allergyid INT\n) ;\n`);
    await expect(loadFrom(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('missing table(s) allergy'),
    });
  });

  it.each([
    ['a missing data_path', async () => join(await tempDir(), 'nowhere'), 'nowhere'],
    [
      'a folder without the database',
      async () => {
        const dir = await fixtureCopy();
        await rm(join(dir, 'eicu.sqlite'));
        return dir;
      },
      'eicu.sqlite',
    ],
    [
      'a folder without test.json',
      async () => {
        const dir = await fixtureCopy();
        await rm(join(dir, 'eicu', 'test.json'));
        return dir;
      },
      'test.json',
    ],
  ])('reports %s as EF_DATA_NOT_FOUND', async (_label, make, named) => {
    await expect(loadFrom(await make())).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining(named),
    });
  });
});

describe('extractSchemaText (HELM scan of eicu.sql)', () => {
  it.each([
    ['DROP TABLE IF EXISTS a;\nCREATE TABLE a\n(\n    x INT\n);\n', 'CREATE TABLE a\n(\nx INT\n);'],
    ['CREATE TABLE a\n(x);\n-- comment\nCREATE TABLE b\n(y);', 'CREATE TABLE a\n(x);\n\nCREATE TABLE b\n(y);'],
    // The opening line is never checked for ";", so a one-line table swallows lines up to the next ";".
    [
      'CREATE TABLE a (x);\nDROP TABLE b;\nCREATE TABLE c\n(z);',
      'CREATE TABLE a (x);\nDROP TABLE b;\n\nCREATE TABLE c\n(z);',
    ],
    ['CREATE TABLE a\n(x INT\n', ''], // a block the file ends inside is dropped
    ['   CREATE TABLE a\t\n  (x)  ;  \n', 'CREATE TABLE a\n(x)  ;'],
    ['create table a\n(x);', ''], // case-sensitive, like HELM
  ])('%j → %j', (sql, schema) => {
    expect(extractSchemaText(sql)).toBe(schema);
  });

  it('lists the table names the database check looks for', () => {
    expect(schemaTableNames(FIXTURE_SCHEMA)).toEqual(['patient', 'medication', 'lab']);
  });
});

describe('ehr_sql fixture database', () => {
  it('matches a rebuild from fixture/eicu/eicu.sql and fixture/fixture-rows.sql', async () => {
    const rebuilt = join(await tempDir(), 'eicu.sqlite');
    await buildFixtureDatabase(rebuilt);
    expect(await dumpTables(FIXTURE_DB)).toBe(await dumpTables(rebuilt));
  });
});
