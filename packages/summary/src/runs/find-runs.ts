import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { RUN_FILES, UNSEARCHED_FOLDERS as SKIP } from '@eval-factory/types';

/**
 * A run's output folder: `evaluation_config.yaml` (written last), or the CLI's first files (`run_config.yml` next
 * to `model_configs/` or `logs/`) of a run that is still going or was killed; a lone run_config.yml is a user's
 * input file, not a run.
 */
export function isRunDir(dir: string): boolean {
  if (existsSync(join(dir, RUN_FILES.evaluationConfig))) return true;
  return (
    existsSync(join(dir, RUN_FILES.runConfig)) &&
    (existsSync(join(dir, RUN_FILES.modelConfigs)) || existsSync(join(dir, RUN_FILES.logsDir)))
  );
}

/**
 * `depth`: how many folder levels below `dir` are still searched. A hidden folder is searched only two levels deep
 * (itself and its children: a suite's model folder and its runs, as older versions wrote `._ckpt-1000` for the
 * model `./ckpt-1000`), so a paid-for run is never skipped while `.git` or `.cache` cost one listing each.
 */
function walk(dir: string, seen: Set<string>, out: string[], depth = Number.POSITIVE_INFINITY): void {
  const real = realpathSync(dir);
  if (seen.has(real)) return; // a symlink loop, or the same folder given twice
  seen.add(real);
  if (isRunDir(dir)) {
    out.push(dir);
    return; // a run's own sub-folders (runs/, responses/) hold no other run
  }
  if (depth <= 0) return;
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((e) => !SKIP.has(e.name) && (e.isDirectory() || e.isSymbolicLink()))
    .map((e) => e.name)
    .sort();
  for (const name of names) {
    const child = join(dir, name);
    const below = name.startsWith('.') ? Math.min(depth - 1, 1) : depth - 1;
    if (statSync(child, { throwIfNoEntry: false })?.isDirectory()) walk(child, seen, out, below);
  }
}

/**
 * Every run folder at or below the given paths (absolute, in path order, each once).
 * @example findRunDirs(['results']) // ['/home/me/results/gpt4o/pubmed_qa', …]
 */
export function findRunDirs(paths: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    const abs = resolve(path);
    if (!statSync(abs, { throwIfNoEntry: false })?.isDirectory()) {
      throw new UserError(
        'EF_RUNS_PATH_NOT_FOUND',
        `no such folder: ${path}`,
        'give output folders of run_eval (or a folder above them)',
      );
    }
    walk(abs, seen, out);
  }
  if (out.length === 0) {
    throw new UserError(
      'EF_NO_RUNS',
      `no run folder (one with evaluation_config.yaml) under ${paths.join(', ')}`,
      'give output folders of run_eval (config.output_dir), or a folder above them',
    );
  }
  return out;
}
