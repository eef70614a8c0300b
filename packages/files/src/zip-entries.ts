/**
 * Selected entries of a local `.zip` archive (the MedQA and MedMCQA releases are zips on Google Drive that users
 * download themselves). Only the wanted entries are inflated.
 */
import { readFile } from 'node:fs/promises';
import { dataFormatError } from './data-errors.js';
import { lazyLoader } from './lazy-require.js';

const lazyRequire = lazyLoader(import.meta.url);

/** Entry name → bytes for the entries `wanted` accepts; an unreadable archive is EF_DATA_FORMAT. */
export async function readZipEntries(
  path: string,
  wanted: (name: string) => boolean,
): Promise<Map<string, Uint8Array>> {
  const bytes = await readFile(path);
  try {
    const entries = lazyRequire<typeof import('fflate')>('fflate').unzipSync(bytes, {
      filter: (file) => wanted(file.name),
    });
    return new Map(Object.entries(entries));
  } catch (e) {
    throw dataFormatError(path, `not a readable .zip archive (${(e as Error).message})`);
  }
}
