import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';

/** The errors of a path the user chose that cannot be written (not a folder, no permission, read-only, full). */
const WRITE_ERRORS = new Set(['EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'ENOENT', 'EROFS', 'ENOSPC', 'EEXIST']);

/**
 * Runs `write` (sync or async); a file-system error on the user's output path becomes `EF_OUTPUT_WRITE` naming the
 * path, anything else is rethrown.
 */
export function asOutputError<T>(path: string, hint: string, write: () => T): T {
  const mapped = (error: unknown): never => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined || !WRITE_ERRORS.has(code)) throw error;
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
 * Writes `files` (name → text) into `dir`, created if missing, and says so on `err`. `summarize` and `compare`.
 * @example writeOutputFiles('/tmp/board', { 'leaderboard.md': md }, process.stderr)
 */
export function writeOutputFiles(dir: string, files: Readonly<Record<string, string>>, err: NodeJS.WritableStream): void {
  asOutputError(dir, 'choose another --out folder, one you can write to', () => {
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  });
  err.write(`wrote ${Object.keys(files).map((f) => join(dir, f)).join(', ')}\n`);
}
