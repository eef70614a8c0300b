/** MEDIQA 2019 Task 3 test set → HELM's 150 instances (docs/benchmarks/medi_qa.md). */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { CORRECT_TAG, type DataFileInfo, type Instance, type LoadContext, type LoadedData } from '@eval-factory/types';
import { resolveDataFile, hashFile, readTextPython, reportDrift } from '@eval-factory/files';
import { parseMediQaJsonl, parseMediQaXml } from './xml.js';
import type { MediQaQuestion } from './xml.js';

/** HELM loads bigbio/mediqa_qa, whose script parses this file of the repository's master branch; we pin the head. */
export const MEDI_QA_COMMIT = 'ae5d3826d6c841923b9db831159fef0f1b893593';
export const MEDI_QA_FILE = 'MEDIQA2019-Task3-QA-TestSet-wLabels.xml';
export const MEDI_QA_URL = `https://raw.githubusercontent.com/abachaa/MEDIQA2019/${MEDI_QA_COMMIT}/MEDIQA_Task3_QA/${MEDI_QA_FILE}`;
/** The hub-shaped copy accepted through `extra.data_path`. */
export const MEDI_QA_JSONL_FILE = 'test.hf_like.jsonl';
/** From datasets/medi_qa/PROVENANCE.md. */
export const MEDI_QA_SHA256: Readonly<Record<'xml' | 'jsonl', string>> = {
  xml: 'df9bca894d252279f200ee78e85d871b57a94b224d75467b7fa38a4a0952cc1d',
  jsonl: 'd6837bb12abafc192d7acdabc851e76bc80beb6728aa3eb6e5c31de8dafb1d7e',
};

/**
 * HELM: input = the question text; gold = the text of the first answer with ReferenceRank 1 (else ""); the id is
 * the QID itself (HELM keeps the scenario's ids), split `test`.
 */
export function buildMediQaInstances(questions: readonly MediQaQuestion[]): Instance[] {
  return questions.map((q) => ({
    id: q.qid,
    input: { text: q.text },
    references: [{ output: { text: q.answers.find((a) => a.referenceRank === 1)?.text ?? '' }, tags: [CORRECT_TAG] }],
    split: 'test',
    source_id: q.qid,
  }));
}

/** A user's copy: the XML or the JSONL file itself, or a folder holding one of them (XML first). */
async function userFile(ctx: LoadContext, dataPath: string): Promise<DataFileInfo> {
  const info = await stat(dataPath).catch(() => null);
  const candidates = info?.isDirectory()
    ? [join(dataPath, MEDI_QA_FILE), join(dataPath, MEDI_QA_JSONL_FILE)]
    : [dataPath];
  for (const path of candidates) {
    if (!(await stat(path).catch(() => null))?.isFile()) continue;
    const file = { path, ...(await hashFile(path)) };
    const expected = MEDI_QA_SHA256[path.endsWith('.jsonl') ? 'jsonl' : 'xml'];
    if (file.sha256 !== expected) reportDrift(ctx, path, `${path} has sha256 ${file.sha256}, expected ${expected}`);
    return file;
  }
  throw new UserError(
    'EF_DATA_NOT_FOUND',
    `Benchmark data not found: ${candidates[0]}`,
    `extra.data_path must name ${MEDI_QA_FILE} or ${MEDI_QA_JSONL_FILE}, or a folder that contains one; remove it to download the data.`,
  );
}

/** Resolves the test set (data_path, cache or pinned download) and builds the instances. */
export async function loadMediQa(ctx: LoadContext): Promise<LoadedData> {
  const file = ctx.dataPath
    ? await userFile(ctx, ctx.dataPath)
    : await resolveDataFile({
        benchmark: 'medi_qa',
        fileName: MEDI_QA_FILE,
        url: MEDI_QA_URL,
        sha256: MEDI_QA_SHA256.xml,
        ctx,
      });
  const text = await readTextPython(file.path);
  const questions = file.path.endsWith('.jsonl') ? parseMediQaJsonl(text, file.path) : parseMediQaXml(text, file.path);
  const noGold = questions.filter((q) => !q.answers.some((a) => a.referenceRank === 1));
  if (noGold.length > 0)
    ctx.log(`medi_qa: ${noGold.length} questions have no answer ranked 1; their gold is "" as in HELM`);
  return {
    instances: buildMediQaInstances(questions),
    data: { source: MEDI_QA_URL, revision: MEDI_QA_COMMIT, files: [file], num_rows: questions.length },
  };
}
