import { rm, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makeOutputDirSync } from './output-error.js';

/**
 * Temp file + rename: a reader (an EvalFactory pipeline polling results.yml) never sees half a file, and a write
 * that fails (a full disk) leaves no `*.tmp-<pid>` behind.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  makeOutputDirSync(dirname(path));
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
