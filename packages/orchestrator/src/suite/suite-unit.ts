/**
 * One unit of a suite by its index (`run_suite --unit K`, what each cluster task runs), and the job a unit belongs
 * to. Merging and the leaderboard come after all of the units, from `eval-factory merge`.
 */
import { join } from 'node:path';
import { EXIT, UserError } from '@eval-factory/errors';
import { jobKey, type SuiteJob, type UnitsPlan, type WorkUnit } from '@eval-factory/suite';
import { finishedBefore, runUnit } from './suite-schedule.js';
import type { RunSuiteArgs } from './suite-job-args.js';

/** `--unit K`: that unit only, into its folder (a cluster task); merging and the leaderboard come after all of them. */
export async function runOneUnit(
  plan: UnitsPlan,
  args: RunSuiteArgs,
  suiteDir: string,
  jobs: readonly SuiteJob[],
): Promise<number> {
  const unit = plan.units[args.unit!];
  if (!Number.isInteger(args.unit) || unit === undefined) {
    throw new UserError(
      'EF_SUITE_UNITS',
      `--unit ${args.unit} is not a unit of this suite (it has ${plan.units.length}: 0 to ${plan.units.length - 1})`,
      'Run the same command with --list-units to see them (docs/scale.md).',
    );
  }
  const status = finishedBefore(unit, suiteDir) ? 'done' : await runUnit(unit, jobIndex(jobs)(unit), args, suiteDir);
  process.stderr.write(
    `unit ${unit.index} of ${plan.units.length}: ${status}  ${unit.model}  ${unit.job}  → ${join(suiteDir, unit.dir)}\n`,
  );
  return status === 'success' || status === 'done' || status === 'partial' ? EXIT.ok : EXIT.error;
}

/** The job of each unit, looked up by its model and name. */
export function jobIndex(jobs: readonly SuiteJob[]): (unit: WorkUnit) => SuiteJob {
  const byKey = new Map(jobs.map((j) => [jobKey(j.model, j.name), j]));
  return (unit) => byKey.get(jobKey(unit.model, unit.job))!;
}
