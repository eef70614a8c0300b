/**
 * MTSamples reports → HELM's 427 instances (the first 1,000 files only, docs/benchmarks/mtsamples_replicate.md) followed by the corrected
 * set over all 1,269 files (`c-id…`, `variant: 'corrected'`).
 */
import { pyStrip } from '@eval-factory/metrics';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { withCorrectedSet } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import {
  GITHUB_ENDPOINTS,
  MTSAMPLES_FOLDER,
  MTSAMPLES_REPO,
  MTSAMPLES_REVISION,
  REPLICATE_SOURCE,
} from './download.js';
import type { MtsamplesEndpoints } from './download.js';
import { reportText } from './folder.js';
import { resolvePinnedReportFolder, type PinnedReportFolder } from './pinned-folder.js';
import type { ReportFolder } from './folder.js';
import { correctedReport, helmReport } from './sections.js';
import type { ReportSplit, SectionName } from './sections.js';

/** Folder checksum of the 1,269 files at the pinned commit (`datasets/mtsamples_replicate/PROVENANCE.md`). */
export const MTSAMPLES_FOLDER_SHA256 = 'e303ab548dcdb9284b19a99eb85255f695072d4ee85990965dfae3f5c1ad2c65';
/** The GitHub contents API lists at most this many entries: all HELM ever sees. */
export const HELM_LISTING_LIMIT = 1000;
export const MTSAMPLES_SOURCE = `https://github.com/${MTSAMPLES_REPO}/tree/${MTSAMPLES_REVISION}/${MTSAMPLES_FOLDER}`;

const PIN: PinnedReportFolder = {
  benchmark: 'mtsamples_replicate',
  source: REPLICATE_SOURCE,
  url: MTSAMPLES_SOURCE,
  sha256: MTSAMPLES_FOLDER_SHA256,
};

/** The report folder: `data_path`, else the cache, else one download into the cache. */
export function resolveReportFolder(
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
    extra_data: { reference_section: split.section, reference_in_input: split.referenceInInput },
  };
}

const countBy = (splits: readonly ReportSplit[]): Record<SectionName, number> => {
  const counts: Record<SectionName, number> = { PLAN: 0, SUMMARY: 0, FINDINGS: 0 };
  for (const s of splits) counts[s.section]++;
  return counts;
};

/**
 * HELM's instances (`id0…`) from the first 1,000 files, then the corrected set (`c-id0…`) from all files.
 * `log` receives HELM's per-file errors (it prints them and carries on) and the counts.
 */
export function buildMtsamplesInstances(
  texts: readonly { name: string; text: string }[],
  log: (message: string) => void,
): Instance[] {
  const helm: UnnumberedInstance[] = [];
  const helmSplits: ReportSplit[] = [];
  for (const { name, text } of texts.slice(0, HELM_LISTING_LIMIT)) {
    const result = helmReport(text);
    if (result.kind === 'error') log(`mtsamples_replicate: HELM skips ${name}: ${result.message}`);
    if (result.kind !== 'instance') continue;
    helm.push(reportInstance(name, result.split));
    helmSplits.push(result.split);
  }
  const corrected: UnnumberedInstance[] = [];
  const correctedSplits: ReportSplit[] = [];
  for (const { name, text } of texts) {
    const split = correctedReport(text);
    if (split === null) continue;
    corrected.push(reportInstance(name, split));
    correctedSplits.push(split);
  }
  const describe = (splits: ReportSplit[]) =>
    `${splits.length} (${Object.entries(countBy(splits))
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; reference in input: ${splits.filter((s) => s.referenceInInput).length})`;
  log(
    `mtsamples_replicate: HELM set ${describe(helmSplits)} from the first ${Math.min(texts.length, HELM_LISTING_LIMIT)} files; corrected set ${describe(correctedSplits)} from ${texts.length} files`,
  );
  return withCorrectedSet(helm, corrected);
}

/** Resolves the report folder and builds both instance sets. */
export async function loadMtsamplesReplicate(
  ctx: LoadContext,
  endpoints: MtsamplesEndpoints = GITHUB_ENDPOINTS,
): Promise<LoadedData> {
  const folder = await resolveReportFolder(ctx, endpoints);
  // HELM: `open(path, encoding="utf-8").read().strip()`.
  const texts = folder.files.map((file) => ({ name: file.name, text: pyStrip(reportText(folder.path, file)) }));
  return {
    instances: buildMtsamplesInstances(texts, ctx.log),
    data: {
      source: MTSAMPLES_SOURCE,
      revision: MTSAMPLES_REVISION,
      files: [{ path: folder.path, sha256: folder.sha256, bytes: folder.bytes }],
      num_rows: folder.files.length,
    },
  };
}
