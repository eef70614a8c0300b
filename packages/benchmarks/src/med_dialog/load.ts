/**
 * MedDialog (BioBART splits) → instances, as HELM's `MedDialogScenario` builds them (docs/benchmarks/med_dialog.md). The only
 * source is a Codalab bundle (the split was made with an unseeded shuffle and cannot be regenerated), so the user
 * supplies `<subset>/test.json` through `extra.data_path`.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { requireArgValue } from '../shared/gated-data.js';
import { hashFile } from '../shared/hashing.js';
import { numberInstances } from '../shared/instances.js';
import { readTextPython } from '../shared/read-text.js';
import { parseSrcTgtJson } from '../shared/src-tgt-json.js';

export const MED_DIALOG_SUBSETS = ['healthcaremagic', 'icliniq'] as const;
export type MedDialogSubset = (typeof MED_DIALOG_SUBSETS)[number];
const BUNDLE = 'https://worksheets.codalab.org/rest/bundles/0x82f0c47f6d3e4462ae9ef8ea39eebe64/contents/blob';
export const medDialogUrl = (subset: string): string => `${BUNDLE}/${subset}/test.json`;
export const MED_DIALOG_SOURCE = `${BUNDLE}/`;

const isFile = async (path: string): Promise<boolean> => (await stat(path).catch(() => null))?.isFile() ?? false;

/** `data_path` is the test.json itself, a folder holding `<subset>/test.json`, or a folder holding `test.json`. */
async function findTestFile(ctx: LoadContext, subset: MedDialogSubset): Promise<string> {
  const hint = `Download ${medDialogUrl(subset)} (HELM's only source; see docs/benchmarks/med_dialog.md) and set extra.data_path to the folder holding ${subset}/test.json.`;
  if (!ctx.dataPath)
    throw new UserError(
      'EF_MISSING_DATA_PATH',
      `med_dialog needs extra.data_path: a folder holding ${subset}/test.json`,
      hint,
    );
  const candidates = [ctx.dataPath, join(ctx.dataPath, subset, 'test.json'), join(ctx.dataPath, 'test.json')];
  for (const path of candidates) if (await isFile(path)) return path;
  throw new UserError('EF_DATA_NOT_FOUND', `Benchmark data not found: ${candidates[1]}`, hint);
}

/** `{"data": [{"id", "src", "tgt"}, …]}` → instances in file order (input `src`, reference `tgt`, not stripped). */
export function buildMedDialogInstances(text: string, path: string): Instance[] {
  return numberInstances(
    parseSrcTgtJson(text, path).map((r, i) => ({
      input: { text: r.src },
      references: [{ output: { text: r.tgt }, tags: [CORRECT_TAG] }],
      split: 'test' as const,
      source_id: r.fields.id === undefined ? String(i) : String(r.fields.id),
    })),
  );
}

/** Reads the subset's test file from `extra.data_path` (no pinned checksum: the files were never available to pin). */
export async function loadMedDialog(ctx: LoadContext): Promise<LoadedData> {
  const subset = requireArgValue(ctx, 'med_dialog', 'subset', MED_DIALOG_SUBSETS);
  const path = await findTestFile(ctx, subset);
  const file = { path, ...(await hashFile(path)) };
  ctx.log(`med_dialog: ${path} sha256 ${file.sha256} (no pinned checksum)`);
  const instances = buildMedDialogInstances(await readTextPython(path), path);
  return {
    instances,
    data: { source: medDialogUrl(subset), revision: null, files: [file], num_rows: instances.length },
  };
}
