/**
 * Selected entries of a local `.zip` archive (the MedQA and MedMCQA releases are zips on Google Drive that users
 * download themselves). Only the wanted entries are inflated.
 */
import { readFile } from 'node:fs/promises';
import { dataFormatError } from './data-errors.js';
import { lazyRequire } from './lazy-require.js';

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

/**
 * Strict UTF-8 with Python's universal newlines, as `readTextPython` reads a file.
 * @example decodePythonText(new TextEncoder().encode('a\r\nb'), 'x') // 'a\nb'
 */
export function decodePythonText(bytes: Uint8Array, label: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes).replace(/\r\n?/g, '\n');
  } catch {
    throw dataFormatError(label, 'the file is not valid UTF-8');
  }
}
