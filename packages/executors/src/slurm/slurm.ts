/**
 * `run_suite --executor slurm` (docs/scale.md): one sbatch script whose job array runs one work unit per task
 * (`#SBATCH --array=0-(U-1)%MAX`, each task `run_suite … --unit $SLURM_ARRAY_TASK_ID` into the shared output
 * folder), and a merge job that starts once every task has ended (`--dependency=afterany`). Environment variables
 * reach the tasks by name (`--export=NAME,…`): values never appear in a script or a log.
 */
import { join, resolve } from 'node:path';
import { folderName, type UnitsPlan } from '@eval-factory/suite';
import { sbatchPath, sbatchWord } from '../cluster/script-values.js';
import type { SlurmArgs } from './flags.js';
import { passedEnvNames, shellQuote, taskArguments, thisCli } from '../cluster/task-command.js';

export interface SlurmFiles {
  readonly arrayScript: string;
  readonly mergeScript: string;
  readonly arrayFile: string;
  readonly mergeFile: string;
}

/** Variables every task needs to find node and its home, then the ones every cluster task is given. */
function exportedNames(args: SlurmArgs, keyNames: readonly string[]): string[] {
  return [...new Set(['PATH', 'HOME', ...passedEnvNames(args, process.env, keyNames)])];
}

export function slurmScripts(
  plan: UnitsPlan,
  args: SlurmArgs,
  suiteDir: string,
  outputDir: string,
  confPaths: string,
  keyNames: readonly string[] = [],
): SlurmFiles {
  const dir = join(suiteDir, 'slurm');
  const max = args['max-parallel-units'] ?? plan.units.length;
  // The job name is the suite's folder name (letters, digits and ._,=+-), never the name as given.
  const jobName = `ef-${folderName(args.suite)}`;
  // Values were checked (script-values.ts: no control character, names only); each is written as sbatch parses it.
  const header = (name: string, log: string) => [
    '#!/bin/bash',
    `#SBATCH --job-name=${sbatchWord(name)}`,
    `#SBATCH --output=${sbatchPath(dir, log)}`,
    ...(args.account ? [`#SBATCH --account=${sbatchWord(args.account)}`] : []),
    ...(args.partition ? [`#SBATCH --partition=${sbatchWord(args.partition)}`] : []),
    ...(args.time ? [`#SBATCH --time=${sbatchWord(args.time)}`] : []),
    ...(args['cpus-per-task'] ? [`#SBATCH --cpus-per-task=${args['cpus-per-task']}`] : []),
    `#SBATCH --export=${exportedNames(args, keyNames).join(',')}`,
  ];
  const cli = thisCli().map(shellQuote).join(' ');
  // The leaderboard's categories as run_suite was told (a schema file by absolute path, for the merge job's folder).
  const schema = args.schema === undefined || args.schema === 'medhelm' ? args.schema : resolve(args.schema);
  const task = taskArguments(args, { confPaths, outputDir }).map(shellQuote).join(' ');
  const arrayScript = [
    ...header(jobName, 'unit-%a.log'),
    `#SBATCH --array=0-${plan.units.length - 1}%${max}`,
    '# One work unit of the suite per array task (docs/scale.md); units.json beside the suite lists them.',
    'set -euo pipefail',
    `exec ${cli} ${task} --unit "$SLURM_ARRAY_TASK_ID"`,
    '',
  ].join('\n');
  const mergeScript = [
    ...header(`${jobName}-merge`, 'merge.log'),
    '# After every unit has ended: the sharded jobs merged, then the leaderboard (docs/scale.md).',
    'set -euo pipefail',
    `exec ${cli} merge ${shellQuote(suiteDir)}${schema ? ` --schema ${shellQuote(schema)}` : ''}`,
    '',
  ].join('\n');
  return { arrayScript, mergeScript, arrayFile: join(dir, 'run_suite.sbatch'), mergeFile: join(dir, 'merge.sbatch') };
}
