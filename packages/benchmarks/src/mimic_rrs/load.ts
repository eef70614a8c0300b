/** MIMIC-III radiology report summarization (gated) → instances, as HELM's `MIMICRRSScenario` (docs/benchmarks/mimic_rrs.md). */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { pyStrip } from '@eval-factory/metrics';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { dataFormatError } from '../shared/data-errors.js';
import { requireDataPath } from '../shared/gated-data.js';
import { hashFile } from '../shared/hashing.js';
import { numberInstances } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { readTextPython } from '../shared/read-text.js';

export const MIMIC_RRS_FILES = { findings: 'test.findings.tok', impression: 'test.impression.tok' } as const;
const LAYOUT = `a folder holding ${MIMIC_RRS_FILES.findings} and ${MIMIC_RRS_FILES.impression} (the RRS release's MIMIC-III part, e.g. rrs-mimiciii/all)`;
export const MIMIC_RRS_SOURCE = 'https://physionet.org/ (MIMIC-III radiology report summarization, RRS release; gated)';

/** Python's line iteration over a text-mode file: pieces ending in `\n`, no empty piece after a final newline. */
export function pythonLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Pairs line i of both files (each stripped); a pair with an empty side is skipped. Unequal counts → EF_DATA_FORMAT. */
export function buildMimicRrsInstances(
  findings: readonly string[],
  impressions: readonly string[],
  file: string,
): Instance[] {
  if (findings.length !== impressions.length)
    throw dataFormatError(file, `${findings.length} findings lines but ${impressions.length} impression lines`);
  const kept: UnnumberedInstance[] = [];
  for (const [i, raw] of findings.entries()) {
    const [finding, impression] = [pyStrip(raw), pyStrip(impressions[i]!)];
    if (finding === '' || impression === '') continue;
    kept.push({
      input: { text: finding },
      references: [{ output: { text: impression }, tags: [CORRECT_TAG] }],
      split: 'test' as const,
      source_id: `line ${i + 1}`,
    });
  }
  return numberInstances(kept);
}

export async function loadMimicRrs(ctx: LoadContext): Promise<LoadedData> {
  const dir = requireDataPath(ctx, 'mimic_rrs', LAYOUT);
  const paths = [join(dir, MIMIC_RRS_FILES.findings), join(dir, MIMIC_RRS_FILES.impression)] as const;
  for (const path of paths) {
    if (!(await stat(path).catch(() => null))?.isFile())
      throw new UserError(
        'EF_DATA_NOT_FOUND',
        `Benchmark data not found: ${path}`,
        `extra.data_path must be ${LAYOUT}.`,
      );
  }
  const [findings, impressions] = await Promise.all(paths.map(async (p) => pythonLines(await readTextPython(p))));
  const instances = buildMimicRrsInstances(findings!, impressions!, dir);
  const files = await Promise.all(paths.map(async (path) => ({ path, ...(await hashFile(path)) })));
  return { instances, data: { source: MIMIC_RRS_SOURCE, revision: null, files, num_rows: findings!.length } };
}
