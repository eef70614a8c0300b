/**
 * MIMIC-IV ICD-10 coding (gated) → instances, as HELM's `MIMICIVBillingCodeScenario` builds them
 * (docs/benchmarks/mimiciv_billing_code.md): a Feather file (Arrow IPC, as pandas' `to_feather` writes it) or JSON Lines with the same
 * two fields, `text` and `target` (a list of code strings).
 */
import { readFile, stat } from 'node:fs/promises';
import { UserError } from '@eval-factory/errors';
import type { Instance, LoadContext, LoadedData } from '@eval-factory/types';
import { CORRECT_TAG } from '@eval-factory/types';
import { dataFormatError } from '../shared/data-errors.js';
import { requireDataPath } from '../shared/gated-data.js';
import { hashFile } from '../shared/hashing.js';
import { numberInstances } from '../shared/instances.js';
import type { UnnumberedInstance } from '../shared/instances.js';
import { parseJsonlRows } from '../shared/jsonl-rows.js';
import { readTextPython } from '../shared/read-text.js';

const LAYOUT =
  'a Feather file (e.g. mimiciv_icd10.feather) or JSON Lines file with columns text (the note) and target (a list of ICD-10 codes)';
export const BILLING_SOURCE = 'https://physionet.org/content/mimiciv/ (MIMIC-IV notes and ICD-10 codes; gated)';

/** A row as read: `text`, and `target` as a list when the file stores one, else the scalar. */
export interface RawBillingRow {
  readonly text: unknown;
  readonly target: unknown;
}

/** The Feather file's `text` and `target` columns (apache-arrow, loaded only for this benchmark). */
async function readFeatherRows(path: string): Promise<RawBillingRow[]> {
  const { tableFromIPC, Vector } = await import('apache-arrow');
  let table;
  try {
    table = tableFromIPC(await readFile(path));
  } catch (e) {
    throw dataFormatError(
      path,
      `not a readable Feather v2 / Arrow IPC file (${(e as Error).message}); re-save it with pandas to_feather or as JSON Lines`,
    );
  }
  const [text, target] = [table.getChild('text'), table.getChild('target')];
  if (!text || !target) throw dataFormatError(path, 'the table needs columns text and target');
  return Array.from({ length: table.numRows }, (_, i) => {
    const value: unknown = target.get(i);
    return { text: text.get(i), target: value instanceof Vector ? [...value] : value };
  });
}

/** Python `str()` of a scalar target; HELM wraps a non-list target as `[str(value)]`. */
const scalarText = (value: unknown): string => (value === null || value === undefined ? 'None' : String(value));

/**
 * Rows in file order, all `test`: input = text, reference = the codes joined by "," (no spaces). A row HELM's code
 * would raise on (text not a string, a code that is not a string) is logged and skipped, as HELM prints and skips it.
 */
export function buildBillingInstances(rows: readonly RawBillingRow[], log: (message: string) => void): Instance[] {
  const kept: UnnumberedInstance[] = [];
  for (const [i, row] of rows.entries()) {
    const codes = Array.isArray(row.target) ? row.target : [scalarText(row.target)];
    if (typeof row.text !== 'string' || !codes.every((c) => typeof c === 'string')) {
      log(`mimiciv_billing_code: skipping row ${i}: text is not a string or target holds a non-string code`);
      continue;
    }
    kept.push({
      input: { text: row.text },
      references: [{ output: { text: codes.join(',') }, tags: [CORRECT_TAG] }],
      split: 'test' as const,
      source_id: String(i),
    });
  }
  return numberInstances(kept);
}

export async function loadMimicivBillingCode(ctx: LoadContext): Promise<LoadedData> {
  const path = requireDataPath(ctx, 'mimiciv_billing_code', LAYOUT);
  if (!(await stat(path).catch(() => null))?.isFile())
    throw new UserError('EF_DATA_NOT_FOUND', `Benchmark data not found: ${path}`, `extra.data_path must be ${LAYOUT}.`);
  const isJsonl = /\.jsonl?$/i.test(path);
  const rows = isJsonl
    ? parseJsonlRows(await readTextPython(path), path, (value, fail) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? (value as RawBillingRow)
          : fail('the line is not a JSON object'),
      )
    : await readFeatherRows(path);
  return {
    instances: buildBillingInstances(rows, ctx.log),
    data: {
      source: BILLING_SOURCE,
      revision: null,
      files: [{ path, ...(await hashFile(path)) }],
      num_rows: rows.length,
    },
  };
}
