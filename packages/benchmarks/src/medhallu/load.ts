/**
 * MedHallu (`pqa_labeled`) → instances, exactly as HELM's `MedHalluScenario` builds them (docs/benchmarks/medhallu.md), followed
 * by the corrected instance set of `exact_match_corrected` (§0.2).
 */
import { CORRECT_TAG } from '@eval-factory/types';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { resolveDataFile } from '../shared/data-files.js';
import type { FetchOptions } from '../shared/download.js';
import { HF_ROWS_API } from '../shared/hf-rows-download.js';
import { numberInstances } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { checkRowsPin } from '../shared/pinned-rows.js';
import type { RowsPin } from '../shared/pinned-rows.js';
import { pyListStr } from '../shared/python-repr.js';
import { readTextPython } from '../shared/read-text.js';
import { downloadMedhalluRows, MEDHALLU_REVISION, MEDHALLU_SOURCE, medhalluRowsUrl } from './download.js';
import { medhalluRowsDigest, parseMedhalluRows } from './rows.js';
import type { MedhalluRow } from './rows.js';

export const MEDHALLU_FILE = 'medhallu_pqa_labeled.jsonl';

/**
 * Computed once from `datasets/medhallu/medhallu_pqa_labeled.jsonl` (the rows of the pinned revision, as recorded
 * by the Arrow copy's `dataset_info.json`); the conformance test re-checks it.
 */
export const MEDHALLU_PIN: RowsPin = {
  rows: 1000,
  sha256: 'd36ceefc6117b72518fb1b6b13d6f12998aa027e5ca696cc5463ac54bd545681',
};

/** HELM's labels: the ground-truth answer is factual (`0`), the hallucinated one is not (`1`). */
const ANSWERS = [
  { field: 'Ground Truth', gold: '0', kind: 'ground_truth' },
  { field: 'Hallucinated Answer', gold: '1', kind: 'hallucinated' },
] as const;

/** HELM's text: the knowledge is Python's `str()` of the list, quotes, brackets and `\xa0`-style escapes included. */
export function helmInputText(knowledge: readonly string[], question: string, answer: string): string {
  return `World Knowledge: ${pyListStr(knowledge)}\n\nQuestion: ${question}\n\nAnswer: ${answer}\n`;
}

/** The corrected text: the knowledge passages as plain lines, everything else as in HELM. */
export function correctedInputText(knowledge: readonly string[], question: string, answer: string): string {
  return `World Knowledge:\n${knowledge.join('\n')}\n\nQuestion: ${question}\n\nAnswer: ${answer}\n`;
}

type TextBuilder = (knowledge: readonly string[], question: string, answer: string) => string;

/** Two instances per row, ground truth first; the only reference is the gold label. */
function rowPairs(rows: readonly MedhalluRow[], text: TextBuilder): UnnumberedInstance[] {
  return rows.flatMap((row, index) =>
    ANSWERS.map(({ field, gold, kind }) => ({
      input: { text: text(row.Knowledge, row.Question, row[field]) },
      references: [{ output: { text: gold }, tags: [CORRECT_TAG] }],
      split: 'test' as const,
      extra_data: { row: index, answer: kind },
    })),
  );
}

/**
 * HELM's 2N instances (`id0…`) followed by the N-row-paired corrected set (`c-id0…`, `variant: 'corrected'`), in
 * the same order so that the engine's `paired` selection picks the same rows and answers from both.
 */
export function buildMedhalluInstances(rows: readonly MedhalluRow[]): Instance[] {
  const helm = numberInstances(rowPairs(rows, helmInputText));
  const corrected = numberInstances(rowPairs(rows, correctedInputText)).map((instance) => ({
    ...instance,
    id: `c-${instance.id}`,
    variant: 'corrected' as const,
  }));
  return [...helm, ...corrected];
}

export interface MedhalluEndpoints {
  /** datasets-server rows API base (tests point it at a loopback server). */
  readonly rowsApi: string;
  readonly fetchOptions?: FetchOptions;
}

/** Resolves the rows (data_path JSONL, cache, or the rows API), checks the row pin and builds the instances. */
export async function loadMedhallu(
  ctx: LoadContext,
  endpoints: MedhalluEndpoints = { rowsApi: HF_ROWS_API },
): Promise<LoadedData> {
  const file = await resolveDataFile({
    benchmark: 'medhallu',
    fileName: MEDHALLU_FILE,
    url: medhalluRowsUrl(endpoints.rowsApi),
    // The cached JSONL is our own serialisation of the API rows: the rows are pinned, not the file.
    sha256: null,
    ctx,
    download: (tmpPath) => downloadMedhalluRows(tmpPath, endpoints.rowsApi, endpoints.fetchOptions),
  });
  const rows = parseMedhalluRows(await readTextPython(file.path), file.path);
  checkRowsPin(rows.length, medhalluRowsDigest(rows), MEDHALLU_PIN, ctx, file.path);
  const { dataset, config, split } = MEDHALLU_SOURCE;
  return {
    instances: buildMedhalluInstances(rows),
    data: {
      source: `hf://datasets/${dataset} (config ${config}, split ${split})`,
      revision: MEDHALLU_REVISION,
      files: [file],
      num_rows: rows.length,
    },
  };
}
