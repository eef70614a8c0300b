/**
 * `eval-factory status DIR`: what a suite folder holds, job by job: done, running (its folder is locked
 * by a live process), failed (with the first error) or left (in the suite's job list but not started). Reads the
 * `suite.json` that run_suite writes at its start, or, without one, every run folder below DIR.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { UNITS_PLAN } from '@eval-factory/suite';
import { EXIT, terminalSafe, UserError } from '@eval-factory/errors';
import { lockHolder, readEvaluation } from '@eval-factory/executor';
import { EXECUTORS, type Executor } from '@eval-factory/executors';
import { RUN_FILES, UNITS_DIR } from '@eval-factory/types';
import { readPlan } from '../scale/suite-units.js';
import { unitsProgress } from '../scale/unit-progress.js';
import { readFailures, type JobFailure } from './suite-failures.js';

/** What run_suite records at its start: each job's folder, relative to the suite folder. */
export interface SuiteManifest {
  readonly suite: string;
  readonly jobs: readonly { readonly model: string; readonly name: string; readonly dir: string }[];
  readonly not_run: readonly string[];
}

/** `partial`: finished with scores, some instances failed (under max_failure_rate); run_suite retries them. */
type JobState = 'done' | 'partial' | 'running' | 'failed' | 'left';

/** `executors`: the registry, each told of the folder (a suite it submitted has a line of its own). */
export function suiteStatusCommand(
  args: { dir: string },
  out: NodeJS.WritableStream = process.stdout,
  executors: readonly Executor[] = EXECUTORS,
): number {
  const dir = args.dir;
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UserError(
      'EF_FILE_NOT_FOUND',
      `no such folder: ${dir}`,
      'Pass the suite folder (<output_dir>/<suite>) or a folder of runs.',
    );
  const manifestFile = join(dir, RUN_FILES.suiteManifest);
  const manifest = existsSync(manifestFile) ? readManifest(manifestFile) : null;
  const jobs = manifest
    ? manifest.jobs.map((j) => ({ label: `${j.model}  ${j.name}`, dir: join(dir, j.dir) }))
    : runFolders(dir).map((d) => ({ label: relative(dir, d) || '.', dir: d }));
  const planned = unitsPerJob(dir);
  const failures = readFailures(dir);
  const rows = jobs.map((j) => ({
    ...j,
    ...stateOf(j.dir, planned.get(resolve(j.dir)) ?? null, failures[relative(dir, j.dir)] ?? null),
  }));
  const count = (s: JobState) => rows.filter((r) => r.state === s).length;
  const lines = rows.map((r) => `  ${r.state.padEnd(8)} ${r.label}${r.detail ? `  (${r.detail})` : ''}`);
  const notRun = manifest?.not_run ?? [];
  // Names from suite.json (a run entry's description, the suite's name): shown, never acted on by the terminal.
  out.write(
    terminalSafe(
      `${manifest ? `suite ${manifest.suite}` : dir}: ${rows.length} jobs — ${count('done')} done, ${count('partial') ? `${count('partial')} partial, ` : ''}${count('running')} running, ${count('failed')} failed, ${count('left')} left${notRun.length ? `, ${notRun.length} not run` : ''}\n${lines.join('\n')}\n${notRun.map((n) => `  not run  ${n}  (no benchmark here)`).join('\n')}${notRun.length ? '\n' : ''}`,
    ),
  );
  for (const note of executors.flatMap((e) => e.status(dir) ?? [])) out.write(`${terminalSafe(note)}\n`);
  return EXIT.ok;
}

function readManifest(file: string): SuiteManifest {
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as SuiteManifest;
    if (!Array.isArray(manifest.jobs)) throw new Error('no jobs list');
    return { ...manifest, not_run: Array.isArray(manifest.not_run) ? manifest.not_run : [] };
  } catch (error) {
    throw new UserError(
      'EF_SUITE_CONF',
      `${file} is damaged (${(error as Error).message})`,
      'Re-run the same run_suite command: it writes suite.json again before it starts (docs/reproduce-medhelm.md).',
    );
  }
}

/** Units planned per job folder (absolute), from the suite's units.json when it has one. */
function unitsPerJob(suiteDir: string): Map<string, number> {
  const file = join(suiteDir, UNITS_PLAN);
  const counts = new Map<string, number>();
  if (!existsSync(file)) return counts;
  for (const u of readPlan(file).units) {
    const key = resolve(suiteDir, u.job_dir);
    if (u.shard) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function stateOf(
  runDir: string,
  plannedUnits: number | null,
  failure: JobFailure | null,
): { state: JobState; detail?: string } {
  if (lockHolder(runDir)) return { state: 'running' };
  const evaluation = readEvaluation(runDir);
  // A job run in shards is only its units/ until `eval-factory merge` (docs/scale.md); one that failed before its
  // run wrote anything is in the suite's failures.json.
  if (!evaluation)
    return (
      unitsProgress(runDir, plannedUnits) ??
      (failure ? { state: 'failed', detail: `${failure.code} ${failure.message.split('\n')[0]}` } : { state: 'left' })
    );
  const scored = evaluation.counts?.instances;
  // Stopped by Ctrl-C/SIGTERM: nothing failed, the same command resumes it.
  if (evaluation.status === 'interrupted')
    return {
      state: 'left',
      detail: `interrupted${scored ? `: ${scored.scored} of ${scored.evaluated} scored` : ''}; re-run to resume`,
    };
  if (evaluation.status === 'success')
    return { state: 'done', ...(scored ? { detail: `${scored.scored} of ${scored.evaluated} scored` } : {}) };
  if (evaluation.status === 'partial')
    return {
      state: 'partial',
      detail: `${scored ? `${scored.scored} of ${scored.evaluated} scored; ` : ''}re-run to retry the failed instances`,
    };
  const first = evaluation.errors?.[0];
  return {
    state: 'failed',
    detail: `${evaluation.status ?? 'unknown'}${first ? `: ${first.code} ${first.message.split('\n')[0]}` : ''}`,
  };
}

/** Folders below `dir` that hold a run (evaluation_config.yaml or a lock), in path order. */
function runFolders(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    const names = readdirSync(d);
    if (names.includes(RUN_FILES.evaluationConfig) || names.includes(RUN_FILES.lock)) found.push(d);
    for (const name of names) {
      const path = join(d, name);
      if (
        ![
          'runs',
          RUN_FILES.responsesDir,
          RUN_FILES.logsDir,
          RUN_FILES.modelConfigs,
          'node_modules',
          UNITS_DIR,
        ].includes(name) &&
        statSync(path).isDirectory()
      )
        walk(path);
    }
  };
  walk(dir);
  return found.sort();
}
