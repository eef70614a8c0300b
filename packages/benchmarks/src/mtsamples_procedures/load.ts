/**
 * MTSamples procedure reports → HELM's 128 instances (docs/benchmarks/mtsamples_procedures.md), then the corrected set (`c-id…`,
 * `variant: 'corrected'`): the same reading of every file, including the 3 HELM loses to the `#` in their names.
 * Same repository and file format as mtsamples_replicate, so its folder reader and downloader are reused.
 */
import { pyStrip } from '@eval-factory/metrics';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { withCorrectedSet } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { GITHUB_ENDPOINTS, MTSAMPLES_REPO } from '../mtsamples_replicate/download.js';
import type { MtsamplesEndpoints, ReportSource } from '../mtsamples_replicate/download.js';
import { reportText } from '../mtsamples_replicate/folder.js';
import { resolvePinnedReportFolder, type PinnedReportFolder } from '../mtsamples_replicate/pinned-folder.js';
import type { ReportFolder } from '../mtsamples_replicate/folder.js';
import type { ReportSplit } from '../mtsamples_replicate/sections.js';
import { helmCannotDownload, procedureReport } from './sections.js';

/** HELM's `GIT_HASH`; the folder is identical at the repository head (tree `d1aaeaa1…`). */
export const PROCEDURES_SOURCE: ReportSource = {
  revision: 'c4c252443fa9c52afb6960f53e51be278639bea2',
  folder: 'mtsample_procedure',
};
/** Folder checksum of the 429 files (datasets/mtsamples_procedures/PROVENANCE.md). */
export const PROCEDURES_FOLDER_SHA256 = '34b0f540534bcfb9483b014e80a66ceff0924a82fdffa1044520a9628e37a240';
export const PROCEDURES_URL = `https://github.com/${MTSAMPLES_REPO}/tree/${PROCEDURES_SOURCE.revision}/${PROCEDURES_SOURCE.folder}`;

const PIN: PinnedReportFolder = {
  benchmark: 'mtsamples_procedures',
  source: PROCEDURES_SOURCE,
  url: PROCEDURES_URL,
  sha256: PROCEDURES_FOLDER_SHA256,
};

/** `data_path` (the folder or one holding `mtsample_procedure/`), else the cache, else one download into it. */
export function resolveProceduresFolder(
  ctx: LoadContext,
  endpoints: MtsamplesEndpoints = GITHUB_ENDPOINTS,
): Promise<ReportFolder> {
  return resolvePinnedReportFolder(PIN, ctx, endpoints);
}

function reportInstance(name: string, split: ReportSplit): UnnumberedInstance {
  return {
    input: { text: split.input },
    references: [{ output: { text: split.reference }, tags: [CORRECT_TAG] }],
    split: 'test',
    source_id: name,
    extra_data: { reference_section: split.section },
  };
}

/**
 * HELM's set (`id0…`: files whose name HELM cannot download are skipped), then the corrected set (`c-id0…`: every
 * file). `log` gets HELM's per-file errors and the counts.
 */
export function buildProceduresInstances(
  texts: readonly { name: string; text: string }[],
  log: (message: string) => void,
): Instance[] {
  const helm: UnnumberedInstance[] = [];
  const corrected: UnnumberedInstance[] = [];
  const lost: string[] = [];
  for (const { name, text } of texts) {
    const result = procedureReport(text);
    if (result.kind === 'error') log(`mtsamples_procedures: HELM skips ${name}: ${result.message}`);
    if (result.kind !== 'instance') continue;
    corrected.push(reportInstance(name, result.split));
    if (helmCannotDownload(name)) lost.push(name);
    else helm.push(reportInstance(name, result.split));
  }
  log(
    `mtsamples_procedures: HELM set ${helm.length} instances; corrected set ${corrected.length} (HELM cannot download ${lost.length}: ${lost.join(', ') || 'none'})`,
  );
  return withCorrectedSet(helm, corrected);
}

/** Resolves the report folder and builds both instance sets. */
export async function loadMtsamplesProcedures(
  ctx: LoadContext,
  endpoints: MtsamplesEndpoints = GITHUB_ENDPOINTS,
): Promise<LoadedData> {
  const folder = await resolveProceduresFolder(ctx, endpoints);
  // HELM: `open(path).read().strip()` (text mode: universal newlines).
  const texts = folder.files.map((file) => ({ name: file.name, text: pyStrip(reportText(folder.path, file)) }));
  return {
    instances: buildProceduresInstances(texts, ctx.log),
    data: {
      source: PROCEDURES_URL,
      revision: PROCEDURES_SOURCE.revision,
      files: [{ path: folder.path, sha256: folder.sha256, bytes: folder.bytes }],
      num_rows: folder.files.length,
    },
  };
}
