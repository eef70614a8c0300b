/**
 * One HELM suite folder for the whole suite: HELM's `helm-summarize --output-path DIR --suite S` reads
 * `DIR/runs/S/<run name>/`. Each job writes its HELM run files in its own folder; `<suite>/helm/runs/<suite>/` links
 * every job's run directory by its HELM run name (unique per model and run), so HELM's own tools read the suite
 * as one, and nothing is copied. The link is named exactly as run_spec.json's `name` (`pubmed_qa:model=org_a`):
 * helm-server's pages fetch `runs/<suite>/<run_spec.name>/…`, while a job's own folder keeps the engine's
 * file-system-safe name (`pubmed_qa__model=org_a`).
 */
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { asOutputError, makeOutputDirSync, SUITE_DIR_HINT } from '@eval-factory/files';
import { HELM_RUN_FILES, RUN_FILES } from '@eval-factory/types';

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

/** What linkHelmSuite did: runs linked, and job folders left out with their status. */
export interface HelmSuiteLinks {
  readonly linked: number;
  /** `<model folder>/<job folder> (error)`: runs HELM would have aborted, kept out of helm-summarize's tables. */
  readonly leftOut: readonly string[];
}

/**
 * linkHelmSuite, and what the terminal is told of it. A HELM folder that cannot be written (a file at `<suite>/helm`,
 * no permission, no symlinks on that file system) is one warning, not an error: it comes after every job was paid
 * for, and the leaderboard, written next, must not be lost with it. A re-run of the suite makes the links again
 * without sending a request (its jobs are finished).
 */
export function reportHelmSuite(suiteDir: string, suite: string, err: NodeJS.WritableStream = process.stderr): void {
  let helm: HelmSuiteLinks;
  try {
    helm = asOutputError(join(suiteDir, HELM_OUTPUT_DIR), SUITE_DIR_HINT, () => linkHelmSuite(suiteDir, suite));
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    err.write(
      `warning[${error.code}]: ${error.message}; the HELM suite folder is not made (the leaderboard is); once it can be written, re-run the same run_suite: finished jobs are not run again.\n`,
    );
    return;
  }
  if (helm.linked > 0)
    err.write(`HELM runs: ${join(suiteDir, HELM_OUTPUT_DIR)} (helm-summarize --output-path … --suite ${suite})\n`);
  if (helm.leftOut.length > 0)
    err.write(`not in the HELM suite (helm-run would have aborted them): ${helm.leftOut.join('; ')}\n`);
}

/**
 * Links the HELM runs of every finished job (status success) into `<suiteDir>/helm/runs/<suite>/` (`suite`: the
 * suite's folder name). A job marked error, partial or interrupted is left out: helm-run aborts such a run, and
 * helm-summarize would rank its scores over the instances that happened to answer as if it were complete. The links
 * an earlier run of the suite left are replaced (relative links: the suite folder can be moved or mounted elsewhere).
 */
export function linkHelmSuite(suiteDir: string, suite: string): HelmSuiteLinks {
  const target = join(suiteDir, HELM_OUTPUT_DIR, 'runs', suite);
  // Links an earlier run of the suite left (under other names, or to jobs since dropped) would count twice.
  if (existsSync(target))
    for (const entry of readdirSync(target, { withFileTypes: true }))
      if (entry.isSymbolicLink()) rmSync(join(target, entry.name), { force: true });
  let linked = 0;
  const leftOut: string[] = [];
  // Every job folder of the suite, as the leaderboard reads them all: earlier runs of it with other entries too.
  for (const jobDir of jobDirsOf(suiteDir)) {
    const status = jobStatus(jobDir);
    if (status !== 'success') {
      leftOut.push(`${relative(suiteDir, jobDir)} (${status})`);
      continue;
    }
    for (const runDir of runDirsOf(jobDir)) {
      makeOutputDirSync(target, SUITE_DIR_HINT);
      const link = join(target, helmRunName(runDir) ?? runDir.split('/').pop()!);
      if (existsSync(link) || isLink(link)) rmSync(link, { recursive: true, force: true });
      symlinkSync(relative(target, runDir), link, 'dir');
      linked++;
    }
  }
  return { linked, leftOut };
}

/** The job's status as its evaluation_config.yaml records it (`unfinished` when it has none). */
function jobStatus(jobDir: string): string {
  try {
    const text = readFileSync(join(jobDir, RUN_FILES.evaluationConfig), 'utf8');
    return /^status: *['"]?(\w+)/m.exec(text)?.[1] ?? 'unfinished';
  } catch {
    return 'unfinished';
  }
}

/** `<suite>/<model folder>/<job folder>/` that hold HELM runs (`runs/`), the suite's own helm/ folder aside. */
function jobDirsOf(suiteDir: string): string[] {
  const dirs = (dir: string) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(dir, d.name));
  return dirs(suiteDir)
    .filter((d) => d !== join(suiteDir, HELM_OUTPUT_DIR))
    .flatMap(dirs)
    .filter((d) => existsSync(join(d, 'runs')))
    .sort();
}

/**
 * run_spec.json's `name`, when it can be a folder name (the file is the run's own, but still read as untrusted): a
 * single path segment, not `.` or `..`. Null otherwise (the link then keeps the run folder's name).
 */
function helmRunName(runDir: string): string | null {
  try {
    const name: unknown = JSON.parse(readFileSync(join(runDir, HELM_RUN_FILES.runSpec), 'utf8')).name;
    if (typeof name !== 'string' || name === '' || name === '.' || name === '..') return null;
    return /[/\\\0]/.test(name) || Buffer.byteLength(name) > 255 ? null : name;
  } catch {
    return null;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
