import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asOutputError, makeOutputDirSync } from '@eval-factory/files';

/**
 * Writes `files` (name → text) into `dir`, created if missing, and says so on `err`. `summarize` and `compare`.
 * @example writeOutputFiles('/tmp/board', { 'leaderboard.md': md }, process.stderr)
 */
export function writeOutputFiles(
  dir: string,
  files: Readonly<Record<string, string>>,
  err: NodeJS.WritableStream,
): void {
  const hint = 'choose another --out folder, one you can write to';
  makeOutputDirSync(dir, hint);
  asOutputError(dir, hint, () => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  });
  err.write(
    `wrote ${Object.keys(files)
      .map((f) => join(dir, f))
      .join(', ')}\n`,
  );
}
