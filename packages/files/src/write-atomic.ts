import { rm, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makeOutputDirSync, OUTPUT_DIR_HINT } from './output-error.js';

/**
 * Temp file + rename: a reader (an EvalFactory pipeline polling results.yml) never sees half a file, and a write
 * that fails (a full disk) leaves no `*.tmp-<pid>` behind. `hint`: the EF_OUTPUT_WRITE hint when its folder cannot
 * be made (a suite's files take SUITE_DIR_HINT; asOutputError passes that UserError through as it is).
 */
export async function writeFileAtomic(path: string, text: string, hint = OUTPUT_DIR_HINT): Promise<void> {
  makeOutputDirSync(dirname(path), hint);
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
