/**
 * MedAlign (gated) → instances, as HELM's `MedalignScenario` and `medalign_scenario_helper` build them
 * (docs/benchmarks/medalign.md): instructions joined with Annotator_1's clinician responses, each prompt holding as much of
 * the patient's EHR as fits in `max_length` cl100k_base tokens, keeping the **end** of the record.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { CORRECT_TAG, type DataFileInfo, type LoadContext, type LoadedData } from '@eval-factory/types';
import { dataFormatError, decodePythonText, hashFile, sha256Hex, readTextPython } from '@eval-factory/files';
import { requireDataPath } from '../shared/gated-data.js';
import { numberInstances } from '../shared/instances.js';
import { pyIntOrNull } from '../shared/py-int.js';
import { MEDALIGN_TEMPLATE, medalignInputText, medalignPrompt } from './prompt.js';
import { idKey, readTsv } from './tables.js';
import { encodeCl100k, specialTokenIn, tailTokens, truncateToLastTokens } from './tokens.js';

export const MEDALIGN_INSTRUCTIONS_FILE = 'clinician-reviewed-model-responses.tsv';
export const MEDALIGN_RESPONSES_FILE = 'clinician-instruction-responses.tsv';
export const MEDALIGN_EHR_FOLDER = 'medalign_ehr_xml';
/** HELM's run-spec default and its fixed generation length (`return_dataset_dataframe`). */
export const MEDALIGN_DEFAULT_MAX_LENGTH = 100000;
export const MEDALIGN_GENERATION_LENGTH = 256;
export const MEDALIGN_SOURCE = 'https://github.com/som-shahlab/medalign';
const LAYOUT = `a folder holding ${MEDALIGN_INSTRUCTIONS_FILE}, ${MEDALIGN_RESPONSES_FILE} and ${MEDALIGN_EHR_FOLDER}/<person_id>.xml`;

/** One instruction joined with its gold response. */
export interface MedalignRow {
  readonly instructionId: string;
  readonly personKey: string;
  readonly question: string;
  readonly response: string;
}

/** `max_length`: a whole number of tokens (HELM's default 100,000). */
export function medalignMaxLength(args: LoadContext['args']): number {
  const raw = args.max_length ?? MEDALIGN_DEFAULT_MAX_LENGTH;
  const value = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new UserError(
    'EF_BENCHMARK_ARG',
    `medalign: max_length ${JSON.stringify(raw)} is not a whole number of tokens`,
    "Use an integer such as 100000 (HELM's default).",
  );
}

async function requirePath(path: string, kind: 'file' | 'folder'): Promise<string> {
  const info = await stat(path).catch(() => null);
  if (info && (kind === 'file' ? info.isFile() : info.isDirectory())) return path;
  throw new UserError('EF_DATA_NOT_FOUND', `Benchmark data not found: ${path}`, `extra.data_path must be ${LAYOUT}.`);
}

/**
 * HELM's join: `get_instructions` keeps the last row per instruction_id (dict comprehension), then the
 * Annotator_1 responses are inner-joined on instruction_id, in response-file order.
 */
export function joinMedalignRows(
  instructionText: string,
  responseText: string,
  files: { instructions: string; responses: string },
): MedalignRow[] {
  const instructions = new Map<string, { question: string; person: string; line: number }>();
  readTsv(instructionText, files.instructions, ['instruction_id', 'question', 'person_id']).forEach((row, i) => {
    instructions.set(idKey(row.instruction_id!), { question: row.question!, person: row.person_id!, line: i + 2 });
  });
  const joined: MedalignRow[] = [];
  for (const row of readTsv(responseText, files.responses, ['instruction_id', 'annotator_num', 'clinician_response'])) {
    if (row.annotator_num !== 'Annotator_1') continue;
    const instruction = instructions.get(idKey(row.instruction_id!));
    if (!instruction) continue;
    const where = `${files.instructions} line ${instruction.line}`;
    if (instruction.question.trim() === '') throw dataFormatError(where, 'empty question');
    const person = idKey(instruction.person);
    if (!/^-?\d+$/.test(person))
      throw dataFormatError(where, `person_id ${JSON.stringify(instruction.person)} is not an integer`);
    if (row.clinician_response!.trim() === '')
      throw dataFormatError(files.responses, `empty clinician_response for instruction_id ${row.instruction_id}`);
    joined.push({
      instructionId: row.instruction_id!.trim(),
      personKey: person,
      question: instruction.question,
      response: row.clinician_response!,
    });
  }
  return joined;
}

/** HELM's `get_ehrs`: patient id = `int(name.split(".")[0])`; hidden files and other names are skipped (logged). */
async function ehrFiles(folder: string, log: (message: string) => void): Promise<Map<string, string>> {
  const byPerson = new Map<string, string>();
  const skipped: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const id = pyIntOrNull(entry.name.split('.')[0]!);
    if (id === null) {
      skipped.push(entry.name);
      continue;
    }
    const previous = byPerson.get(String(id));
    if (previous !== undefined)
      throw dataFormatError(folder, `two EHR files for person_id ${id}: ${previous} and ${entry.name}`);
    byPerson.set(String(id), entry.name);
  }
  if (skipped.length > 0)
    log(
      `medalign: ignored ${skipped.length} file(s) in ${folder} not named <person_id>.<ext>: ${skipped.slice(0, 5).join(', ')}`,
    );
  return byPerson;
}

function tokenCount(text: string, where: string): number {
  const special = specialTokenIn(text);
  if (special !== null)
    throw dataFormatError(
      where,
      `contains the special token ${special}, which the cl100k_base tokenizer refuses to encode`,
    );
  return encodeCl100k(text).length;
}

/** One entry for the EHR files read: sha256 of their `sha256sum` listing in byte-wise name order. */
function ehrFolderInfo(folder: string, used: Map<string, Buffer>): DataFileInfo {
  const names = [...used.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const listing = names.map((name) => `${sha256Hex(used.get(name)!)}  ${name}\n`).join('');
  return {
    path: folder,
    sha256: sha256Hex(listing),
    bytes: names.reduce((sum, name) => sum + used.get(name)!.byteLength, 0),
  };
}

interface BuiltPrompt {
  readonly text: string;
  readonly budget: number;
  readonly truncated: boolean;
}

/** Each row's prompt; each patient's EHR is read and tokenized once, for the largest budget among its rows. */
async function buildPrompts(
  rows: readonly MedalignRow[],
  folder: string,
  files: Map<string, string>,
  maxLength: number,
  used: Map<string, Buffer>,
): Promise<BuiltPrompt[]> {
  const templateTokens = encodeCl100k(MEDALIGN_TEMPLATE).length;
  const byPerson = new Map<string, number[]>();
  rows.forEach((row, i) => byPerson.set(row.personKey, [...(byPerson.get(row.personKey) ?? []), i]));
  const prompts: BuiltPrompt[] = new Array<BuiltPrompt>(rows.length);
  for (const [person, indices] of byPerson) {
    const name = files.get(person);
    if (name === undefined)
      throw dataFormatError(
        folder,
        `no EHR file for person_id ${person} (instruction_id ${rows[indices[0]!]!.instructionId}); expected ${person}.xml`,
      );
    const path = join(folder, name);
    const bytes = await readFile(path);
    used.set(name, bytes);
    const ehr = decodePythonText(bytes, path);
    const special = specialTokenIn(ehr);
    if (special !== null)
      throw dataFormatError(
        path,
        `contains the special token ${special}, which the cl100k_base tokenizer refuses to encode`,
      );
    const budgets = indices.map(
      (i) =>
        maxLength -
        MEDALIGN_GENERATION_LENGTH -
        templateTokens -
        tokenCount(rows[i]!.question, `instruction_id ${rows[i]!.instructionId}`),
    );
    const largest = Math.max(...budgets);
    const tail = largest > 0 ? tailTokens(ehr, 2 * largest + 1) : null;
    indices.forEach((i, j) => {
      const budget = budgets[j]!;
      const cut = budget > 0 ? truncateToLastTokens(tail!, budget) : { text: '', truncated: ehr !== '' };
      prompts[i] = { text: medalignPrompt(cut.text ?? ehr, rows[i]!.question), budget, truncated: cut.truncated };
    });
  }
  return prompts;
}

/** Loads the three parts under `data_path`, joins them and builds one instance per joined row (`id0…`). */
export async function loadMedalign(ctx: LoadContext): Promise<LoadedData> {
  const dataPath = requireDataPath(ctx, 'medalign', LAYOUT);
  const maxLength = medalignMaxLength(ctx.args);
  const instructionsFile = await requirePath(join(dataPath, MEDALIGN_INSTRUCTIONS_FILE), 'file');
  const responsesFile = await requirePath(join(dataPath, MEDALIGN_RESPONSES_FILE), 'file');
  const ehrFolder = await requirePath(join(dataPath, MEDALIGN_EHR_FOLDER), 'folder');
  const rows = joinMedalignRows(await readTextPython(instructionsFile), await readTextPython(responsesFile), {
    instructions: instructionsFile,
    responses: responsesFile,
  });
  const used = new Map<string, Buffer>();
  const prompts = await buildPrompts(rows, ehrFolder, await ehrFiles(ehrFolder, ctx.log), maxLength, used);
  const truncated = prompts.filter((p) => p.truncated).length;
  ctx.log(
    `medalign: ${rows.length} instructions with an Annotator_1 response; ${truncated} EHR(s) cut to their last tokens (max_length=${maxLength})`,
  );
  const instances = numberInstances(
    rows.map((row, i) => ({
      input: { text: medalignInputText(prompts[i]!.text) },
      references: [{ output: { text: row.response }, tags: [CORRECT_TAG] }],
      split: 'test' as const,
      source_id: row.instructionId,
      extra_data: {
        person_id: row.personKey,
        ehr_token_budget: prompts[i]!.budget,
        ehr_truncated: prompts[i]!.truncated,
      },
    })),
  );
  return {
    instances,
    data: {
      source: `${MEDALIGN_SOURCE} (local copy)`,
      revision: null,
      files: [
        { path: instructionsFile, ...(await hashFile(instructionsFile)) },
        { path: responsesFile, ...(await hashFile(responsesFile)) },
        ehrFolderInfo(ehrFolder, used),
      ],
      num_rows: rows.length,
    },
  };
}
