/** `run_suite --executor slurm`: the scripts written and submitted with sbatch (docs/scale.md). */
import { join, resolve } from 'node:path';
import { EXIT, UserError } from '@eval-factory/errors';
import { asOutputError, makeOutputDirSync, SUITE_DIR_HINT, writeFileAtomic } from '@eval-factory/files';
import type { SuiteSubmission } from '../executor.js';
import { confList, run, toolFailure, unitsToSubmit } from '../cluster/submit.js';
import type { SlurmArgs } from './flags.js';
import { type SlurmFiles, slurmScripts } from './slurm.js';

async function scriptsOf(suite: SuiteSubmission): Promise<{ files: SlurmFiles; units: number }> {
  const plan = await unitsToSubmit(suite);
  const args = suite.args as SlurmArgs;
  const files = slurmScripts(
    plan,
    args,
    suite.suiteDir,
    resolve(args.output_dir),
    confList(args).join(','),
    suite.keyNames,
  );
  return { files, units: plan.units.length };
}

/** `--dry_run`: the two scripts and the sbatch commands, printed; nothing written. */
export async function planSlurm(suite: SuiteSubmission): Promise<number> {
  const { files } = await scriptsOf(suite);
  process.stdout.write(
    `# ${files.arrayFile}\n${files.arrayScript}\n# ${files.mergeFile}\n${files.mergeScript}\n# would run:\nsbatch --parsable ${files.arrayFile}\nsbatch --parsable --dependency=afterany:<array job id> ${files.mergeFile}\n`,
  );
  return EXIT.ok;
}

export async function submitSlurm(suite: SuiteSubmission): Promise<number> {
  const { files, units } = await scriptsOf(suite);
  const slurmDir = join(suite.suiteDir, 'slurm');
  makeOutputDirSync(slurmDir, SUITE_DIR_HINT);
  await asOutputError(slurmDir, SUITE_DIR_HINT, async () => {
    await writeFileAtomic(files.arrayFile, files.arrayScript, SUITE_DIR_HINT);
    await writeFileAtomic(files.mergeFile, files.mergeScript, SUITE_DIR_HINT);
  });
  const arrayId = await sbatch([files.arrayFile]);
  const mergeId = await sbatch([`--dependency=afterany:${arrayId}`, files.mergeFile]);
  process.stdout.write(
    `submitted Slurm array job ${arrayId} (${units} units) and merge job ${mergeId}\nprogress: eval-factory status ${suite.suiteDir}   (logs: ${join(suite.suiteDir, 'slurm')})\n`,
  );
  return EXIT.ok;
}

async function sbatch(argv: readonly string[]): Promise<string> {
  try {
    // sbatch retries a missing or unreachable controller for a minute; give it two.
    const r = await run('sbatch', ['--parsable', ...argv], { timeout: 120_000 });
    return r.stdout.trim().split(';')[0]!;
  } catch (error) {
    throw new UserError(
      'EF_CLUSTER_SUBMIT',
      `sbatch failed: ${toolFailure(error, 'sbatch')}`,
      'Run on a Slurm login node, or pass --dry_run to print the scripts (docs/scale.md).',
    );
  }
}
