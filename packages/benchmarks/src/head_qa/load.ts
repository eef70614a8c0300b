/** HEAD-QA → instances, exactly as HELM's `HeadQAScenario` builds them (docs/benchmarks/head_qa.md). */
import { UserError } from '@eval-factory/errors';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { resolveDataFile } from '../shared/data-files.js';
import type { FetchOptions } from '../shared/download.js';
import { HF_ROWS_API } from '../shared/hf-rows-download.js';
import { numberInstances, optionReferences } from '../shared/instances.js';
import { checkRowsPin } from '../shared/pinned-rows.js';
import type { RowsPin } from '../shared/pinned-rows.js';
import { readTextPython } from '../shared/read-text.js';
import { downloadHeadQaRows, HEAD_QA_DATASET, headQaRowsUrl } from './download.js';
import { headQaRowsDigest, parseHeadQaRows } from './rows.js';
import type { HeadQaRow } from './rows.js';

export const HEAD_QA_LANGUAGES = ['en', 'es'] as const;
export const HEAD_QA_CATEGORIES = [
  'biology',
  'chemistry',
  'medicine',
  'nursery',
  'pharmacology',
  'psychology',
] as const;

interface LanguageSource {
  /** The hub-shaped JSONL (cache name, and the first name looked for in a data_path folder). */
  readonly fileName: string;
  /** The original release file, also accepted in a data_path folder. */
  readonly releaseFileName: string;
  /** Row count and row digest (`headQaRowsDigest`), or null when unpinned. */
  readonly pin: RowsPin | null;
}

/**
 * The hub is unpinned, so we pin the rows themselves. Computed once from `datasets/head_qa/test_en.hf_like.jsonl`
 * (the release `test_HEAD_EN.json` gives the same digest); the conformance test re-checks both.
 */
const SOURCES: Readonly<Record<string, LanguageSource>> = {
  en: {
    fileName: 'test_en.hf_like.jsonl',
    releaseFileName: 'test_HEAD_EN.json',
    pin: { rows: 2742, sha256: '238ed313bf42127e87151ed92477ab7a7c1a23e979bf72a22ed1962403e2b8a3' },
  },
  es: { fileName: 'test_es.hf_like.jsonl', releaseFileName: 'test_HEAD.json', pin: null },
};

export interface HeadQaEndpoints {
  /** datasets-server rows API base (tests point it at a loopback server). */
  readonly rowsApi: string;
  readonly fetchOptions?: FetchOptions;
}

function argValue<T extends string>(
  ctx: LoadContext,
  name: string,
  allowed: readonly T[],
  fallback: T | null,
): T | null {
  const value = ctx.args[name] ?? fallback;
  if (value === null || (allowed as readonly unknown[]).includes(value)) return value as T | null;
  throw new UserError(
    'EF_BENCHMARK_ARG',
    `head_qa: unknown ${name} ${JSON.stringify(value)}`,
    `Use one of: ${allowed.join(', ')}.`,
  );
}

/** Pinned-rows check (`checkRowsPin`); a language without a pin only warns, naming its row count and digest. */
function checkRows(rows: readonly HeadQaRow[], source: LanguageSource, ctx: LoadContext, where: string): string {
  const digest = headQaRowsDigest(rows);
  if (source.pin !== null) return checkRowsPin(rows.length, digest, source.pin, ctx, where);
  ctx.warn(
    'EF_DATA_UNPINNED',
    `${where}: no pinned checksum for this language; ${rows.length} rows, row digest ${digest}`,
  );
  return digest;
}

/**
 * HELM's instance rules: skip rows with an image, keep only `category` when set; input = `qtext`, references =
 * answers in list order, correct where `aid == ra`; ids `id0…` over the kept rows.
 */
export function buildHeadQaInstances(rows: readonly HeadQaRow[], category: string | null): Instance[] {
  const kept = rows.filter((row) => row.image === null && (category === null || row.category === category));
  return numberInstances(
    kept.map((row) => ({
      input: { text: row.qtext },
      references: optionReferences(
        row.answers.map((a) => a.atext),
        (i) => row.answers[i].aid === row.ra,
      ),
      split: 'test' as const,
      extra_data: { id: row.qid, name: row.name, category: row.category, year: row.year },
    })),
  );
}

/** Resolves the rows (data_path JSONL or release JSON, cache, or the rows API), verifies them, builds instances. */
export async function loadHeadQa(
  ctx: LoadContext,
  endpoints: HeadQaEndpoints = { rowsApi: HF_ROWS_API },
): Promise<LoadedData> {
  const language = argValue(ctx, 'language', HEAD_QA_LANGUAGES, 'en') as string;
  const category = argValue(ctx, 'category', HEAD_QA_CATEGORIES, null);
  const source = SOURCES[language];
  const file = await resolveDataFile({
    benchmark: 'head_qa',
    fileName: source.fileName,
    alternativeFileNames: [source.releaseFileName],
    url: headQaRowsUrl(endpoints.rowsApi, language),
    sha256: null,
    ctx,
    download: (tmpPath) => downloadHeadQaRows(language, tmpPath, endpoints.rowsApi, endpoints.fetchOptions),
  });
  const rows = parseHeadQaRows(await readTextPython(file.path), file.path);
  checkRows(rows, source, ctx, file.path);
  return {
    instances: buildHeadQaInstances(rows, category),
    // The hub revision is not pinned by HELM and the rows API does not report it.
    data: {
      source: `hf://datasets/${HEAD_QA_DATASET} (config ${language}, split test)`,
      revision: null,
      files: [file],
      num_rows: rows.length,
    },
  };
}
