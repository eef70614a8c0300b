/**
 * run_suite's own folder (`<output_dir>/<suite>/`): made, locked (one run_suite per suite folder) and given its job
 * list (suite.json) before any job runs; a folder that cannot be written is EF_OUTPUT_WRITE naming it.
 */
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { asOutputError, makeOutputDirSync, SUITE_DIR_HINT, writeFileAtomic } from '@eval-factory/files';
import { LOCK_TAKE_OVER, lockOutputDir } from '@eval-factory/executor';
import { jobDir, type SuiteJob } from '@eval-factory/suite';
import { RUN_FILES } from '@eval-factory/types';
import type { SuiteManifest } from './suite-status.js';

/**
 * The suite folder, made before anything is written into it: a folder that cannot be made (under /proc, under a
 * regular file, a name longer than the file system takes) is EF_OUTPUT_WRITE naming it, as run_eval's own.
 */
export function makeSuiteDir(suiteDir: string): void {
  makeOutputDirSync(suiteDir, SUITE_DIR_HINT);
}

/** The suite folder's lock; EF_OUTPUT_LOCKED with a suite's hint while another run holds it. */
export function lockSuite(suiteDir: string): { release(): void } {
  try {
    return asOutputError(suiteDir, SUITE_DIR_HINT, () => lockOutputDir(suiteDir));
  } catch (error) {
    if (!(error instanceof UserError) || error.code !== 'EF_OUTPUT_LOCKED') throw error;
    throw new UserError(
      error.code,
      `suite folder ${error.message}`,
      `Wait for that run_suite to end (\`eval-factory status\` shows its progress), or give this one another --suite or --output_dir. ${LOCK_TAKE_OVER}`,
    );
  }
}

/** suite.json: the job list `eval-factory status` compares the folder with (what is left, what was not run). */
export async function writeManifest(
  suiteDir: string,
  suite: string,
  jobs: { jobs: readonly SuiteJob[]; unavailable: readonly string[] },
): Promise<void> {
  const manifest: SuiteManifest = {
    suite,
    jobs: jobs.jobs.map((j) => ({ model: j.model, name: j.name, dir: jobDir(j) })),
    not_run: jobs.unavailable,
  };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  await asOutputError(suiteDir, SUITE_DIR_HINT, () =>
    writeFileAtomic(join(suiteDir, RUN_FILES.suiteManifest), text, SUITE_DIR_HINT),
  );
}
