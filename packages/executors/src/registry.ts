/**
 * The executors, the only list (docs/architecture.md, "Executors"): run_suite's `--executor` choices and flags, the
 * suite YAML's `execution.type` and what `--dry_run` and a submission do all come from here. Adding an executor is
 * one folder (its flags, plan, submit and status) and one line below.
 */
import { UserError } from '@eval-factory/errors';
import type { Executor, FlagSpec, FlagTable } from './executor.js';
import { kubernetes } from './kubernetes/index.js';
import { local } from './local/local.js';
import { slurm } from './slurm/index.js';

/** The first is the default: a suite runs here unless told otherwise. */
export const EXECUTORS: readonly Executor[] = [local, slurm, kubernetes];

export function executorNames(executors: readonly Executor[] = EXECUTORS): string[] {
  return executors.map((e) => e.name);
}

/** The executor called `name` (undefined: the default); `where` names the setting in the error for another name. */
export function executorNamed(
  name: string | undefined,
  where = '--executor',
  executors: readonly Executor[] = EXECUTORS,
): Executor {
  const found = name === undefined ? executors[0] : executors.find((e) => e.name === name);
  if (found) return found;
  throw new UserError(
    'EF_SUITE_CONF',
    `${where}: ${JSON.stringify(name)} is not ${executorNames(executors).join(', ')}`,
    'Name one of these executors, or leave it out to run here (docs/scale.md).',
  );
}

/** `--executor` and every executor's own flags, for run_suite's flag table (a flag two executors share, once). */
export function executorFlags(executors: readonly Executor[] = EXECUTORS): FlagTable {
  const executor: FlagSpec = {
    type: 'string',
    choices: executorNames(executors),
    describe: `where the units run: ${executors.map((e) => `${e.describe} (${e.name})`).join(', ')}; default: the suite YAML's execution.type, else ${executors[0]!.name}`,
  };
  return Object.assign({ executor }, ...executors.map((e) => e.flags)) as FlagTable;
}
