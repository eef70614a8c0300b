/**
 * Work units (docs/scale.md): the unit of work a machine (a Slurm array task, a Kubernetes pod) runs. One unit per
 * (model, benchmark) job; a job with more instances than `maxInstancesPerUnit` becomes N = ceil(n / limit) instance
 * shards of equal size (±1). Shard membership comes from the instance ids alone (`assignShards`), so the plan is the
 * same on every machine.
 */
import { join } from 'node:path';
import { assignShards, shardDirName, shardRoots, UNITS_DIR, type ShardSpec } from '@eval-factory/types';
import { folderName, type SuiteJob } from './expand.js';

export interface WorkUnit {
  /** Position in the plan: `run_suite --unit K`, `$SLURM_ARRAY_TASK_ID`, `$JOB_COMPLETION_INDEX`. */
  readonly index: number;
  readonly model: string;
  /** The job's name (benchmark and arguments), as in suite.json. */
  readonly job: string;
  /** The job's folder, relative to the suite folder. */
  readonly job_dir: string;
  /** The unit's run folder, relative to the suite folder: the job's folder, or `<job>/units/<k>-of-<n>`. */
  readonly dir: string;
  readonly shard: ShardSpec | null;
  /** Instances the unit evaluates; null when the job was not sized (no --max-instances-per-unit). */
  readonly instances: number | null;
}

/** What a job holds, from the engine's dry run: the evaluated instance ids (corrected twins as `c-<id>`). */
export interface JobSize {
  readonly instanceIds: readonly string[];
}

/** The plan file in the suite folder: every machine of a cluster run reads the same units from it. */
export interface UnitsPlan {
  readonly suite: string;
  readonly max_instances_per_unit: number | null;
  readonly units: readonly WorkUnit[];
}
export const UNITS_PLAN = 'units.json';

export function jobDir(job: Pick<SuiteJob, 'model' | 'name'>): string {
  return join(folderName(job.model), folderName(job.name));
}

/**
 * The suite's units in job order. `sizes` (by job name) is needed only for jobs that may be split; without
 * `maxInstancesPerUnit` every job is one unit.
 */
export function planUnits(
  jobs: readonly SuiteJob[],
  maxInstancesPerUnit: number | null,
  sizes: ReadonlyMap<string, JobSize>,
): WorkUnit[] {
  const units: WorkUnit[] = [];
  const add = (u: Omit<WorkUnit, 'index'>) => units.push({ index: units.length, ...u });
  for (const job of jobs) {
    const dir = jobDir(job);
    const size = sizes.get(job.name);
    const n = size?.instanceIds.length ?? null;
    if (maxInstancesPerUnit === null || n === null || n <= maxInstancesPerUnit) {
      add({ model: job.model, job: job.name, job_dir: dir, dir, shard: null, instances: n });
      continue;
    }
    // The engine's own rule (a corrected twin `c-<id>` is evaluated with its instance), so no shard is empty.
    const count = Math.min(Math.ceil(n / maxInstancesPerUnit), shardRoots(size!.instanceIds).length);
    const perShard = new Array<number>(count).fill(0);
    for (const index of assignShards(size!.instanceIds, count).values()) perShard[index]++;
    for (let index = 0; index < count; index++) {
      const shard = { index, count };
      add({
        model: job.model,
        job: job.name,
        job_dir: dir,
        dir: unitDir(dir, shard),
        shard,
        instances: perShard[index],
      });
    }
  }
  return units;
}

/** A unit's run folder, relative to the suite folder: its job's folder, or the shard's folder under it. */
function unitDir(jobFolder: string, shard: ShardSpec | null): string {
  return shard ? join(jobFolder, UNITS_DIR, shardDirName(shard)) : jobFolder;
}

/**
 * A plan read from a file (`units.json`, `--units-plan`), checked, with every unit's folders recomputed from its
 * model, job and shard as `planUnits` makes them: a plan is data anyone may have edited, and a `dir` of `../../x`
 * would make a unit (or a merge) write a whole run outside the suite folder. Throws an Error saying what is wrong.
 */
export function plannedUnits(raw: unknown): UnitsPlan {
  const plan = raw as Partial<UnitsPlan> | null;
  if (typeof plan !== 'object' || plan === null || !Array.isArray(plan.units)) throw new Error('no units list');
  const units = plan.units.map((u: Partial<WorkUnit>, i) => {
    const shard = u?.shard ?? null;
    const wholeNumber = (n: unknown, min: number) => Number.isInteger(n) && (n as number) >= min;
    const shardOk =
      shard === null || (wholeNumber(shard.count, 1) && wholeNumber(shard.index, 0) && shard.index < shard.count);
    if (u?.index !== i || typeof u.model !== 'string' || typeof u.job !== 'string' || !shardOk)
      throw new Error(`unit ${i} is not {index: ${i}, model, job, shard}`);
    const job_dir = jobDir({ model: u.model, name: u.job });
    return { ...u, job_dir, dir: unitDir(job_dir, shard), shard } as WorkUnit;
  });
  return { ...(plan as UnitsPlan), units };
}
