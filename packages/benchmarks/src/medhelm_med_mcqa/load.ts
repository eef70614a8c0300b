/**
 * MedMCQA → instances, as HELM's `MedMCQAScenario` builds them (docs/benchmarks/medhelm_med_mcqa.md). HELM downloads `data.zip` from
 * Google Drive (no stable, checkable URL), so the files come from `extra.data_path` only.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { describeValue } from '../shared/data-errors.js';
import { sha256Hex } from '../shared/hashing.js';
import { optionReferences } from '../shared/instances.js';
import { parseJsonlRows } from '../shared/jsonl-rows.js';
import type { Fail } from '../shared/jsonl-rows.js';
import { decodePythonText, readZipEntries } from '../shared/zip-entries.js';

export const MEDMCQA_DRIVE_URL =
  'https://drive.google.com/uc?export=download&id=15VkJdq5eyWIkfb_aoD3oS8i4tScbHYky&confirm=t';
export const MEDMCQA_DEV_FILE = 'dev.json';
export const MEDMCQA_TRAIN_FILE = 'train.json';
/** The Hugging Face copy's validation rows as JSON Lines (`openlifescienceai/medmcqa`): `cop` counts from 0. */
export const MEDMCQA_HUB_FILE = 'validation.jsonl';
/** Rows of the release's train file: numbers HELM's valid ids when train.json is absent. */
export const MEDMCQA_TRAIN_ROWS = 182822;

const OPTION_FIELDS = ['opa', 'opb', 'opc', 'opd'] as const;

export interface McqaRow {
  readonly question: string;
  readonly options: readonly string[];
  /** 1-based position of the correct option, as in the original files. */
  readonly cop: number;
}

/** One JSON line; `copBase` 1 for the original files, 0 for the hub copy (converted to 1-based). */
export function mcqaRow(copBase: 0 | 1) {
  return (value: unknown, fail: Fail): McqaRow => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('the line is not a JSON object');
    const row = value as Record<string, unknown>;
    if (typeof row.question !== 'string') fail(`question is ${describeValue(row.question)}, not a string`);
    for (const f of OPTION_FIELDS)
      if (typeof row[f] !== 'string') fail(`${f} is ${describeValue(row[f])}, not a string`);
    const cop = row.cop;
    if (!Number.isInteger(cop) || (cop as number) < copBase || (cop as number) > copBase + 3)
      fail(`cop is ${describeValue(cop)}, expected an integer ${copBase}–${copBase + 3}`);
    return {
      question: row.question as string,
      options: OPTION_FIELDS.map((f) => row[f] as string),
      cop: (cop as number) - copBase + 1,
    };
  };
}

const isFile = async (path: string): Promise<boolean> => (await stat(path).catch(() => null))?.isFile() ?? false;

/** Lines of the train file (HELM reads it only to number the ids; we count its non-blank lines). */
const countLines = (text: string): number => text.split('\n').filter((l) => l.trim() !== '').length;

/** Valid instances `id<train rows>…` in file order: input = question, options A–D unstripped, correct = `cop`. */
export function buildMcqaInstances(rows: readonly McqaRow[], trainRows: number): Instance[] {
  return rows.map((row, i) => ({
    id: `id${trainRows + i}`,
    input: { text: row.question },
    references: optionReferences(row.options, (j) => j + 1 === row.cop),
    split: 'valid' as const,
    source_id: `dev:${i}`,
  }));
}

const LAYOUT = `MedMCQA's data.zip, or the folder it unzips to (${MEDMCQA_DEV_FILE}, and ${MEDMCQA_TRAIN_FILE} to number ids), or a folder with the Hugging Face validation rows as ${MEDMCQA_HUB_FILE}`;

/** A file's bytes and the name it is recorded under (`<zip>!/<entry>` inside the archive). */
interface Source {
  readonly label: string;
  readonly bytes: Uint8Array;
}

/** dev (or the hub copy) and train from the zip (entries by base name) or the folder. */
async function findSources(dataPath: string): Promise<{ dev: Source | null; fromHub: boolean; train: Source | null }> {
  if (dataPath.toLowerCase().endsWith('.zip') && (await isFile(dataPath))) {
    const base = (name: string) => name.slice(name.lastIndexOf('/') + 1);
    const entries = await readZipEntries(dataPath, (name) =>
      [MEDMCQA_DEV_FILE, MEDMCQA_TRAIN_FILE].includes(base(name)),
    );
    const find = (file: string): Source | null => {
      const hit = [...entries].find(([name]) => base(name) === file);
      return hit ? { label: `${dataPath}!/${hit[0]}`, bytes: hit[1] } : null;
    };
    return { dev: find(MEDMCQA_DEV_FILE), fromHub: false, train: find(MEDMCQA_TRAIN_FILE) };
  }
  const read = async (file: string): Promise<Source | null> => {
    const path = join(dataPath, file);
    return (await isFile(path)) ? { label: path, bytes: await readFile(path) } : null;
  };
  const dev = await read(MEDMCQA_DEV_FILE);
  return dev
    ? { dev, fromHub: false, train: await read(MEDMCQA_TRAIN_FILE) }
    : { dev: await read(MEDMCQA_HUB_FILE), fromHub: true, train: await read(MEDMCQA_TRAIN_FILE) };
}

const record = (source: Source) => ({
  path: source.label,
  sha256: sha256Hex(source.bytes),
  bytes: source.bytes.byteLength,
});

/** Reads the dev rows (original or hub copy) from `extra.data_path` and the train file's row count. */
export async function loadMedhelmMedMcqa(ctx: LoadContext): Promise<LoadedData> {
  const hint = `MedMCQA is distributed as a Google Drive zip (${MEDMCQA_DRIVE_URL}); download it and point extra.data_path at the zip or the unzipped folder (docs/benchmarks/medhelm_med_mcqa.md).`;
  if (!ctx.dataPath)
    throw new UserError('EF_MISSING_DATA_PATH', `medhelm_med_mcqa needs extra.data_path: ${LAYOUT}`, hint);
  const { dev, fromHub, train } = await findSources(ctx.dataPath);
  if (dev === null)
    throw new UserError(
      'EF_DATA_NOT_FOUND',
      `Benchmark data not found: no ${MEDMCQA_DEV_FILE} or ${MEDMCQA_HUB_FILE} in ${ctx.dataPath}`,
      `extra.data_path must be ${LAYOUT}.`,
    );
  if (fromHub)
    ctx.log(
      `medhelm_med_mcqa: reading the Hugging Face copy ${dev.label}; its 0-based cop is converted to HELM's 1-based answer`,
    );
  const rows = parseJsonlRows(decodePythonText(dev.bytes, dev.label), dev.label, mcqaRow(fromHub ? 0 : 1));
  const files = [record(dev)];
  let trainRows = MEDMCQA_TRAIN_ROWS;
  if (train) {
    trainRows = countLines(decodePythonText(train.bytes, train.label));
    files.push(record(train));
    ctx.log(`medhelm_med_mcqa: ${train.label} has ${trainRows} rows (numbers the valid ids; never evaluated)`);
  } else {
    ctx.log(
      `medhelm_med_mcqa: ${MEDMCQA_TRAIN_FILE} not found; valid ids assume its ${MEDMCQA_TRAIN_ROWS} release rows`,
    );
  }
  return {
    instances: buildMcqaInstances(rows, trainRows),
    data: { source: MEDMCQA_DRIVE_URL, revision: null, files, num_rows: rows.length },
  };
}
