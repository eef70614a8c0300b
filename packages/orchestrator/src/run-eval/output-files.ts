import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { makeDirSync } from '@eval-factory/files';

/**
 * Runs `write` (sync or async); any file-system error on the user's output path (every errno: a folder that cannot
 * be made, no permission, read-only, a full disk, a NUL byte in the path) becomes `EF_OUTPUT_WRITE` naming the
 * path; anything else is rethrown.
 */
export function asOutputError<T>(path: string, hint: string, write: () => T): T {
  const mapped = (error: unknown): never => {
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

/** What to do when run_suite's suite folder cannot be made or written. */
export const SUITE_DIR_HINT =
  'Choose another --output_dir (one you can write to), or a shorter --suite name: the suite folder is <output_dir>/<suite>.';

/**
 * Writes `files` (name → text) into `dir`, created if missing, and says so on `err`. `summarize` and `compare`.
 * @example writeOutputFiles('/tmp/board', { 'leaderboard.md': md }, process.stderr)
 */
export function writeOutputFiles(
  dir: string,
  files: Readonly<Record<string, string>>,
  err: NodeJS.WritableStream,
): void {
  asOutputError(dir, 'choose another --out folder, one you can write to', () => {
    makeDirSync(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  });
  err.write(
    `wrote ${Object.keys(files)
      .map((f) => join(dir, f))
      .join(', ')}\n`,
  );
}
