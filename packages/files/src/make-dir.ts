import { mkdirSync, statSync } from 'node:fs';
import { parse, resolve, sep } from 'node:path';

/**
 * `mkdir -p` that always ends. Node's own recursive mkdir loops forever on some paths (`/proc/ef_out`: ENOENT for
 * the folder, EEXIST for its parent, again and again); this one creates one level at a time and
 * throws the first error that is not "already a folder", with its errno, for the caller to name the path.
 * @example makeDirSync('/results/run1/logs')
 */
export function makeDirSync(path: string): void {
  const absolute = resolve(path);
  // The folder itself first: a run's writers ask for folders that exist (or whose parent does) in one or two calls
  // instead of two per level of the path. On any failure the walk below finds the level at fault and its error.
  try {
    makeOneDir(absolute);
    return;
  } catch {}
  const { root } = parse(absolute);
  let current = root;
  for (const part of absolute.slice(root.length).split(sep).filter(Boolean)) {
    current = current === root ? `${root}${part}` : `${current}${sep}${part}`;
    makeOneDir(current);
  }
}

/** `mkdir`, a folder already there being fine and anything else there ENOTDIR naming it. */
function makeOneDir(path: string): void {
  try {
    mkdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (!statSync(path).isDirectory())
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${path}'`), { code: 'ENOTDIR', path });
  }
}
