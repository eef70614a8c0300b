import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';

export interface TempDir {
  readonly path: string;
  /** Removes the folder and everything in it; safe to call twice. */
  cleanup(): Promise<void>;
}

const created = new Set<string>();

async function removeUnderTmp(path: string): Promise<void> {
  const root = await realpath(tmpdir());
  // Refuse anything outside the OS temp folder: a bad path must never turn into `rm -rf` of real files.
  if (!path.startsWith(root + sep)) throw new Error(`refusing to remove ${path}: not under ${root}`);
  await rm(path, { recursive: true, force: true });
  created.delete(path);
}

/**
 * Creates a fresh folder under the OS temp folder (`<tmp>/<prefix>XXXXXX`).
 * @example const dir = await makeTempDir('ef-report-'); try { … } finally { await dir.cleanup(); }
 */
export async function makeTempDir(prefix = 'ef-test-'): Promise<TempDir> {
  if (prefix.includes('/') || prefix.includes('\\'))
    throw new Error(`temp dir prefix must not contain a path separator: ${prefix}`);
  const path = await mkdtemp(join(await realpath(tmpdir()), prefix));
  created.add(path);
  return { path, cleanup: () => removeUnderTmp(path) };
}

/** Removes every folder `makeTempDir` created in this process and not yet cleaned up (for `afterAll`). */
export async function cleanupTempDirs(): Promise<void> {
  await Promise.all([...created].map(removeUnderTmp));
}

/** Runs `fn` with a fresh temp folder and removes the folder afterwards, even when `fn` throws. */
export async function withTempDir<T>(prefix: string, fn: (path: string) => Promise<T>): Promise<T> {
  const dir = await makeTempDir(prefix);
  try {
    return await fn(dir.path);
  } finally {
    await dir.cleanup();
  }
}
