/**
 * MedQA (USMLE, 4 options) → instances, as HELM's `MedQAScenario` builds them (docs/benchmarks/medhelm_med_qa.md). HELM downloads
 * the release zip from Google Drive (no stable, checkable URL), so the files come from `extra.data_path` only.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { pyRstrip } from '@eval-factory/metrics';
import type { DataFileInfo, Instance, LoadContext, LoadedData, Split } from '@eval-factory/types';
import {
  describeValue,
  sha256Hex,
  parseJsonlRows,
  decodePythonText,
  readZipEntries,
  type Fail,
} from '@eval-factory/files';
import { optionReferences } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';

export const MEDQA_DRIVE_URL =
  'https://drive.google.com/uc?export=download&id=1ImYUSLk9JbgHXOemfvyiDiirluZHPeQw&confirm=t';
/** Where the three files sit inside the unzipped release. */
export const MEDQA_SUBFOLDER = 'data_clean/questions/US/4_options';
export const MEDQA_FILES: Readonly<Record<Split, string>> = {
  train: 'phrases_no_exclude_train.jsonl',
  valid: 'phrases_no_exclude_dev.jsonl',
  test: 'phrases_no_exclude_test.jsonl',
};
/** sha256 of the test file (datasets/medhelm_med_qa/PROVENANCE.md; the dev and train files could not be pinned). */
export const MEDQA_TEST_SHA256 = '2e51d17d47099a72c4eea6b6a3307de71360333e0c99beb1d53d7a42834cacc4';
/** Rows per file in the release (paper; HELM's test asserts 12,723 in all): numbers HELM's ids when a file is absent. */
export const MEDQA_RELEASE_ROWS: Readonly<Record<Split, number>> = { train: 10178, valid: 1272, test: 1273 };
const SPLITS: readonly Split[] = ['train', 'valid', 'test'];

const LAYOUT = `the MedQA release zip, the unzipped release or its ${MEDQA_SUBFOLDER}/ folder, holding ${Object.values(MEDQA_FILES).join(', ')}`;

interface MedQaRow {
  readonly question: string;
  readonly options: readonly [string, string][];
  readonly answer_idx: string;
}

/** One JSON line: HELM asserts exactly four options; the correct one is the key equal to `answer_idx`. */
export function medQaRow(value: unknown, fail: Fail): MedQaRow {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('the line is not a JSON object');
  const row = value as Record<string, unknown>;
  if (typeof row.question !== 'string') fail(`question is ${describeValue(row.question)}, not a string`);
  const options = row.options;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail('options is not an object');
  const entries = Object.entries(options as Record<string, unknown>);
  if (entries.length !== 4) fail(`options has ${entries.length} entries, expected 4`);
  if (!entries.every(([, text]) => typeof text === 'string')) fail('an option text is not a string');
  if (!entries.some(([key]) => key === row.answer_idx))
    fail(`answer_idx ${describeValue(row.answer_idx)} names no option`);
  return {
    question: row.question as string,
    options: entries as [string, string][],
    answer_idx: row.answer_idx as string,
  };
}

/** HELM: `option.rstrip('"').rstrip()`. */
export const medQaOptionText = (text: string): string => pyRstrip(text.replace(/"+$/, ''));

export function medQaInstance(row: MedQaRow, split: Split, index: number): UnnumberedInstance {
  return {
    input: { text: row.question },
    references: optionReferences(
      row.options.map(([, text]) => medQaOptionText(text)),
      (i) => row.options[i]![0] === row.answer_idx,
    ),
    split,
    source_id: `${split}:${index}`,
  };
}

const isFile = async (path: string): Promise<boolean> => (await stat(path).catch(() => null))?.isFile() ?? false;

/** One split file's bytes and the name it is recorded under (`<zip>!/<entry>` inside an archive). */
interface SplitSource {
  readonly label: string;
  readonly bytes: Uint8Array;
}

/** From the release zip itself: entries ending `<subfolder>/<file>` (the zip's top folder may vary). */
async function zipSources(zipPath: string): Promise<Partial<Record<Split, SplitSource>>> {
  const suffixes = SPLITS.map((split) => [split, `${MEDQA_SUBFOLDER}/${MEDQA_FILES[split]}`] as const);
  const entries = await readZipEntries(zipPath, (name) => suffixes.some(([, suffix]) => name.endsWith(suffix)));
  const sources: Partial<Record<Split, SplitSource>> = {};
  for (const [name, bytes] of entries) {
    const split = suffixes.find(([, suffix]) => name.endsWith(suffix))![0];
    sources[split] ??= { label: `${zipPath}!/${name}`, bytes };
  }
  return sources;
}

/** From a folder: `<data_path>/<subfolder>/<file>` or `<data_path>/<file>`. */
async function folderSources(dataPath: string): Promise<Partial<Record<Split, SplitSource>>> {
  const sources: Partial<Record<Split, SplitSource>> = {};
  for (const split of SPLITS) {
    for (const path of [join(dataPath, MEDQA_SUBFOLDER, MEDQA_FILES[split]), join(dataPath, MEDQA_FILES[split])]) {
      if (await isFile(path)) {
        sources[split] = { label: path, bytes: await readFile(path) };
        break;
      }
    }
  }
  return sources;
}

function requireMedQaPath(ctx: LoadContext): string {
  if (ctx.dataPath) return ctx.dataPath;
  throw new UserError(
    'EF_MISSING_DATA_PATH',
    `medhelm_med_qa needs extra.data_path: ${LAYOUT}`,
    `MedQA is only distributed as a Google Drive zip (${MEDQA_DRIVE_URL}); download it and point extra.data_path at the zip or the unzipped folder (docs/benchmarks/medhelm_med_qa.md).`,
  );
}

export interface SplitRows {
  readonly split: Split;
  readonly file: DataFileInfo | null;
  readonly rows: readonly MedQaRow[];
}

function readSplit(source: SplitSource | undefined, split: Split, ctx: LoadContext): SplitRows {
  if (source === undefined) return { split, file: null, rows: [] };
  const file = { path: source.label, sha256: sha256Hex(source.bytes), bytes: source.bytes.byteLength };
  if (split === 'test' && file.sha256 !== MEDQA_TEST_SHA256)
    ctx.warn(
      'EF_DATA_DRIFT',
      `${source.label} has sha256 ${file.sha256}, expected ${MEDQA_TEST_SHA256}; using it anyway`,
    );
  return { split, file, rows: parseJsonlRows(decodePythonText(source.bytes, source.label), source.label, medQaRow) };
}

/**
 * HELM's ids run over train, valid and test in that order (`id0…id12722`); a split whose file is absent still
 * takes its release row count, so the test ids stay HELM's. A missing dev file is warned about (HELM evaluates
 * valid and test together, so a test-only run is not comparable); a missing test file is an error.
 */
export function numberMedQa(parts: readonly SplitRows[], ctx: Pick<LoadContext, 'warn' | 'log'>): Instance[] {
  const instances: Instance[] = [];
  let offset = 0;
  for (const { split, file, rows } of parts) {
    if (file === null && split === 'valid') {
      ctx.warn(
        'EF_DATA_PARTIAL',
        `medhelm_med_qa: ${MEDQA_FILES.valid} not found, only the test split runs; HELM evaluates valid and test together (its 1,000-instance sample holds 497 valid rows), so this run is not comparable with published MedHELM numbers`,
      );
    }
    if (file === null && split === 'train')
      ctx.log(
        `medhelm_med_qa: ${MEDQA_FILES.train} not found (unused at zero-shot); ids assume its ${MEDQA_RELEASE_ROWS.train} release rows`,
      );
    const count = file === null ? MEDQA_RELEASE_ROWS[split] : rows.length;
    rows.forEach((row, i) => instances.push({ id: `id${offset + i}`, ...medQaInstance(row, split, i) }));
    offset += count;
  }
  return instances;
}

/** Reads the three split files from `extra.data_path` (a folder or the release zip); train ones are never evaluated. */
export async function loadMedhelmMedQa(ctx: LoadContext): Promise<LoadedData> {
  const dataPath = requireMedQaPath(ctx);
  if (!(await stat(dataPath).catch(() => null)))
    throw new UserError(
      'EF_DATA_NOT_FOUND',
      `Benchmark data not found: ${dataPath}`,
      `extra.data_path must be ${LAYOUT}.`,
    );
  const sources =
    dataPath.toLowerCase().endsWith('.zip') && (await isFile(dataPath))
      ? await zipSources(dataPath)
      : await folderSources(dataPath);
  if (sources.test === undefined) {
    throw new UserError(
      'EF_DATA_NOT_FOUND',
      `Benchmark data not found: no ${MEDQA_SUBFOLDER}/${MEDQA_FILES.test} or ${MEDQA_FILES.test} in ${dataPath}`,
      `extra.data_path must be ${LAYOUT}.`,
    );
  }
  const parts = SPLITS.map((split) => readSplit(sources[split], split, ctx));
  return {
    instances: numberMedQa(parts, ctx),
    data: {
      source: MEDQA_DRIVE_URL,
      revision: null,
      files: parts.flatMap((p) => (p.file ? [p.file] : [])),
      num_rows: parts.reduce((sum, p) => sum + p.rows.length, 0),
    },
    // HELM evaluates valid and test together: without the dev file the run is not comparable (EF_DATA_PARTIAL).
    ...(sources.valid === undefined
      ? { partial: `partial data: ${MEDQA_FILES.valid} not found, test split only` }
      : {}),
  };
}
