/**
 * How `run_suite` runs its units on this machine (docs/performance.md, "Suites"). Units of one model endpoint run
 * one after another at the endpoint's full parallelism, endpoints at the same time. Two things keep an endpoint
 * from idling between its jobs:
 * - the next job's engine is started (and loads its modules, ~0.3 s) while the current job sends, as soon as the
 *   current job's first progress event shows it is sending;
 * - the next job starts as soon as the current one has every answer (its engine's final progress event), while the
 *   current one still scores and writes its files. The current job has nothing in flight on the endpoint by then, so
 *   the endpoint never sees more than its parallelism.
 * Every engine reports to the suite's one progress view (suite-progress/). Ctrl-C or SIGTERM: no further unit starts.
 */
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { EVENTS_ENV, ENGINE_PROGRAM, prestartEngine, type PrestartedEngine } from '@eval-factory/executor';
import type { SuiteJob, WorkUnit } from '@eval-factory/suite';
import type { EngineProgressEvent } from '@eval-factory/types';
import { repoRoot } from '../framework-path.js';
import { runEvalCommand } from './run-eval.js';
import { jobRunArgs, type RunSuiteArgs } from './suite-job-args.js';
import { readEvaluation } from './suite-status.js';
import type { SuiteView } from './suite-progress/view.js';

/** What a unit came to: a run status (`success`, `partial`, `error`…), `done` (finished earlier), `failed`, `not started`. */
export type UnitOutcome = readonly [WorkUnit, string];

interface UnitHooks {
  readonly prestarted?: PrestartedEngine | null;
  readonly onProgress?: (event: EngineProgressEvent) => void;
}

/**
 * One unit: skipped when its folder (or, for a shard, its merged job) already holds a successful run, else a
 * `run_eval` (which resumes from its cache). A prestarted engine the run did not use is let go.
 */
export async function runUnit(
  unit: WorkUnit,
  job: SuiteJob,
  args: RunSuiteArgs,
  suiteDir: string,
  hooks: UnitHooks = {},
): Promise<string> {
  const outputDir = join(suiteDir, unit.dir);
  if (statusOf(outputDir) === 'success' || (unit.shard && statusOf(join(suiteDir, unit.job_dir)) === 'success'))
    return 'done';
  try {
    await runEvalCommand(jobRunArgs(job, args, outputDir, unit.shard), hooks.prestarted ?? null, {
      onProgress: hooks.onProgress,
    });
  } catch (error) {
    // One unit's coded error is that unit's failure, said once; the others go on.
    if (!(error instanceof UserError)) throw error;
    process.stderr.write(`error[${error.code}]: ${job.model} ${job.name}: ${error.message}\n`);
    return 'failed';
  } finally {
    hooks.prestarted?.dispose();
  }
  return statusOf(outputDir) ?? 'failed';
}

export function statusOf(outputDir: string): string | null {
  return readEvaluation(outputDir)?.status ?? null;
}

/**
 * Runs every unit, endpoint by endpoint at the same time (see the file's comment), reporting to `view` (indexes
 * are positions in `units`). Returns each unit's outcome in the order of `units`.
 */
export async function runEndpoints(o: {
  units: readonly WorkUnit[];
  jobOf: (unit: WorkUnit) => SuiteJob;
  args: RunSuiteArgs;
  suiteDir: string;
  view: SuiteView;
  stopped: () => boolean;
}): Promise<UnitOutcome[]> {
  const byEndpoint = new Map<string, number[]>();
  o.units.forEach((unit, i) => byEndpoint.set(unit.model, [...(byEndpoint.get(unit.model) ?? []), i]));
  const outcomes: string[] = o.units.map(() => 'not started');
  await Promise.all([...byEndpoint.values()].map((indexes) => runChain(indexes, o, outcomes)));
  return o.units.map((unit, i) => [unit, outcomes[i]] as const);
}

const prestart = () => prestartEngine(ENGINE_PROGRAM, { repoRoot: repoRoot(), env: EVENTS_ENV });

/** One endpoint's units: each starts when the one before has all its answers (or ended); engines start early. */
async function runChain(
  indexes: readonly number[],
  o: Parameters<typeof runEndpoints>[0],
  outcomes: string[],
): Promise<void> {
  const running: Promise<void>[] = [];
  // An internal error (a bug, not a unit's coded failure) stops this endpoint's chain and the suite.
  let crash = null as { error: unknown } | null;
  let next: PrestartedEngine | null = prestart();
  for (const i of indexes) {
    if (o.stopped() || crash) break;
    const unit = o.units[i];
    const engine = next;
    next = null;
    let free: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (free = resolve));
    const onProgress = (event: EngineProgressEvent) => {
      o.view.progress(i, event);
      // Sending has begun: the next job's engine loads now, not while this one was loading.
      next ??= prestart();
      if (event.final) free();
    };
    o.view.start(i);
    running.push(
      runUnit(unit, o.jobOf(unit), o.args, o.suiteDir, { prestarted: engine, onProgress })
        .then((status) => {
          outcomes[i] = status;
          o.view.end(i, status);
          // A unit skipped (finished earlier) used no engine: it waits for the next one.
          if (status === 'done' && engine && !next) next = engine;
        })
        .catch((error: unknown) => void (crash ??= { error }))
        .finally(free),
    );
    await answered;
  }
  next?.dispose();
  await Promise.all(running);
  if (crash) throw crash.error;
}
