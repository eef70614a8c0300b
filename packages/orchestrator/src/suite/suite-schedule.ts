/**
 * How `run_suite` runs its units on this machine (docs/performance.md, "Suites"). Units of one model endpoint take
 * turns on it at its full parallelism, endpoints at the same time. An endpoint must not idle between two jobs while
 * the next one starts up (engine modules, config, data, prompts, cache: 0.3 s to seconds), so:
 * - when a job starts sending, the next job of its endpoint starts (in a kept engine: when the job is halfway, see
 *   runJobs): its engine prepares everything up to its first request, then waits for slots (`go N` lines on its
 *   stdin, ENGINE_SEND_GATE_ENV in types);
 * - its slots come from the job before it: during that job's last requests, each answer that leaves it fewer
 *   unfinished requests than slots gives one up for good (its `@ef-slots N`), passed on at once; the rest (`go`)
 *   when the job before has every answer (its final progress event), while it still scores and writes its files.
 *   The job before keeps a slot for every request not finalised (retries included), so the two together never
 *   hold more than the endpoint's parallelism.
 * At most two jobs of an endpoint are under way at once (two engines' memory): a job starts only once the job two
 * places before it has ended. Every engine reports to the suite's one progress view (suite-progress/). Ctrl-C or
 * SIGTERM: no further unit starts.
 */
import { join } from 'node:path';
import { formatError, redact, UserError } from '@eval-factory/errors';
import {
  FactorySlotHandover,
  type EnginePool,
  readEvaluation,
  type PrestartedEngine,
  suiteEnginePool,
  takeWarmSuiteEngines,
} from '@eval-factory/executor';
import type { SuiteJob, WorkUnit } from '@eval-factory/suite';
import {
  completedRequests,
  halfwayDone,
  type EngineProgressEvent,
  type WrittenRunDocuments,
} from '@eval-factory/types';
import { repoRoot } from '../framework-path.js';
import { runEvalCommand } from '../run-eval/run-eval.js';
import { jobRunArgs, type RunSuiteArgs } from './suite-job-args.js';
import { FailureLog } from './suite-failures.js';
import { signal } from './signal.js';
import type { SuiteView } from '../suite-progress/view.js';
import type { SuiteLog } from '../suite-progress/suite-log.js';

/** What a unit came to: a run status (`success`, `partial`, `error`…), `done` (finished earlier), `failed`, `not started`. */
export type UnitOutcome = readonly [WorkUnit, string];

interface UnitHooks {
  readonly prestarted?: PrestartedEngine | null;
  readonly onProgress?: (event: EngineProgressEvent) => void;
  /** The unit's turn on its endpoint: the slots it may use, as the unit before gives them up. */
  readonly slotHandover?: FactorySlotHandover;
  /** The slots this unit's engine has given up for good. */
  readonly onSlots?: (released: number) => void;
  /** Where a failure before the run wrote anything is kept for `status` (one suite process at a time). */
  readonly failures?: FailureLog;
  /** The suite's log, which takes everything the unit's run prints (the terminal gets its errors and warnings). */
  readonly log?: SuiteLog;
  /** What the unit's run wrote into its evaluation_config.yaml and results.yml. */
  readonly onWritten?: (written: WrittenRunDocuments) => void;
}

/**
 * One unit as a `run_eval` (which resumes from its cache); callers skip the ones `finishedBefore`. A prestarted
 * engine the run did not use is let go.
 */
export async function runUnit(
  unit: WorkUnit,
  job: SuiteJob,
  args: RunSuiteArgs,
  suiteDir: string,
  hooks: UnitHooks = {},
): Promise<string> {
  const outputDir = join(suiteDir, unit.dir);
  const label = `${unit.model} ${unit.job}${unit.shard ? ` (shard ${unit.shard.index + 1} of ${unit.shard.count})` : ''}`;
  let status: string | null = null;
  await hooks.failures?.clear(unit.dir);
  try {
    await runEvalCommand(jobRunArgs(job, args, outputDir, unit.shard), hooks.prestarted ?? null, {
      onProgress: hooks.onProgress,
      slotHandover: hooks.slotHandover,
      onSlots: hooks.onSlots,
      onStatus: (s, written) => {
        status = s;
        hooks.onWritten?.(written);
      },
      console: hooks.log?.jobConsole(label),
    });
  } catch (error) {
    // One unit's coded error is that unit's failure, said once; the others go on.
    if (!(error instanceof UserError)) throw error;
    const named = new UserError(error.code, `${label}: ${error.message}`, error.hint, error.exitCode);
    hooks.log?.write(formatError(named));
    process.stderr.write(`${formatError(named)}\n`);
    await hooks.failures?.record(unit.dir, { code: error.code, message: redact(error.message) });
    return 'failed';
  } finally {
    hooks.prestarted?.dispose();
  }
  // As written to evaluation_config.yaml; read back only when the run stopped before writing it.
  return status ?? statusOf(outputDir) ?? 'failed';
}

/** The unit's folder (or, for a shard, its merged job) already holds a successful run: it is skipped. */
export function finishedBefore(unit: WorkUnit, suiteDir: string): boolean {
  return (
    statusOf(join(suiteDir, unit.dir)) === 'success' ||
    (unit.shard !== null && statusOf(join(suiteDir, unit.job_dir)) === 'success')
  );
}

function statusOf(outputDir: string): string | null {
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
  /** Takes what each unit's run prints (suite-log.ts). */
  log?: SuiteLog;
  /** A unit has ended (its status, and what its run wrote when it got that far), while the others go on. */
  onUnitEnd?: (unit: WorkUnit, status: string, written: WrittenRunDocuments | null) => void;
}): Promise<UnitOutcome[]> {
  const byEndpoint = new Map<string, number[]>();
  o.units.forEach((unit, i) => byEndpoint.set(unit.model, [...(byEndpoint.get(unit.model) ?? []), i]));
  const outcomes: string[] = o.units.map(() => 'not started');
  const failures = new FailureLog(o.suiteDir);
  // Which units are still to run, read once (each is a YAML file).
  const toRun = o.units.map((unit) => !finishedBefore(unit, o.suiteDir));
  // The endpoint's jobs run in engines kept from one job to the next (two start-ups per endpoint, not one per job),
  // which go when its last job has ended. Every endpoint with a job to run has its first engine started now, before
  // any job is resolved (so the endpoints start together), or earlier by the CLI (suite-engines.ts in the executor).
  const warmed = takeWarmSuiteEngines();
  const chains = [...byEndpoint.values()].map((indexes) => {
    const runs = indexes.some((i) => toRun[i]);
    const engines = (runs ? warmed.pop() : undefined) ?? suiteEnginePool(repoRoot());
    if (runs) engines.warm();
    return { indexes, engines };
  });
  for (const unused of warmed) unused.close();
  await Promise.all(chains.map((c) => runChain(c.indexes, c.engines, toRun, { ...o, failures }, outcomes)));
  return o.units.map((unit, i) => [unit, outcomes[i]] as const);
}

/** What each endpoint's chain of units runs with: runEndpoints' options and the suite's one failure log. */
type ChainContext = Parameters<typeof runEndpoints>[0] & { readonly failures: FailureLog };

/** One endpoint's units, each started when the one before begins sending and sending with the slots it gives up. */
async function runChain(
  indexes: readonly number[],
  engines: EnginePool,
  toRun: readonly boolean[],
  o: ChainContext,
  outcomes: string[],
): Promise<void> {
  try {
    await runJobs(indexes, toRun, o, outcomes, engines);
  } finally {
    engines.close();
  }
}

async function runJobs(
  indexes: readonly number[],
  toRun: readonly boolean[],
  o: ChainContext,
  outcomes: string[],
  engines: EnginePool,
): Promise<void> {
  const running: Promise<void>[] = [];
  // An internal error (a bug, not a unit's coded failure) stops this endpoint's chain and the suite.
  let crash = null as { error: unknown } | null;
  // The next unit's slots: the first unit has them all.
  let turn = FactorySlotHandover.whole();
  for (const i of indexes) {
    if (o.stopped() || crash) break;
    const unit = o.units[i];
    if (!toRun[i]) {
      outcomes[i] = 'done';
      o.view.end(i, 'done');
      continue;
    }
    const sending = signal();
    const halfway = signal();
    const answered = signal();
    // The engine the unit runs in, taken when the unit starts.
    let prestarted: PrestartedEngine | null = null;
    const onProgress = (event: EngineProgressEvent) => {
      o.view.progress(i, event);
      sending.set();
      if (event.final || halfwayDone(completedRequests(event), event.total)) halfway.set();
      if (!event.final) return;
      answered.set();
      // Its scoring and files yield the CPU to the jobs still sending (cpu-priority.ts in the executor).
      prestarted?.background?.();
    };
    const [mine, next] = [turn, new FactorySlotHandover()];
    let written: WrittenRunDocuments | null = null;
    // Slots this unit gives up go to the next one at once; the rest once it has every answer (or has ended) and
    // has had all of its own (the unit before it is done too).
    const onSlots = (released: number) => next.give(released);
    void Promise.all([answered.promise, mine.full]).then(() => next.giveAll());
    // At most two engines per endpoint (memory): the job two places before must have ended.
    if (running.length >= 2) await running[running.length - 2];
    if (o.stopped() || crash) break;
    o.view.start(i);
    prestarted = engines.take();
    running.push(
      runUnit(unit, o.jobOf(unit), o.args, o.suiteDir, {
        prestarted,
        onProgress,
        onSlots,
        slotHandover: mine,
        failures: o.failures,
        log: o.log,
        onWritten: (w) => (written = w),
      })
        .then((status) => {
          outcomes[i] = status;
          o.view.end(i, status);
          o.onUnitEnd?.(unit, status, written);
        })
        .catch((error: unknown) => void (crash ??= { error }))
        .finally(() => {
          sending.set();
          halfway.set();
          answered.set();
        }),
    );
    turn = next;
    // The next job prepares while this one sends. In a new engine (fewer than two so far) it starts as soon as
    // this one sends: a start-up takes longer than half a short job. In a kept engine (the one the job before ran
    // in) it needs only the job's data and prompts, so it waits until this job is halfway: during its first
    // requests this job's engine is cold and the job before is still writing its files, and one more busy process
    // on the machine then slows every request of the round (docs/performance.md, "Suites"). The engine says at
    // once when it is halfway (progress-events.ts). The most it can cost is a gap of (preparation − half this job)
    // when a job's data takes longer to load than half the job before.
    await (engines.live() >= 2 ? halfway : sending).promise;
  }
  await Promise.all(running);
  if (crash) throw crash.error;
}
