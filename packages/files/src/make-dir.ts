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
  const { root } = parse(absolute);
  let current = root;
  for (const part of absolute.slice(root.length).split(sep).filter(Boolean)) {
    current = current === root ? `${root}${part}` : `${current}${sep}${part}`;
    try {
      mkdirSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!statSync(current).isDirectory())
        throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), {
          code: 'ENOTDIR',
          path: current,
        });
    }
  }
}
