/**
 * `eval-factory run_suite`: the jobs of HELM's run-entries files × `--models-to-run`, or of a suite YAML
 * (suite-source.ts), every job a `run_eval` into `DIR/<suite>/<model>/<run name>/`, then one leaderboard for the
 * suite, grouped by MedHELM's categories. Jobs of one model endpoint
 * run one after another at the endpoint's full parallelism, different endpoints at the same time, so each endpoint
 * is kept exactly as busy as its `parallelism` allows (never N jobs × parallelism; suite-schedule.ts), under one
 * progress view (suite-progress/). A re-run skips finished jobs and resumes the others from their caches.
 */
import { join, resolve } from 'node:path';
import { EXIT, UserError } from '@eval-factory/errors';
import { folderName, type SuiteJob, type UnitsPlan, type WorkUnit } from '@eval-factory/suite';
import { suiteSource, type RunSuiteInput, type SuiteSource } from './suite-source.js';
import { previewSuite } from './suite-preview.js';
import { checkSuiteNumberFlags } from './suite-flag-checks.js';
import { keyNamesOf, preflightSuite, type ResolvedJobs } from './suite-preflight.js';
import { reportHelmSuite } from './helm-suite-folder.js';
import { summarizeCommand } from '../summarize.js';
import { cacheUrlProblem, type WrittenRunDocuments } from '@eval-factory/types';
import { lockSuite, makeSuiteDir, writeManifest } from './suite-folder.js';
import { runEndpoints, type UnitOutcome } from './suite-schedule.js';
import { jobIndex, runOneUnit } from './suite-unit.js';
import { SuiteBoard } from '../suite-progress/board.js';
import { openSuiteView } from '../suite-progress/view.js';
import { SuiteLog } from '../suite-progress/suite-log.js';
import { formatSuiteEnd } from '../suite-progress/suite-end.js';
import type { RunSuiteArgs } from './suite-job-args.js';
import { formatUnits, suiteUnits } from '../scale/suite-units.js';
import { formatIncomplete, mergeSuite } from '../scale/merge-units.js';
import { EXECUTORS, type Executor, executorNamed, type SuiteSubmission } from '@eval-factory/executors';
import { withSafeTerminal } from '../terminal-guard.js';

export type { RunSuiteArgs } from './suite-job-args.js';

/** `executors`: the registry (a test adds one). */
export function runSuiteCommand(given: RunSuiteInput, executors: readonly Executor[] = EXECUTORS): Promise<number> {
  // Names from run-entries files, a suite YAML and --suite are printed as they are: shown, never acted on.
  return withSafeTerminal(() => runSuiteChecked(given, executors));
}

async function runSuiteChecked(given: RunSuiteInput, executors: readonly Executor[]): Promise<number> {
  checkSuiteNumberFlags(given);
  // --cache goes into every job's run_config.yml and the cluster scripts: checked before any of them is written.
  const cacheProblem = given.cache ? cacheUrlProblem(given.cache) : null;
  if (cacheProblem) throw new UserError('EF_CACHE_URL', `--cache: ${cacheProblem.message}`, cacheProblem.hint);
  const jobs = suiteSource(given, executors);
  // The suite's name, output folder and executor may come from its YAML; every later step (units, cluster tasks,
  // manifest) reads them from args.
  const args: RunSuiteArgs = {
    ...given,
    suite: jobs.suite,
    output_dir: jobs.outputDir,
    ...(jobs.executor ? { executor: jobs.executor } : {}),
  };
  const suiteDir = resolve(args.output_dir, folderName(args.suite));
  // The folder is what HELM's --suite and every path will use: said once when it differs from the name given.
  if (folderName(args.suite) !== args.suite)
    process.stderr.write(`note: suite "${args.suite}" is written as the folder ${folderName(args.suite)}\n`);
  // Every job as run_eval would take it, before anything is written: one cluster task (--unit) is run_eval's own,
  // unless it is only previewed.
  const executor = executorNamed(args.executor, '--executor', executors);
  const resolved =
    args.unit === undefined || args.dry_run
      ? preflightSuite(jobs.jobs, args, suiteDir, {
          warnOnly: args.dry_run === true || args['list-units'] === true,
          credentials: executor.runsHere,
        })
      : null;
  const keyNames = keyNamesOf(resolved);
  if (args.unit === undefined) await executor.check(args, keyNames);
  if (args['list-units']) {
    process.stdout.write(formatUnits(await suiteUnits(jobs.jobs, args, suiteDir, { write: false })));
    return EXIT.ok;
  }
  return handOver(executor, { args, jobs, suiteDir, keyNames, resolved });
}

/** The checked suite to its executor: planned on --dry_run, else its units written and run or submitted. */
async function handOver(
  executor: Executor,
  { args, jobs, suiteDir, keyNames, resolved }: CheckedSuite,
): Promise<number> {
  const submission = (units: () => Promise<UnitsPlan>): SuiteSubmission => ({
    args,
    suiteDir,
    keyNames,
    units,
    runHere: async () => runHere(await units(), args, jobs, suiteDir),
    // A dry run always has its pre-flight (above).
    previewHere: () => previewSuite(jobs, args, suiteDir, resolved!),
  });
  if (args.dry_run) {
    // Run here, the preview lists what is not run itself.
    if (!executor.runsHere) warnUnavailable(jobs, args);
    return executor.plan(submission(() => suiteUnits(jobs.jobs, args, suiteDir, { write: false })));
  }
  warnUnavailable(jobs, args);
  // One run_suite at a time in a suite folder (a cluster task, --unit, is one job's run_eval, locked as such): a
  // second would fail the jobs the first holds and race it for the rest.
  makeSuiteDir(suiteDir);
  const lock = args.unit === undefined && executor.runsHere ? lockSuite(suiteDir) : null;
  try {
    const plan = await suiteUnits(jobs.jobs, args, suiteDir, { write: true });
    await writeManifest(suiteDir, args.suite, jobs);
    if (args.unit !== undefined) return await runOneUnit(plan, args, suiteDir, jobs.jobs);
    return await executor.submit(submission(async () => plan));
  } finally {
    lock?.release();
  }
}

interface CheckedSuite {
  readonly args: RunSuiteArgs;
  readonly jobs: SuiteSource;
  readonly suiteDir: string;
  readonly keyNames: readonly string[];
  /** Every job as run_eval would take it (null for a cluster task, which is one run_eval). */
  readonly resolved: ResolvedJobs | null;
}

function warnUnavailable(jobs: SuiteSource, args: RunSuiteArgs): void {
  if (jobs.unavailable.length)
    process.stderr.write(
      `warning[EF_SUITE_UNAVAILABLE]: not run (no benchmark here): ${jobs.unavailable.join('; ')}\n`,
    );
  if (jobs.noData.size && args['skip-unavailable'])
    process.stderr.write(`warning[EF_SUITE_UNAVAILABLE]: not run (no data): ${[...jobs.noData.values()].join('; ')}\n`);
}

/** The units on this machine, then the merges, the HELM suite folder and the leaderboard. */
async function runHere(plan: UnitsPlan, args: RunSuiteArgs, jobs: SuiteSource, suiteDir: string): Promise<number> {
  const { outcomes, stopSignal, summaries, merges } = await runAndReport(plan, args, suiteDir, jobs);
  process.stderr.write(formatIncomplete(merges));
  if (stopSignal) return stopSignal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
  reportHelmSuite(suiteDir, folderName(args.suite));
  await summaries;
  await summarizeCommand({ dirs: [suiteDir], out: suiteDir, schema: args.schema ?? 'medhelm' });
  // A partial job has its scores (its failures stayed under max_failure_rate), as run_eval exits 0 for one.
  const unitsOk = outcomes.every(([, status]) => status === 'success' || status === 'done' || status === 'partial');
  return unitsOk && merges.every((m) => m.complete && m.status !== 'error') ? EXIT.ok : EXIT.error;
}

/**
 * The units on this machine, then the merge of sharded jobs, and the table of how each unit ended: all of it in
 * the suite's log (what every job prints goes there), on the terminal a line per job and the units that failed.
 */
async function runAndReport(plan: UnitsPlan, args: RunSuiteArgs, suiteDir: string, jobs: SuiteSource) {
  const log = new SuiteLog(suiteDir);
  process.stderr.write(`suite ${args.suite}: ${plan.units.length} units; what each job prints: ${log.path}\n`);
  try {
    const ran = await runLocally(plan, args, suiteDir, jobs.jobs, log);
    // After Ctrl-C / SIGTERM nothing more starts: no merge (a merge runs an engine), no leaderboard.
    const merges = ran.stopSignal ? [] : await mergeSuite(suiteDir, plan, log);
    const end = formatSuiteEnd(args.suite, jobs, plan, ran.outcomes, merges);
    log.write(end.log);
    process.stderr.write(end.terminal);
    return { ...ran, merges };
  } finally {
    log.close();
  }
}

/**
 * The units on this machine under one progress view (suite-schedule.ts). Ctrl-C / SIGTERM reach every engine (each
 * run_eval forwards them); here they only stop further units from starting, and are returned.
 */
async function runLocally(
  plan: UnitsPlan,
  args: RunSuiteArgs,
  suiteDir: string,
  jobs: readonly SuiteJob[],
  log: SuiteLog,
): Promise<{ outcomes: UnitOutcome[]; stopSignal: NodeJS.Signals | null; summaries: Promise<void> }> {
  let stopSignal: NodeJS.Signals | null = null;
  // Each job that ends is summarised and resampled for the leaderboard while the others still send, one at a time;
  // the leaderboard then reads only what changed since. Its run's two YAML files are taken from what the run wrote,
  // not parsed back: parsing them cost 20–60 ms of CPU per job, taken from the engines still sending. A shard is summarised through its merged job, after all.
  let summaries: Promise<void> = Promise.resolve();
  const onUnitEnd = (unit: WorkUnit, status: string, written: WrittenRunDocuments | null) => {
    if (unit.shard !== null || (status !== 'success' && status !== 'partial')) return;
    const dir = join(suiteDir, unit.dir);
    summaries = summaries
      .then(() => import('@eval-factory/summary'))
      .then((summary) => summary.prepareRunSummary(dir, summary.DEFAULT_BOOTSTRAP, PREPARE_MAX_INSTANCES, written))
      // Whatever failed here fails again in the leaderboard, which reports it.
      .catch(() => undefined);
  };
  // Each concurrent run_eval listens for SIGINT/SIGTERM twice (to forward them, and to write its partial results
  // whatever comes) and for exit (to release its folder lock); two may overlap per endpoint: with more than a few
  // endpoints that passes Node's default of 10, which is no leak.
  const endpoints = new Set(plan.units.map((u) => u.model)).size;
  process.setMaxListeners(Math.max(process.getMaxListeners(), 12 + 10 * endpoints));
  const onSignal = (signal: NodeJS.Signals) => void (stopSignal ??= signal);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const view = openSuiteView(
    new SuiteBoard(
      args.suite,
      plan.units.map((u) => ({ model: u.model, job: u.job })),
    ),
  );
  try {
    const outcomes = await runEndpoints({
      units: plan.units,
      jobOf: jobIndex(jobs),
      args,
      suiteDir,
      view,
      stopped: () => stopSignal !== null,
      log,
      onUnitEnd,
    });
    return { outcomes, stopSignal, summaries };
  } finally {
    view.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * The largest job resampled ahead (2000 resamples of 2000 values: ~20 ms). Resampling blocks the factory's event
 * loop, which passes slots and progress between the jobs still sending; a larger job is resampled by the leaderboard
 * at the end, as before.
 */
const PREPARE_MAX_INSTANCES = 2_000;
