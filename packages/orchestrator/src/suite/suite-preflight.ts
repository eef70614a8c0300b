/**
 * What every job of a suite would refuse before writing anything, checked for all of them before the first is
 * started (docs/reproduce-medhelm.md): a model key variable that is not set, a judge without a credential, and a job
 * folder holding a run of another configuration (a re-run with another --max-eval-instances, model URL or suite YAML
 * would otherwise skip the finished jobs and report their old scores). One coded error names the jobs concerned (a
 * few of each finding, and how many more); a dry run prints the same findings as warnings, as run_eval's dry run
 * does for a missing key.
 */
import { join, resolve } from 'node:path';
import { loadFramework, resolveEvaluation } from '@eval-factory/config';
import { redact, UserError } from '@eval-factory/errors';
import { renderModelConfigs } from '@eval-factory/model-configs';
import { jobDir, type SuiteJob } from '@eval-factory/suite';
import type { Evaluation } from '@eval-factory/types';
import { requireFrameworkFile } from '../framework-path.js';
import { headerVariables, missingHeaderVariables } from '../run-eval/header-variables.js';
import { resolutionInput } from '../run-eval/run-eval.js';
import { checkJudges, missingKeyName } from '../run-eval/run-eval-keys.js';
import { refusedDifferences } from '../run-eval/previous-run.js';
import type { RunSuiteArgs } from '@eval-factory/suite';
import { jobRunArgs } from './suite-job-args.js';

/** How many findings a message names before `and N more`, and how many jobs of each. */
const LISTED = 5;
const JOBS_NAMED = 3;

/** Each job's evaluation as its run_eval will resolve it (the dry run's cost reads its limits from these). */
export type ResolvedJobs = ReadonlyMap<SuiteJob, Evaluation>;

interface Findings {
  readonly evaluations: Map<SuiteJob, Evaluation>;
  /** Key variable → the jobs that need it. */
  readonly keys: Map<string, string[]>;
  /** What a job's judges lack (the same words for every job of a judged benchmark) → those jobs. */
  readonly judges: Map<string, string[]>;
  readonly changed: string[];
}

/**
 * Resolves every job as run_eval would (a job it would reject stops the suite, named), then throws the first kind
 * of problem found (keys, judges, changed folders), naming its jobs; `warnOnly` (a dry run, --list-units) prints
 * them instead. `credentials: false` (a cluster submission: the keys are the tasks' environment, not this one's)
 * leaves keys and judges out.
 */
export function preflightSuite(
  jobs: readonly SuiteJob[],
  args: RunSuiteArgs,
  suiteDir: string,
  o: { readonly warnOnly: boolean; readonly credentials: boolean },
): ResolvedJobs {
  const found = findProblems(jobs, args, suiteDir, o.credentials);
  const problems: UserError[] = [];
  if (found.keys.size > 0) {
    const vars = [...found.keys.keys()];
    problems.push(
      new UserError(
        'EF_API_KEY_MISSING',
        `model key or header variable${vars.length > 1 ? 's' : ''} not set: ${listed(grouped(found.keys))}`,
        'Export the variable (the key itself never goes in a file), or remove api_key_name for an endpoint without one.',
      ),
    );
  }
  if (found.judges.size > 0)
    problems.push(
      new UserError(
        'EF_JUDGE_AUTH_MISSING',
        `a judge has no credential: ${listed(grouped(found.judges))}`,
        args.suite_config
          ? "Export the judge's key variable, or set the judges in the suite YAML's evaluation params (extra.judges; docs/configuration.md#judges)."
          : "Export the judge's key variable, or point the judges elsewhere: --local-path prod_env with their deployments and credentials.conf, or --judges FILE (docs/reproduce-medhelm.md#judges).",
      ),
    );
  if (found.changed.length > 0)
    problems.push(
      new UserError(
        'EF_OUTPUT_DIR_MISMATCH',
        `${suiteDir} holds runs of another configuration: ${listed(found.changed)}`,
        'Give the suite a new --suite name or --output_dir, or run it with its earlier settings to resume it.',
      ),
    );
  if (problems.length === 0) return found.evaluations;
  if (!o.warnOnly) {
    // The first kind in full; the others named, so that fixing one does not meet the next on the following run.
    const [first, ...rest] = problems;
    if (rest.length === 0) throw first;
    throw new UserError(
      first!.code,
      `${first!.message} (also: ${rest.map((p) => p.code).join(', ')}; \`--dry_run\` lists them)`,
      first!.hint,
    );
  }
  for (const p of problems)
    process.stderr.write(`warning[${p.code}]: ${redact(p.message)} (a real run would stop here)\n`);
  return found.evaluations;
}

function findProblems(jobs: readonly SuiteJob[], args: RunSuiteArgs, suiteDir: string, credentials: boolean): Findings {
  const framework = loadFramework(requireFrameworkFile());
  const found: Findings = { evaluations: new Map(), keys: new Map(), judges: new Map(), changed: [] };
  for (const job of jobs) {
    const label = `${job.model} ${job.name}`;
    try {
      const runArgs = jobRunArgs(job, args, join(suiteDir, jobDir(job)));
      const { evaluation, judged } = resolveEvaluation({ framework, ...resolutionInput(runArgs) });
      found.evaluations.set(job, evaluation);
      // Rendered (not written) as run_eval does first: a bad model or judge URL is a coded error here.
      const modelConfigs = renderModelConfigs(evaluation);
      const key = credentials ? missingKeyName(evaluation) : null;
      const headerVars = credentials ? missingHeaderVariables(evaluation).map((m) => m.variable) : [];
      for (const name of [...(key === null ? [] : [key]), ...headerVars])
        found.keys.set(name, [...(found.keys.get(name) ?? []), label]);
      try {
        if (credentials && judged) checkJudges(modelConfigs);
      } catch (error) {
        if (!(error instanceof UserError)) throw error;
        found.judges.set(error.message, [...(found.judges.get(error.message) ?? []), label]);
      }
      const diffs = refusedDifferences(resolve(evaluation.config.output_dir), evaluation);
      if (diffs.length > 0) found.changed.push(`${label} (differs in ${diffs.slice(0, 3).join(', ')})`);
    } catch (error) {
      // Any other coded error of a job (a bad URL, a bad argument of its entry) stops the suite here, named.
      if (error instanceof UserError)
        throw new UserError(error.code, `${job.entry}: ${error.message}`, hintFor(job, error.hint), error.exitCode);
      throw error;
    }
  }
  return found;
}

/**
 * A suite YAML job's errors name run_config paths: the hint says where those are in the suite YAML (run_eval's
 * own hint would offer flags such as --model_url, which a suite YAML does not take).
 */
function hintFor(job: SuiteJob, hint: string | undefined): string | undefined {
  if (!job.runConfig) return hint;
  return "Fix it in the suite YAML: config.params.… is evaluation.params or the task's params, and target.api_endpoint.… is the target's api_endpoint (docs/reproduce-medhelm.md#a-suite-yaml).";
}

/** The first `first` items, and how many more. */
function listed(items: readonly string[], first = LISTED, separator = '; '): string {
  const more = items.length - first;
  return `${items.slice(0, first).join(separator)}${more > 0 ? `${separator}and ${more} more` : ''}`;
}

/** Each finding with the jobs it concerns: `GATEWAY_KEY (for 34 jobs: m pubmed_qa, m head_qa, … and 31 more)`. */
function grouped(byWhat: ReadonlyMap<string, readonly string[]>): string[] {
  return [...byWhat].map(
    ([what, jobs]) =>
      `${what} (for ${jobs.length > JOBS_NAMED ? `${jobs.length} jobs: ` : ''}${listed(jobs, JOBS_NAMED, ', ')})`,
  );
}

/** Every job's own model key variable and header variables (a suite YAML target names its own): cluster tasks get each. */
export function keyNamesOf(resolved: ResolvedJobs | null): string[] {
  const names = [...(resolved?.values() ?? [])].flatMap((e) => [
    ...(e.target.api_endpoint.api_key_name ? [e.target.api_endpoint.api_key_name] : []),
    ...headerVariables(e).map((h) => h.variable),
  ]);
  return [...new Set(names)];
}
