/**
 * Pins for Hugging Face sources (docs/benchmarks.md): the row count plus a sha256 over the canonical JSON of the
 * used fields of every row. Files fetched through the rows API are our own serialisation, so the file hash says
 * nothing; the rows do.
 */
import { UserError } from '@eval-factory/errors';
import type { LoadContext } from '@eval-factory/types';
import { canonicalJson, sha256Hex } from './hashing.js';
import { reportDrift } from './shipped-fixture.js';

export interface RowsPin {
  readonly rows: number;
  readonly sha256: string;
}

/**
 * sha256 over one canonical JSON line (sorted keys, `\n`-terminated) per row; pass only the used fields.
 * @example rowsDigest([{ b: 1, a: 2 }]) === sha256Hex('{"a":2,"b":1}\n') // true
 */
export function rowsDigest(rows: readonly unknown[]): string {
  return sha256Hex(rows.map((row) => `${canonicalJson(row)}\n`).join(''));
}

/**
 * Compares the rows with the pin. A mismatch is `EF_DATA_CHECKSUM` for cached or downloaded rows unless drift is
 * allowed, and only an `EF_DATA_DRIFT` warning for a user's `data_path` copy. Returns the actual digest.
 */
export function checkRowsPin(rowCount: number, digest: string, pin: RowsPin, ctx: LoadContext, where: string): string {
  if (rowCount === pin.rows && digest === pin.sha256) return digest;
  const detail = `expected ${pin.rows} rows with digest ${pin.sha256}, got ${rowCount} rows with digest ${digest}`;
  if (ctx.dataPath === null && !ctx.allowDataDrift) {
    throw new UserError(
      'EF_DATA_CHECKSUM',
      `Checksum mismatch for ${where}: ${detail}`,
      'The Hugging Face rows changed or the cached copy is damaged: delete it to download again, or set extra.allow_data_drift: true to use it anyway.',
    );
  }
  reportDrift(ctx, ctx.dataPath ?? where, `${where}: ${detail}`);
  return digest;
}
