/**
 * Output folders and files that cannot be made or written are the user's to fix (a file in the way, no permission, a
 * read-only or full disk), never a bug: both the engine and the factory report them as EF_OUTPUT_WRITE naming the
 * path, through these two functions.
 */
import { resolve } from 'node:path';
import { fromDiskFull, UserError, isUserError } from '@eval-factory/errors';
import { makeDirSync } from './make-dir.js';

/** What to do when a run's output folder, or a folder in it, cannot be made or written. */
export const OUTPUT_DIR_HINT = 'Choose another config.output_dir (--output_dir), a folder you can write to.';

/** What to do when run_suite's suite folder, or a folder in it (slurm/, kubernetes/, helm/), cannot be made or written. */
export const SUITE_DIR_HINT =
  'Choose another --output_dir (one you can write to), or a shorter --suite name: the suite folder is <output_dir>/<suite>.';

/**
 * Runs `write` (sync or async); any file-system error on the user's output path (every errno: a folder that cannot
 * be made, no permission, read-only, a full disk, a NUL byte in the path) becomes `EF_OUTPUT_WRITE` naming the
 * path; anything else is rethrown. A full disk keeps fromDiskFull's own message and hint (free space, then re-run:
 * the answers received are in cache.db), which the hint given here would not say.
 * @example await asOutputError(file, OUTPUT_DIR_HINT, () => writeFileAtomic(file, text))
 */
export function asOutputError<T>(path: string, hint: string, write: () => T): T {
  const mapped = (error: unknown): never => {
    // Already coded (a nested write's, with its own hint): as it is.
    if (isUserError(error)) throw error;
    const full = fromDiskFull(error);
    if (full !== error) throw full;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_INVALID_ARG_VALUE' && /null bytes/.test(String((error as Error).message))) {
      throw new UserError(
        'EF_OUTPUT_WRITE',
        `cannot write to ${JSON.stringify(path)}: the path contains a NUL byte`,
        hint,
      );
    }
    if (code === undefined || !/^E[A-Z0-9]+$/.test(code)) throw error;
    throw new UserError('EF_OUTPUT_WRITE', `cannot write to ${path}: ${code}`, hint);
  };
  try {
    const result = write();
    return (result instanceof Promise ? result.catch(mapped) : result) as T;
  } catch (error) {
    return mapped(error);
  }
}

/**
 * Makes the output folder `path` and the folders above it (`mkdir -p`); a file where one of them should be, or any
 * other file-system error, is EF_OUTPUT_WRITE naming `path` (and the entry in the way).
 * @example makeOutputDirSync(join(outputDir, 'responses'))
 */
export function makeOutputDirSync(path: string, hint: string = OUTPUT_DIR_HINT): void {
  try {
    makeDirSync(path);
  } catch (error) {
    const { code, path: blocker } = error as NodeJS.ErrnoException;
    // makeDirSync's ENOTDIR names the entry that is not a folder: the one the user has to move.
    if (code === 'ENOTDIR' && blocker) {
      const what = blocker === resolve(path) ? 'not a folder' : `${blocker} is not a folder`;
      // Only here is there something to move away; no permission or a read-only disk takes the hint as given.
      const moveAway = `Move away ${blocker}, or ${hint.charAt(0).toLowerCase()}${hint.slice(1)}`;
      throw new UserError('EF_OUTPUT_WRITE', `cannot write to ${path}: ${what} (ENOTDIR)`, moveAway);
    }
    asOutputError(path, hint, () => {
      throw error;
    });
  }
}
