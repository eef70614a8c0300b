/**
 * Finds the EHRSQL eICU files (docs/benchmarks/ehr_sql.md): the question files and schema of the pinned EHRSQL commit, and the
 * SQLite database HELM executes against. `extra.data_path` is either a folder holding them (the layout of
 * `datasets/ehr_sql/` or flat) or the database file alone (e.g. an official EHRSQL eICU database; the questions
 * then come from the cache or the pinned download).
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DataFileInfo, LoadContext, LoadedData } from '@eval-factory/types';
import { dataFormatError } from '../shared/data-errors.js';
import { resolveDataFile } from '../shared/data-files.js';
import { readTextPython } from '../shared/read-text.js';
import { checkEhrSqlDatabase } from './database-check.js';
import { buildEhrSqlInstances, extractSchemaText } from './instances.js';
import type { EhrSqlFile } from './instances.js';

export const EHRSQL_COMMIT = 'e172ec8e61391ecae2d872c8d0ba02a622222f54';
export const EHRSQL_BASE_URL = `https://raw.githubusercontent.com/glee4810/EHRSQL/${EHRSQL_COMMIT}/dataset/ehrsql/eicu`;
export const EICU_DB_COMMIT = 'c4c252443fa9c52afb6960f53e51be278639bea2';
export const EICU_DB_URL = `https://github.com/raulista1997/benchmarkdata/raw/${EICU_DB_COMMIT}/eicu.sqlite`;
/** HELM's train split: loaded first but never evaluated; only its size matters (eval ids start at id9270). */
export const EHRSQL_TRAIN_ENTRIES = 9270;
/** EHRSQL's fixed "now" in the official database (used by the corrected metric only). */
export const OFFICIAL_CURRENT_TIME = '2105-12-31 23:59:00';

interface FileSpec {
  readonly fileName: string;
  readonly alternativeFileNames: readonly string[];
  readonly url: string;
  /** From datasets/ehr_sql/PROVENANCE.md; train.json is not in the datasets folder, so it is pinned by commit only. */
  readonly sha256: string | null;
}

const spec = (name: string, sha256: string | null, url = `${EHRSQL_BASE_URL}/${name}`): FileSpec => ({
  fileName: name,
  alternativeFileNames: [`eicu/${name}`],
  url,
  sha256,
});

export const EHRSQL_FILES = {
  train: spec('train.json', null),
  valid: spec('valid.json', 'e63ce19c6a55c7a97a010dabbd0297d30666e8631b36f6f0e1aa19ddd93c70a3'),
  test: spec('test.json', 'b511d9294b8dac50840173ab18b3e42a5f03abef88c326b5a4393e75c9c7ed8f'),
  schema: spec('eicu.sql', 'e423f49c2e45b7a4441f83dd69c18c7b01889958f58db4130a2b280de8b9ab28'),
  database: spec('eicu.sqlite', 'a2996946babe6d5c5bbc5e19e26d16123e3dcfa8932c57a3299f91885b469266', EICU_DB_URL),
} as const;

type Where = { kind: 'download' } | { kind: 'folder'; dir: string } | { kind: 'database-file'; file: string };

async function whereFrom(dataPath: string | null): Promise<Where> {
  if (!dataPath) return { kind: 'download' };
  const info = await stat(dataPath).catch(() => null);
  // A missing path is reported by resolveDataFile (EF_DATA_NOT_FOUND) when the folder branch looks it up.
  return info?.isFile() ? { kind: 'database-file', file: dataPath } : { kind: 'folder', dir: dataPath };
}

/** The context resolveDataFile sees: the folder as data_path, or none (cache, then download). */
function contextFor(ctx: LoadContext, dataPath: string | null): LoadContext {
  return {
    args: ctx.args,
    dataPath,
    cacheDir: ctx.cacheDir,
    allowDataDrift: ctx.allowDataDrift,
    warn: (c, m) => ctx.warn(c, m),
    log: (m) => ctx.log(m),
  };
}

function resolveFile(file: FileSpec, ctx: LoadContext): Promise<DataFileInfo> {
  return resolveDataFile({ benchmark: 'ehr_sql', ...file, ctx });
}

async function folderHas(dir: string, file: FileSpec): Promise<boolean> {
  for (const name of [file.fileName, ...file.alternativeFileNames]) {
    if ((await stat(join(dir, name)).catch(() => null))?.isFile()) return true;
  }
  return false;
}

async function readEntries(file: DataFileInfo): Promise<unknown[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readTextPython(file.path));
  } catch (e) {
    if ((e as { code?: string }).code === 'EF_DATA_FORMAT') throw e;
    throw dataFormatError(file.path, `invalid JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw dataFormatError(file.path, 'expected a JSON array of EHRSQL entries');
  return parsed;
}

/** train.json: from the data_path folder if it has one, else none there (ids start at 9,270); else cache/download. */
async function resolveTrain(where: Where, questionsCtx: LoadContext): Promise<DataFileInfo | null> {
  if (where.kind === 'folder' && !(await folderHas(where.dir, EHRSQL_FILES.train))) {
    questionsCtx.log(
      `ehr_sql: ${where.dir} has no train.json; numbering eval instances from id${EHRSQL_TRAIN_ENTRIES} as HELM does after its ${EHRSQL_TRAIN_ENTRIES} train entries`,
    );
    return null;
  }
  return resolveFile(EHRSQL_FILES.train, questionsCtx);
}

async function questionFiles(
  where: Where,
  questionsCtx: LoadContext,
): Promise<{ files: EhrSqlFile[]; infos: DataFileInfo[] }> {
  // valid and test first: a data_path that does not exist is reported before the note about train.json.
  const valid = await resolveFile(EHRSQL_FILES.valid, questionsCtx);
  const test = await resolveFile(EHRSQL_FILES.test, questionsCtx);
  const train = await resolveTrain(where, questionsCtx);
  const files: EhrSqlFile[] = [];
  if (train) files.push({ path: train.path, entries: await readEntries(train), split: 'train' });
  files.push({ path: valid.path, entries: await readEntries(valid), split: 'test' });
  files.push({ path: test.path, entries: await readEntries(test), split: 'test' });
  if (train && files[0].entries.length !== EHRSQL_TRAIN_ENTRIES) {
    questionsCtx.warn(
      'EF_DATA_DRIFT',
      `${train.path} has ${files[0].entries.length} entries, HELM's has ${EHRSQL_TRAIN_ENTRIES}; eval instance ids will differ from HELM's`,
    );
  }
  return { files, infos: [...(train ? [train] : []), valid, test] };
}

/** Loads questions, schema and database; `resources` gives the annotator the database's absolute path. */
export async function loadEhrSql(ctx: LoadContext): Promise<LoadedData> {
  const where = await whereFrom(ctx.dataPath);
  const questionsCtx = contextFor(ctx, where.kind === 'folder' ? where.dir : null);
  const { files, infos } = await questionFiles(where, questionsCtx);
  const schemaFile = await resolveFile(EHRSQL_FILES.schema, questionsCtx);
  const schema = extractSchemaText(await readTextPython(schemaFile.path));
  const database = await resolveFile(
    EHRSQL_FILES.database,
    where.kind === 'download'
      ? contextFor(ctx, null)
      : contextFor(ctx, where.kind === 'folder' ? where.dir : where.file),
  );
  const dbPath = resolve(database.path);
  await checkEhrSqlDatabase(dbPath, schema);
  const official = database.sha256 !== EHRSQL_FILES.database.sha256;
  if (official)
    ctx.log(
      `ehr_sql: ${dbPath} is not HELM's demo database; the corrected metric fixes current_time at ${OFFICIAL_CURRENT_TIME}`,
    );
  const firstId = files[0].split === 'train' ? 0 : EHRSQL_TRAIN_ENTRIES;
  return {
    instances: buildEhrSqlInstances(files, schema, firstId, (m) => ctx.log(m)),
    data: {
      source: EHRSQL_BASE_URL,
      revision: EHRSQL_COMMIT,
      files: [...infos, schemaFile, database],
      num_rows: files.reduce((n, f) => n + f.entries.length, 0),
    },
    resources: { db_path: dbPath, current_time_literal: official ? OFFICIAL_CURRENT_TIME : null },
  };
}
