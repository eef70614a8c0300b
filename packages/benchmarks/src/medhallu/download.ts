/**
 * HELM loads MedHallu with `datasets.load_dataset` from the hub; we fetch the same rows through the
 * datasets-server rows API and cache them as hub-shaped JSONL (the shape of `datasets/medhallu/*.jsonl`).
 */
import type { FetchOptions } from '../shared/download.js';
import { downloadHfRowsJsonl, hfRowsUrl } from '../shared/hf-rows-download.js';
import type { HfRowsSource } from '../shared/hf-rows-download.js';
import type { Fail } from '../shared/jsonl-rows.js';
import { medhalluRow } from './rows.js';

/** HELM's `load_dataset("UTAustin-AIHealth/MedHallu", "pqa_labeled", split="train", revision=…)`. */
export const MEDHALLU_SOURCE: HfRowsSource = {
  dataset: 'UTAustin-AIHealth/MedHallu',
  config: 'pqa_labeled',
  split: 'train',
};
export const MEDHALLU_REVISION = '515060458a945c633debc6fd5baac7764416b724';

/** Validates a served row and keeps it whole, in the served field order, like the JSONL copy under `datasets/`. */
function jsonlLine(value: unknown, fail: Fail): string {
  medhalluRow(value, fail);
  return JSON.stringify(value);
}

/** Downloads all `pqa_labeled` train rows into `path` as JSONL. */
export function downloadMedhalluRows(path: string, apiBase: string, fetchOptions?: FetchOptions): Promise<void> {
  return downloadHfRowsJsonl({ source: MEDHALLU_SOURCE, path, toLine: jsonlLine, apiBase, fetchOptions });
}

/** URL of the first page, named as the download source in logs and errors. */
export function medhalluRowsUrl(apiBase: string): string {
  return hfRowsUrl(apiBase, MEDHALLU_SOURCE, 0);
}
