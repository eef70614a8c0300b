/** PubMedQA (PQA-L) → instances, exactly as HELM's `PubMedQAScenario` builds them (docs/benchmarks/pubmed_qa.md). */
import type { Instance, LoadContext, LoadedData, StreamedData } from '@eval-factory/types';
import {
  dataFormatError,
  describeValue,
  jsonObjectEntries,
  resolveDataFile,
  resolveStreamedDataFile,
  readTextPython,
  streamJsonObjectBatches,
} from '@eval-factory/files';
import { optionReferences } from '../shared/instances.js';
import { pyTitle } from '@eval-factory/metrics';

export const PUBMED_QA_COMMIT = '1f00b98d5cc626844bf8c4ca513b6e62c40071ec';
export const PUBMED_QA_URL = `https://raw.githubusercontent.com/pubmedqa/pubmedqa/${PUBMED_QA_COMMIT}/data/ori_pqal.json`;
/** From datasets/pubmed_qa/PROVENANCE.md. */
export const PUBMED_QA_SHA256 = '8b3276be8942ebbd77f3ddcda12c1749bf0e490045a736fd8438ee40cf37a41d';
export const PUBMED_QA_FILE = 'ori_pqal.json';

/** Reference order is fixed (A/B/C); the one equal to `final_decision` is correct. */
export const PUBMED_QA_CHOICES = ['yes', 'no', 'maybe'] as const;

interface PubmedEntry {
  readonly QUESTION: string;
  readonly CONTEXTS: readonly string[];
  readonly LABELS: readonly string[];
  readonly final_decision: string;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** HELM asserts equal CONTEXTS/LABELS lengths and a valid decision; we turn those asserts into user errors. */
function checkEntry(pmid: string, value: unknown, file: string): PubmedEntry {
  const fail = (what: string): never => {
    throw dataFormatError(file, `PMID ${pmid}: ${what}`);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('the entry is not an object');
  const entry = value as Record<string, unknown>;
  if (typeof entry.QUESTION !== 'string') fail(`QUESTION is ${describeValue(entry.QUESTION)}, not a string`);
  if (!isStringList(entry.CONTEXTS)) fail('CONTEXTS is not a list of strings');
  if (!isStringList(entry.LABELS)) fail('LABELS is not a list of strings');
  const contexts = entry.CONTEXTS as string[];
  const labels = entry.LABELS as string[];
  if (contexts.length !== labels.length) fail(`${contexts.length} CONTEXTS but ${labels.length} LABELS`);
  if (!(PUBMED_QA_CHOICES as readonly unknown[]).includes(entry.final_decision)) {
    fail(`final_decision is ${describeValue(entry.final_decision)}, expected yes, no or maybe`);
  }
  return entry as unknown as PubmedEntry;
}

/**
 * Input text: `Context: <Label>. <context>\n…\n\nQuestion: <QUESTION>\n`, labels in Python `str.title()` case.
 * @example pubmedQaInputText({ QUESTION: 'Q?', CONTEXTS: ['c'], LABELS: ['METHODS'], final_decision: 'yes' })
 * // 'Context: Methods. c\n\nQuestion: Q?\n'
 */
export function pubmedQaInputText(entry: PubmedEntry): string {
  const background = entry.LABELS.map((label, i) => `${titleOf(label)}. ${entry.CONTEXTS[i]}`).join('\n');
  // join() makes one flat string; a template literal would keep its pieces (and the parsed entry's strings) alive
  // for as long as the instance lives.
  return ['Context: ', background, '\n\nQuestion: ', entry.QUESTION, '\n'].join('');
}

/** `pyTitle` of a section label, made once per label: the file has a few dozen labels over thousands of sections. */
function titleOf(label: string): string {
  let title = TITLES.get(label);
  if (title === undefined) {
    title = pyTitle(label);
    if (TITLES.size < MAX_TITLES) TITLES.set(label, title);
  }
  return title;
}

const TITLES = new Map<string, string>();
const MAX_TITLES = 1000;

/**
 * The instance of the file's `index`-th entry (id `id<index>`, split `test`, `source_id` = PMID). Made whole in one
 * literal (HELM's id included, as numberInstances would give it): an object grown property by property keeps a
 * separate property array, ~60 bytes per instance.
 */
function pubmedQaInstance(pmid: string, value: unknown, file: string, index: number): Instance {
  const entry = checkEntry(pmid, value, file);
  return {
    id: `id${index}`,
    input: { text: pubmedQaInputText(entry) },
    references: optionReferences(PUBMED_QA_CHOICES, (i) => PUBMED_QA_CHOICES[i] === entry.final_decision),
    split: 'test',
    source_id: pmid,
  };
}

/**
 * Builds the 1,000 PubMedQA instances from the file's `[PMID, entry]` pairs in file order, one entry at a time: an
 * entry is dropped once its instance is made. Malformed entries are `EF_DATA_FORMAT` errors naming the PMID.
 */
export function buildPubmedQaInstances(entries: Iterable<[string, unknown]>, file: string): Instance[] {
  const instances: Instance[] = [];
  for (const [pmid, value] of entries) instances.push(pubmedQaInstance(pmid, value, file, instances.length));
  return instances;
}

const dataFile = (ctx: LoadContext) => ({
  benchmark: 'pubmed_qa',
  fileName: PUBMED_QA_FILE,
  url: PUBMED_QA_URL,
  sha256: PUBMED_QA_SHA256,
  ctx,
});

/** Resolves `ori_pqal.json` (data_path, cache or pinned download) and builds the instances. */
export async function loadPubmedQa(ctx: LoadContext): Promise<LoadedData> {
  const file = await resolveDataFile(dataFile(ctx));
  const entries = jsonObjectEntries(await readTextPython(file.path), file.path);
  const instances = buildPubmedQaInstances(entries, file.path);
  return {
    instances,
    data: { source: PUBMED_QA_URL, revision: PUBMED_QA_COMMIT, files: [file], num_rows: entries.size },
  };
}

/**
 * The same instances as `loadPubmedQa`, each made as the file is read (a run of every instance sends its first
 * requests before the rest of a large file is read). A PMID that appears twice is an `EF_DATA_FORMAT` error here.
 */
export async function streamPubmedQa(ctx: LoadContext): Promise<StreamedData> {
  const file = await resolveStreamedDataFile(dataFile(ctx));
  let rows = 0;
  let read = false;
  async function* instances(): AsyncGenerator<Instance[]> {
    for await (const batch of streamJsonObjectBatches(file.path, { onBytes: file.onBytes }))
      yield batch.map(([pmid, value]) => pubmedQaInstance(pmid, value, file.path, rows++));
    read = true;
  }
  return {
    instances: instances(),
    ended: () => {
      // Before the end, the row count would be short and the file's hash final too early (its next chunk would throw).
      if (!read) throw new Error('pubmed_qa: the data record was asked for before the file was read to its end');
      return { data: { source: PUBMED_QA_URL, revision: PUBMED_QA_COMMIT, files: [file.info()], num_rows: rows } };
    },
  };
}
