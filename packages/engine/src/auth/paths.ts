import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the platform keeps things: injectable so tests never touch the real home folder. */
export interface PlatformInfo {
  readonly env: NodeJS.ProcessEnv;
  readonly platform: NodeJS.Platform;
  readonly home: string;
  readonly cwd: string;
}

export function currentPlatform(env: NodeJS.ProcessEnv = process.env): PlatformInfo {
  return { env, platform: process.platform, home: homedir(), cwd: process.cwd() };
}

/** The real path of `path`, or of its nearest existing ancestor joined with the rest (a file not yet written). */
export function realish(path: string): string {
  const abs = resolve(path);
  if (existsSync(abs)) return realpathSync(abs);
  const parent = dirname(abs);
  return parent === abs ? abs : join(realish(parent), basename(abs));
}

/** True when `path` is `dir` or lies under it (symlinks resolved, so /tmp and /private/tmp agree). */
export function isWithin(path: string, dir: string): boolean {
  const rel = relative(realish(dir), realish(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The nearest folder at or above `start` that holds a `.git` entry, or null. */
export function gitRoot(start: string): string | null {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/**
 * Repositories a credentials file must not live in (§7.3): the git work tree of the current folder and the
 * eval-factory checkout itself. A work tree rooted at the home folder (a dotfiles repository) does not count,
 * or every default path under ~/.config would be refused.
 */
export function repositoryRoots(p: PlatformInfo): string[] {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const roots = [gitRoot(p.cwd), gitRoot(here)].filter(
    (r): r is string => r !== null && resolve(r) !== resolve(p.home),
  );
  return [...new Set(roots)];
}
