/**
 * HEAD-QA has no pinned file upstream: HELM loads `dvilares/head_qa` from the Hugging Face hub. We page through
 * the datasets-server rows API and write the rows as hub-shaped JSONL (the same shape as
 * `datasets/head_qa/test_en.hf_like.jsonl`), which the loader then reads like a local copy.
 */
import type { FetchOptions } from '../shared/download.js';
import { downloadHfRowsJsonl, hfRowsUrl } from '../shared/hf-rows-download.js';
import type { HfRowsSource } from '../shared/hf-rows-download.js';
import type { Fail } from '../shared/jsonl-rows.js';
import { hubRow } from './rows.js';

export const HEAD_QA_DATASET = 'dvilares/head_qa';

/** HELM's `load_dataset("dvilares/head_qa", language, split="test")`; `config` is the language (`en` or `es`). */
function headQaSource(config: string): HfRowsSource {
  return { dataset: HEAD_QA_DATASET, config, split: 'test' };
}

/** The hub row in the field order of the JSONL copies under `datasets/head_qa/`. */
function jsonlLine(value: unknown, fail: Fail): string {
  const r = hubRow(value, fail);
  const row = {
    name: r.name,
    year: r.year,
    category: r.category,
    qid: r.qid,
    qtext: r.qtext,
    ra: r.ra,
    image: r.image,
    answers: r.answers,
  };
  return JSON.stringify(row);
}

/** Downloads every test row of `config` (`en` or `es`) into `path` as JSONL. */
export function downloadHeadQaRows(
  config: string,
  path: string,
  apiBase: string,
  fetchOptions?: FetchOptions,
): Promise<void> {
  return downloadHfRowsJsonl({ source: headQaSource(config), path, toLine: jsonlLine, apiBase, fetchOptions });
}

/** URL of the first page, named as the download source in logs and errors. */
export function headQaRowsUrl(apiBase: string, config: string): string {
  return hfRowsUrl(apiBase, headQaSource(config), 0);
}
