/**
 * One HELM suite folder for the whole suite (issue 13.5): HELM's `helm-summarize --output-path DIR --suite S` reads
 * `DIR/runs/S/<run name>/`. Each job writes its HELM run files in its own folder; `<suite>/helm/runs/<suite>/` links
 * every job's run directory by its HELM run name (unique per model and run), so HELM's own tools read the suite
 * as one, and nothing is copied.
 */
import { existsSync, lstatSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { makeDirSync } from '@eval-factory/files';
import { HELM_RUN_FILES } from '@eval-factory/types';

/** The folder `helm-summarize --output-path` takes for a suite folder. */
export const HELM_OUTPUT_DIR = 'helm';

/** HELM run directories under a job folder: `runs/<engine suite>/<run name>/` holding run_spec.json. */
function runDirsOf(jobDir: string): string[] {
  const runs = join(jobDir, 'runs');
  if (!existsSync(runs)) return [];
  return readdirSync(runs, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((suite) =>
      readdirSync(join(runs, suite.name), { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(runs, suite.name, d.name, HELM_RUN_FILES.runSpec)))
        .map((d) => join(runs, suite.name, d.name)),
    );
}

/**
 * Links every job's HELM runs into `<suiteDir>/helm/runs/<suite>/`; returns how many. A link left by an earlier
 * run of the suite is replaced (relative links: the suite folder can be moved or mounted elsewhere).
 */
export function linkHelmSuite(suiteDir: string, suite: string, jobDirs: readonly string[]): number {
  const target = join(suiteDir, HELM_OUTPUT_DIR, 'runs', suite);
  let linked = 0;
  for (const jobDir of jobDirs) {
    for (const runDir of runDirsOf(jobDir)) {
      makeDirSync(target);
      const link = join(target, runDir.split('/').pop()!);
      if (existsSync(link) || isLink(link)) rmSync(link, { recursive: true, force: true });
      symlinkSync(relative(target, runDir), link, 'dir');
      linked++;
    }
  }
  return linked;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
