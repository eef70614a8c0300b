/**
 * `eval-factory run_suite` in HELM's dialect (issue 13): HELM's run-entries files × `--models-to-run`, every job a
 * `run_eval` into `DIR/<suite>/<model>/<run name>/`, then one leaderboard for the suite. Jobs of one model endpoint
 * run one after another at the endpoint's full parallelism, different endpoints at the same time, so each endpoint
 * is kept exactly as busy as its `parallelism` allows (never N jobs × parallelism). A re-run skips finished jobs
 * and resumes the others from their caches.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXIT, UserError } from '@eval-factory/errors';
import { loadFramework } from '@eval-factory/config';
import { makeDirSync } from '@eval-factory/executor';
import { expandEntries, folderName, parseRunEntries, type SuiteJob } from '@eval-factory/suite';
import { findFrameworkFile } from '../framework-path.js';
import { runEvalCommand } from './run-eval.js';
import { summarizeCommand } from './summarize.js';
import { readEvaluation, SUITE_MANIFEST, type SuiteManifest } from './suite-status.js';

export interface RunSuiteArgs {
  readonly 'conf-paths': string;
  readonly 'models-to-run': string;
  readonly suite: string;
  readonly 'max-eval-instances'?: number;
  readonly 'num-train-trials'?: number;
  readonly priority?: number;
  readonly 'ignore-conf-models'?: boolean;
  readonly 'skip-unavailable'?: boolean;
  readonly output_dir: string;
  readonly model_url: string;
  readonly model_type: string;
  readonly api_key_name?: string;
  readonly parallelism?: number;
  readonly data_root?: string;
  readonly dry_run?: boolean;
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export async function runSuiteCommand(args: RunSuiteArgs): Promise<number> {
  const jobs = suiteJobs(args);
  const suiteDir = resolve(args.output_dir, folderName(args.suite));
  if (args.dry_run) {
    process.stdout.write(formatJobList(jobs.jobs, jobs.unavailable, suiteDir));
    return EXIT.ok;
  }
  if (jobs.unavailable.length)
    process.stderr.write(
      `warning[EF_SUITE_UNAVAILABLE]: not run (no benchmark here): ${jobs.unavailable.join('; ')}\n`,
    );
  writeManifest(suiteDir, args.suite, jobs);
  const byEndpoint = new Map<string, SuiteJob[]>();
  for (const job of jobs.jobs) byEndpoint.set(job.model, [...(byEndpoint.get(job.model) ?? []), job]);
  // Each concurrent run_eval listens for SIGINT/SIGTERM and exit (to forward signals, release its folder lock):
  // with more than a few endpoints that passes Node's default of 10 listeners, which is no leak here.
  process.setMaxListeners(Math.max(process.getMaxListeners(), 10 + 3 * byEndpoint.size));
  const outcomes = await Promise.all(
    [...byEndpoint.values()].map(async (endpointJobs) => {
      const codes: [SuiteJob, string][] = [];
      for (const job of endpointJobs) codes.push([job, await runJob(job, args, suiteDir)]);
      return codes;
    }),
  );
  const lines = outcomes.flat().map(([job, status]) => `  ${status.padEnd(9)} ${job.model}  ${job.name}`);
  process.stderr.write(
    `suite ${args.suite}: ${jobs.jobs.length} jobs\n${lines.join('\n')}\n${jobs.unavailable.map((u) => `  not run   ${u}`).join('\n')}${jobs.unavailable.length ? '\n' : ''}`,
  );
  await summarizeCommand({ dirs: [suiteDir], out: suiteDir });
  return outcomes.flat().every(([, status]) => status === 'success' || status === 'done') ? EXIT.ok : EXIT.error;
}

function suiteJobs(args: RunSuiteArgs): { jobs: readonly SuiteJob[]; unavailable: readonly string[] } {
  const frameworkFile = findFrameworkFile();
  if (!frameworkFile)
    throw new UserError(
      'EF_NO_FRAMEWORK',
      'framework.yml not found',
      'set EF_FRAMEWORK_FILE or run from the eval-factory checkout',
    );
  const available = new Set(loadFramework(frameworkFile).evaluations.map((e) => e.name));
  const entries = list(args['conf-paths']).flatMap((file) => {
    if (!existsSync(file))
      throw new UserError('EF_FILE_NOT_FOUND', `run-entries file not found: ${file}`, 'Check the --conf-paths value.');
    return parseRunEntries(readFileSync(file, 'utf8'), file);
  });
  const dataRoot = args.data_root ?? process.env.EF_DATA_ROOT;
  const expansion = expandEntries(entries, {
    modelsToRun: list(args['models-to-run']),
    ...(args.priority !== undefined ? { priority: args.priority } : {}),
    ignoreConfModels: args['ignore-conf-models'] === true,
    available,
    ...(dataRoot ? { dataRoot: resolve(dataRoot) } : {}),
  });
  if (expansion.unavailable.length && !args['skip-unavailable']) {
    throw new UserError(
      'EF_SUITE_UNAVAILABLE',
      `${expansion.unavailable.length} run entr${expansion.unavailable.length === 1 ? 'y names a benchmark' : 'ies name benchmarks'} this installation does not have: ${expansion.unavailable.join('; ')}`,
      'Run `eval-factory ls` for the benchmarks here, or pass --skip-unavailable to run the rest (they are listed as "not run").',
    );
  }
  return expansion;
}

/** One job: skipped when its folder already holds a successful run, else a `run_eval` (which resumes from its cache). */
async function runJob(job: SuiteJob, args: RunSuiteArgs, suiteDir: string): Promise<string> {
  const outputDir = join(suiteDir, folderName(job.model), folderName(job.name)); // as in suite.json
  if (statusOf(outputDir) === 'success') return 'done';
  const overrides = [
    ...(args['max-eval-instances'] !== undefined ? [`config.params.limit_samples=${args['max-eval-instances']}`] : []),
    ...(args.parallelism !== undefined ? [`config.params.parallelism=${args.parallelism}`] : []),
    ...(args['num-train-trials'] !== undefined
      ? [`config.params.extra.num_train_trials=${args['num-train-trials']}`]
      : []),
    ...Object.entries(job.extra).map(([k, v]) => `config.params.extra.${k}=${JSON.stringify(v)}`),
  ];
  try {
    await runEvalCommand({
      eval_type: job.benchmark,
      output_dir: outputDir,
      model_id: job.model,
      model_url: args.model_url,
      model_type: args.model_type,
      ...(args.api_key_name ? { api_key_name: args.api_key_name } : {}),
      overrides,
    });
  } catch (error) {
    // One job's coded error is that job's failure, said once; the others go on.
    if (!(error instanceof UserError)) throw error;
    process.stderr.write(`error[${error.code}]: ${job.model} ${job.name}: ${error.message}\n`);
    return 'failed';
  }
  return statusOf(outputDir) ?? 'failed';
}

/** suite.json: the job list `eval-factory status` compares the folder with (what is left, what was not run). */
function writeManifest(
  suiteDir: string,
  suite: string,
  jobs: { jobs: readonly SuiteJob[]; unavailable: readonly string[] },
): void {
  const manifest: SuiteManifest = {
    suite,
    jobs: jobs.jobs.map((j) => ({ model: j.model, name: j.name, dir: join(folderName(j.model), folderName(j.name)) })),
    not_run: jobs.unavailable,
  };
  makeDirSync(suiteDir);
  writeFileSync(join(suiteDir, SUITE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

function statusOf(outputDir: string): string | null {
  return readEvaluation(outputDir)?.status ?? null;
}

function formatJobList(jobs: readonly SuiteJob[], unavailable: readonly string[], suiteDir: string): string {
  const lines = jobs.map((j) => `  ${j.model}  ${j.name}`);
  const models = new Set(jobs.map((j) => j.model)).size;
  return `suite: ${suiteDir}\n${jobs.length} jobs (${models} model${models === 1 ? '' : 's'} × benchmarks); jobs of one model run one after another, models at the same time\n${lines.join('\n')}\n${unavailable.length ? `not run (no benchmark here):\n${unavailable.map((u) => `  ${u}`).join('\n')}\n` : ''}`;
}
