/**
 * The suite's work units (docs/scale.md), planned once and kept in `<suite>/units.json` so that every machine of a
 * cluster run (each reading the shared folder) runs the same unit for the same index. A plan that no longer fits
 * the command (other jobs, another --max-instances-per-unit) is planned again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { asOutputError, SUITE_DIR_HINT, writeFileAtomic } from '@eval-factory/files';
import {
  jobKey,
  plannedUnits,
  planUnits,
  UNITS_PLAN,
  type JobSize,
  type SuiteJob,
  type UnitsPlan,
} from '@eval-factory/suite';
import { jobRunArgs, type RunSuiteArgs } from '../suite/suite-job-args.js';
import { sizeJob, type JobSizeReport } from './job-size.js';

/** The sizes of the distinct jobs (one dry run per benchmark and arguments: the model does not change them). */
export async function sizeJobs(
  jobs: readonly SuiteJob[],
  args: RunSuiteArgs,
  offline: boolean,
  failed?: Map<string, string>,
): Promise<Map<string, JobSizeReport>> {
  const sizes = new Map<string, JobSizeReport>();
  for (const job of jobs) {
    if (sizes.has(job.name) || failed?.has(job.name)) continue;
    try {
      sizes.set(job.name, await sizeJob(jobRunArgs(job, args, join(tmpdir(), 'ef-size-unused')), offline));
    } catch (error) {
      // `failed` given (the dry run's cost): a job that cannot be sized is named, the others still are.
      if (!failed || !(error instanceof UserError)) throw error;
      failed.set(job.name, `${error.code}: ${error.message.split('\n')[0]}`);
    }
  }
  return sizes;
}

export async function suiteUnits(
  jobs: readonly SuiteJob[],
  args: RunSuiteArgs,
  suiteDir: string,
  o: { write: boolean },
): Promise<UnitsPlan> {
  const max = args['max-instances-per-unit'] ?? null;
  if (max !== null && (!Number.isInteger(max) || max < 1)) {
    throw new UserError(
      'EF_SUITE_UNITS',
      `--max-instances-per-unit ${max} is not a whole number >= 1`,
      'Give the most instances one unit may evaluate, e.g. --max-instances-per-unit 250 (docs/scale.md).',
    );
  }
  const planFile = join(suiteDir, UNITS_PLAN);
  // --units-plan: the plan the submitter made (a Kubernetes pod reads it from its ConfigMap). Unit K is K of that
  // plan: one made anew here could number the units otherwise, and a task would run another task's unit.
  const given = args['units-plan'];
  if (given !== undefined) {
    const submitted = existsSync(given) ? readPlan(given) : null;
    if (!submitted || !fits(submitted, jobs, max))
      throw new UserError(
        'EF_SUITE_UNITS',
        `--units-plan ${given} ${submitted ? 'was planned for other jobs or another --max-instances-per-unit' : 'does not exist'}`,
        'Pass the units.json the submitting run_suite wrote, with the same suite and flags (docs/scale.md).',
      );
    if (o.write && !existsSync(planFile)) await writePlan(planFile, submitted);
    return submitted;
  }
  const kept = existsSync(planFile) ? readPlan(planFile) : null;
  if (kept && fits(kept, jobs, max)) return kept;
  const sizes: Map<string, JobSize> = max === null ? new Map() : await sizeJobs(jobs, args, false);
  const plan: UnitsPlan = { suite: args.suite, max_instances_per_unit: max, units: planUnits(jobs, max, sizes) };
  if (o.write) await writePlan(planFile, plan);
  return plan;
}

/** Written whole then renamed: array tasks starting together may all write the same plan. */
function writePlan(file: string, plan: UnitsPlan): Promise<void> {
  return asOutputError(file, SUITE_DIR_HINT, () =>
    writeFileAtomic(file, `${JSON.stringify(plan, null, 2)}\n`, SUITE_DIR_HINT),
  );
}

export function readPlan(file: string): UnitsPlan {
  try {
    // Folders recomputed from each unit's own fields: a plan's paths are never trusted.
    return plannedUnits(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new UserError(
      'EF_SUITE_UNITS',
      `${file} is damaged (${(error as Error).message})`,
      'Delete it and run the same run_suite command again: it plans the units anew (docs/scale.md).',
    );
  }
}

/** The plan was made for these jobs with this --max-instances-per-unit. */
function fits(plan: UnitsPlan, jobs: readonly SuiteJob[], max: number | null): boolean {
  return plan.max_instances_per_unit === max && sameJobs(plan, jobs);
}

function sameJobs(plan: UnitsPlan, jobs: readonly SuiteJob[]): boolean {
  const planned = new Set(plan.units.map((u) => jobKey(u.model, u.job)));
  return planned.size === jobs.length && jobs.every((j) => planned.has(jobKey(j.model, j.name)));
}

/** `--list-units`: one line per unit, the index first (what `--unit K` takes). */
export function formatUnits(plan: UnitsPlan): string {
  const lines = plan.units.map(
    (u) =>
      `${String(u.index).padStart(4)}  ${u.model}  ${u.job}${u.shard ? `  shard ${u.shard.index + 1} of ${u.shard.count}` : ''}${u.instances !== null ? `  (${counted(u.instances, 'instance')})` : ''}  → ${u.dir}`,
  );
  return `${counted(plan.units.length, 'unit')}${plan.max_instances_per_unit !== null ? ` (at most ~${counted(plan.max_instances_per_unit, 'instance')} each)` : ' (one per job)'}\n${lines.join('\n')}\n`;
}

/** `1 unit`, `2 units`. */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
