/**
 * The small self-written fixtures shipped beside each benchmark (`src/<benchmark>/fixture/`) differ from the upstream
 * data on purpose. A run on one of them (the quickstart, the tests) is told so in the log once, instead of an
 * `EF_DATA_DRIFT` warning about its own files on a first run.
 */
import { realpathSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadContext } from '@eval-factory/types';

/**
 * `packages/benchmarks/src/`, from this package's src/ or dist/ alike: the shipped fixtures are the benchmarks'
 * own test data, and this is where a checkout (or an install of the workspace) keeps them.
 */
const SOURCE_ROOT = fileURLToPath(new URL('../../benchmarks/src/', import.meta.url));

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether `path` (a data file or folder) lies inside a benchmark's shipped `fixture/` folder. */
export function isShippedFixture(path: string): boolean {
  const root = real(SOURCE_ROOT);
  const target = real(path);
  if (!target.startsWith(root.endsWith(sep) ? root : root + sep)) return false;
  return target.slice(root.length).split(sep).includes('fixture');
}

/**
 * A user's data that does not match the pin: an `EF_DATA_DRIFT` warning, or for a shipped fixture one log line.
 * @example reportDrift(ctx, path, `${path} has sha256 ${actual}, expected ${expected}`)
 */
export function reportDrift(ctx: LoadContext, path: string, detail: string): void {
  if (isShippedFixture(path))
    ctx.log(`${path}: the project's test fixture, not the upstream data (scores are not comparable with MedHELM's)`);
  else ctx.warn('EF_DATA_DRIFT', `${detail}; using it anyway`);
}
