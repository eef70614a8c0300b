/** MIMIC-IV-Ext-BHC (gated) → instances, as HELM's `MIMICBHCScenario` builds them (docs/benchmarks/mimic_bhc.md). */
import { stat } from 'node:fs/promises';
import { UserError } from '@eval-factory/errors';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { describeValue } from '../shared/data-errors.js';
import { requireDataPath } from '../shared/gated-data.js';
import { hashFile } from '../shared/hashing.js';
import { numberInstances } from '../shared/instances.js';
import { parseJsonlRows } from '../shared/jsonl-rows.js';
import type { Fail } from '../shared/jsonl-rows.js';
import { readTextPython } from '../shared/read-text.js';

const LAYOUT =
  'a JSON Lines file (e.g. mimic_iv_bhc.json) with one {"input": <clinical note>, "target": <brief hospital course>} object per line';

interface BhcRow {
  readonly input: string;
  readonly target: string;
}

function bhcRow(value: unknown, fail: Fail): BhcRow {
  const row = (value ?? {}) as Record<string, unknown>;
  for (const key of ['input', 'target'] as const) {
    if (typeof row[key] !== 'string') fail(`${key} is ${describeValue(row[key])}, not a string`);
  }
  return { input: row.input as string, target: row.target as string };
}

/** Every row in order, all `test` (HELM ignores any upstream split); rows with an empty input or target skipped. */
export function buildMimicBhcInstances(rows: readonly BhcRow[]): Instance[] {
  return numberInstances(
    rows.flatMap((row, i) =>
      row.input === '' || row.target === ''
        ? []
        : [
            {
              input: { text: row.input },
              references: [{ output: { text: row.target }, tags: [CORRECT_TAG] }],
              split: 'test' as const,
              source_id: `line ${i + 1}`,
            },
          ],
    ),
  );
}

export async function loadMimicBhc(ctx: LoadContext): Promise<LoadedData> {
  const path = requireDataPath(ctx, 'mimic_bhc', LAYOUT);
  if (!(await stat(path).catch(() => null))?.isFile())
    throw new UserError('EF_DATA_NOT_FOUND', `Benchmark data not found: ${path}`, `extra.data_path must be ${LAYOUT}.`);
  const rows = parseJsonlRows(await readTextPython(path), path, bhcRow);
  const instances = buildMimicBhcInstances(rows);
  if (instances.length < rows.length)
    ctx.log(`mimic_bhc: skipped ${rows.length - instances.length} rows with an empty input or target (as HELM)`);
  return {
    instances,
    data: {
      source: 'https://physionet.org/content/labelled-notes-hospital-course/ (MIMIC-IV-Ext-BHC; gated)',
      revision: null,
      files: [{ path, ...(await hashFile(path)) }],
      num_rows: rows.length,
    },
  };
}
