/**
 * `eval-factory merge DIR` (docs/scale.md): each sharded job of a suite becomes the one run a single machine would
 * have written. The job is run again into its own folder with `merge_units`: the engine answers every request from
 * the shards' caches (sending nothing), then scores, aggregates over all instances and writes every output file
 * through the same code as an unsharded run — so per-instance results are the same bytes and aggregates are
 * recomputed from all instances, never averaged across shards. An instance whose unit is missing or failed fails
 * with EF_UNIT_MISSING; the unit is named and the job marked incomplete in `merge.json` (as it is when a unit holds
 * another shard's instances, or any instance failed EF_UNIT_MISSING).
 */
import { existsSync } from 'node:fs';
import { writeFileAtomic } from '@eval-factory/files';
import { join } from 'node:path';
import { lockHolder, readEvaluation } from '@eval-factory/executor';
import type { UnitsPlan, WorkUnit } from '@eval-factory/suite';
import type { SuiteLog } from '../suite-progress/suite-log.js';
import { runEvalCommand } from '../run-eval/run-eval.js';
import { RUN_FILES } from '@eval-factory/types';
import { checkUnitInstances, otherShardRun, readResultIds, type UnitState } from './unit-instances.js';

/** Written into a merged job's folder: which units it was made of and which were missing. */
const MERGE_REPORT = 'merge.json';

export interface JobMerge {
  readonly model: string;
  readonly job: string;
  readonly dir: string;
  /** Every unit done and every instance answered: no instance failed EF_UNIT_MISSING. */
  readonly complete: boolean;
  /** Units not merged, each with why: `missing` (never run), `running`, its failed status, or what it lacks. */
  readonly missing: readonly UnitState[];
  /** Instances of the merged job no unit answered (failed EF_UNIT_MISSING). */
  readonly unanswered: number;
  /** The merged run's status (evaluation_config.yaml), or null when no unit had started. */
  readonly status: string | null;
}

/**
 * A unit's state: done (success or partial, of its own shard), running (its folder is locked by a live process),
 * missing, failed, or another shard's run (a folder copied over it).
 */
export function unitState(dir: string): string {
  if (lockHolder(dir)) return 'running';
  const evaluation = readEvaluation(dir);
  if (!evaluation) return 'missing';
  const other = otherShardRun(dir);
  if (other) return `holds shard ${other}'s run, not its own`;
  if (evaluation.status === 'success' || evaluation.status === 'partial') return 'done';
  const first = evaluation.errors?.[0];
  return `failed (${evaluation.status ?? 'unknown'}${first ? `: ${first.code}` : ''})`;
}

/** Merges every sharded job of the plan; unsharded jobs are already their one run. */
export async function mergeSuite(suiteDir: string, plan: UnitsPlan, log?: SuiteLog): Promise<JobMerge[]> {
  const byJob = new Map<string, WorkUnit[]>();
  for (const u of plan.units) if (u.shard) byJob.set(u.job_dir, [...(byJob.get(u.job_dir) ?? []), u]);
  const merged: JobMerge[] = [];
  for (const [jobDir, units] of byJob) merged.push(await mergeJob(suiteDir, jobDir, units, log));
  return merged;
}

async function mergeJob(
  suiteDir: string,
  jobDir: string,
  units: readonly WorkUnit[],
  log?: SuiteLog,
): Promise<JobMerge> {
  const dir = join(suiteDir, jobDir);
  const states = units.map((u) => ({ unit: u.index, dir: u.dir, state: unitState(join(suiteDir, u.dir)) }));
  const base = { model: units[0]!.model, job: units[0]!.job, dir: jobDir };
  // Every unit wrote the same run_config.yml apart from its shard (and the cache): any started one describes the job.
  const runConfig = units.map((u) => join(suiteDir, u.dir, RUN_FILES.runConfig)).find((f) => existsSync(f));
  if (!runConfig) return { ...base, missing: states, unanswered: 0, complete: false, status: null };
  await runEvalCommand(
    {
      run_config: runConfig,
      output_dir: dir,
      overrides: [
        'config.params.extra.shard=__unset__',
        'config.params.extra.cache=__unset__',
        'config.params.extra.merge_units=true',
      ],
    },
    null,
    { console: log?.jobConsole(`${base.model} ${base.job} (merge)`) },
  );
  // A unit is done only with its own shard's instances, each answered: checked against the merged selection.
  const merged = readResultIds(dir);
  const checked = merged ? checkUnitInstances(suiteDir, units, states, merged) : states;
  const missing = checked.filter((s) => s.state !== 'done');
  const unanswered = merged?.unanswered.size ?? 0;
  const complete = merged !== null && missing.length === 0 && unanswered === 0;
  const report = { complete, unanswered, units: checked };
  await writeFileAtomic(join(dir, MERGE_REPORT), `${JSON.stringify(report, null, 2)}\n`);
  return { ...base, missing, unanswered, complete, status: readEvaluation(dir)?.status ?? null };
}

/** One line per incomplete job, naming its missing units. */
export function formatIncomplete(merges: readonly JobMerge[]): string {
  return merges
    .filter((m) => !m.complete)
    .map(
      (m) =>
        `error[EF_UNIT_MISSING]: ${m.model} ${m.job}: incomplete, ${m.missing.length} of its units not merged: ${m.missing.map((s) => `unit ${s.unit} (${s.dir}: ${s.state})`).join(', ')}${m.unanswered ? `; ${m.unanswered} instance(s) no unit answered` : ''}\n`,
    )
    .join('');
}
