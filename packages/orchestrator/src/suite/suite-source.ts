/**
 * Where a suite's jobs come from (docs/reproduce-medhelm.md): HELM's run-entries files × `--models-to-run` (the
 * endpoint from `--model_url`, or each model's own from `--local-path`'s model_deployments.yaml), or a suite YAML
 * (`--suite_config`: every target × every task, each job its own run_config). Either way the jobs are checked
 * before anything is sent: here, benchmarks this installation lacks (`EF_SUITE_UNAVAILABLE`) and a suite with no
 * job; then every job's run_config through the same merge and rules as `run_eval` (suite-preflight.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { closestName, loadFramework } from '@eval-factory/config';
import { EXIT, UserError } from '@eval-factory/errors';
import {
  expandEntries,
  folderName,
  jobDir,
  parseRunEntries,
  parseSuiteConfig,
  type SuiteJob,
} from '@eval-factory/suite';
import { EXECUTORS, type Executor, executorNamed } from '@eval-factory/executors';
import { requireFrameworkFile } from '../framework-path.js';
import { onLocalDeployments, withHelmEnv } from './suite-helm-env.js';
import { jobsWithoutData } from './suite-no-data.js';
import { flagList, type RunSuiteArgs } from './suite-job-args.js';

/** The jobs one dialect names (and, for a suite YAML, its own defaults of --output_dir and --executor). */
interface Found {
  readonly suite: string;
  readonly jobs: readonly SuiteJob[];
  readonly unavailable: readonly string[];
  readonly yamlOutputDir?: string | null;
  readonly yamlExecutor?: string | null;
}

export interface SuiteSource {
  readonly suite: string;
  readonly jobs: readonly SuiteJob[];
  readonly unavailable: readonly string[];
  /** Jobs whose data path does not exist (`model job (no data in PATH)`); left out of `jobs` by --skip-unavailable. */
  readonly noData: ReadonlyMap<SuiteJob, string>;
  /** The folder that holds the suite folder: --output_dir, else the suite YAML's output_dir, else `results`. */
  readonly outputDir: string;
  /** --executor, else the suite YAML's execution.type (undefined: run here). */
  readonly executor?: string;
}

/** What run_suite takes: the flags, --output_dir and --executor optional (a suite YAML may give them). */
export type RunSuiteInput = Omit<RunSuiteArgs, 'output_dir'> & { readonly output_dir?: string };

const DEFAULT_OUTPUT_DIR = 'results';

/** The flags of HELM's dialect: which models, where, which entries. */
const CONF_ONLY_FLAGS = [
  'models-to-run',
  'model_url',
  'model_type',
  'api_key_name',
  'local-path',
  'judges',
  'priority',
  'ignore-conf-models',
] as const;

const usage = (what: string) =>
  new UserError('EF_USAGE', what, 'See docs/reproduce-medhelm.md for both ways to describe a suite.', EXIT.usage);

/** The suite's name and jobs, from whichever dialect the flags name (exactly one). */
/** `executors`: the registry (a test adds one). */
export function suiteSource(args: RunSuiteInput, executors: readonly Executor[] = EXECUTORS): SuiteSource {
  const framework = loadFramework(requireFrameworkFile());
  const available = new Set(framework.evaluations.map((e) => e.name));
  if (args.suite_config && args['conf-paths']) throw usage('give either --suite_config or --conf-paths, not both');
  // A suite YAML names its own targets and tasks: these would be dropped without a word.
  const confOnly = CONF_ONLY_FLAGS.filter((flag) => args[flag] !== undefined && args[flag] !== false);
  if (args.suite_config && confOnly.length)
    throw usage(
      `${confOnly.map((f) => `--${f}`).join(', ')} appl${confOnly.length > 1 ? 'y' : 'ies'} to --conf-paths only: a suite YAML names its own targets and tasks`,
    );
  const dataRoot = args.data_root ?? process.env.EF_DATA_ROOT;
  const source = args.suite_config
    ? fromSuiteYaml(args.suite_config, available, dataRoot ? resolve(dataRoot) : null, executors)
    : fromConfs(args, available, dataRoot ? resolve(dataRoot) : null, judgedIn(framework));
  if (source.unavailable.length && !args['skip-unavailable']) {
    const n = source.unavailable.length;
    const named = source.unavailable.map((u) => withSuggestion(u, available));
    throw new UserError(
      'EF_SUITE_UNAVAILABLE',
      `${n} run entr${n === 1 ? 'y names a benchmark' : 'ies name benchmarks'} this installation does not have: ${named.join('; ')}`,
      'Run `eval-factory ls` for the benchmarks here, or pass --skip-unavailable to run the rest (they are listed as "not run").',
    );
  }
  const missing = jobsWithoutData(source.jobs);
  const jobs = args['skip-unavailable'] ? source.jobs.filter((j) => !missing.has(j)) : source.jobs;
  checkModelFolders(jobs);
  // --skip-unavailable with nothing else left: a suite folder and a leaderboard of nothing would follow.
  if (jobs.length === 0)
    throw new UserError(
      'EF_SUITE_EMPTY',
      'the suite has no job: every entry names a benchmark this installation does not have, or has no data',
      'Run `eval-factory ls` for the benchmarks here (docs/reproduce-medhelm.md).',
    );
  const outputDir = args.output_dir ?? source.yamlOutputDir ?? DEFAULT_OUTPUT_DIR;
  const executor = args.executor ?? source.yamlExecutor ?? undefined;
  return {
    suite: args.suite ?? source.suite,
    jobs,
    unavailable: source.unavailable,
    noData: missing,
    outputDir,
    ...(executor ? { executor } : {}),
  };
}

/**
 * Two models whose ids differ only in what a folder name cannot hold (`org/alpha`, `org_alpha`) would write into
 * one folder, one's answers in the other's runs: EF_SUITE_MODELS before anything is written. So would two jobs of a
 * model whose names differ only so (EF_SUITE_CONF): the second's resume would then be refused for good.
 */
function checkModelFolders(jobs: readonly SuiteJob[]): void {
  const byFolder = new Map<string, Set<string>>();
  for (const j of jobs)
    byFolder.set(folderName(j.model), (byFolder.get(folderName(j.model)) ?? new Set()).add(j.model));
  const shared = [...byFolder].find(([, models]) => models.size > 1);
  if (shared)
    throw new UserError(
      'EF_SUITE_MODELS',
      `${[...shared[1]].join(' and ')} would share the folder ${shared[0]}`,
      'Give models ids that differ in more than the characters a folder name cannot hold (/, spaces…); docs/reproduce-medhelm.md.',
    );
  const byJob = new Map<string, string>();
  for (const j of jobs) {
    const dir = jobDir(j);
    const other = byJob.get(dir);
    if (other !== undefined && other !== j.name)
      throw new UserError(
        'EF_SUITE_CONF',
        `${j.model}: the jobs ${other} and ${j.name} would share the folder ${dir}`,
        'Make their arguments differ in letters or digits, not only in characters a folder name cannot hold (docs/reproduce-medhelm.md).',
      );
    byJob.set(dir, j.name);
  }
}

/**
 * An unavailable entry (`medbulets:model=x`, or a suite YAML's `file: task medbulets`) with the benchmark its name
 * is one or two typos away from, when there is exactly one.
 */
function withSuggestion(entry: string, available: ReadonlySet<string>): string {
  const yamlTask = /: task (\S+)$/.exec(entry)?.[1];
  const near = closestName(yamlTask ?? entry.split(/[:,]/, 1)[0]!, [...available]);
  return near ? `${entry} (did you mean ${near}?)` : entry;
}

const judgedIn = (framework: ReturnType<typeof loadFramework>): ReadonlySet<string> =>
  new Set(framework.evaluations.filter((e) => e.judged).map((e) => e.name));

function fromConfs(
  args: RunSuiteInput,
  available: ReadonlySet<string>,
  dataRoot: string | null,
  judged: ReadonlySet<string>,
): Found {
  if (!args['conf-paths'])
    throw usage('run_suite needs --conf-paths (HELM run-entries files) or --suite_config (a suite YAML)');
  if (!args.suite) throw usage('--suite is required with --conf-paths (the suite folder under --output_dir)');
  // An empty value is a list of no model (EF_SUITE_MODELS, as `--models-to-run ,`), not a missing flag.
  if (args['models-to-run'] === undefined) throw usage('--models-to-run is required with --conf-paths');
  if (!args.model_url && !args['local-path'])
    throw usage(
      '--model_url (one endpoint for every model) or --local-path (each model its own deployment) is required',
    );
  const entries = flagList(args['conf-paths']).flatMap((file) => {
    if (!existsSync(file) || !statSync(file).isFile())
      throw new UserError('EF_FILE_NOT_FOUND', `run-entries file not found: ${file}`, 'Check the --conf-paths value.');
    return parseRunEntries(readFileSync(file, 'utf8'), file);
  });
  const models = flagList(args['models-to-run']);
  const expansion = expandEntries(entries, {
    modelsToRun: models,
    ...(args.priority !== undefined ? { priority: args.priority } : {}),
    ignoreConfModels: args['ignore-conf-models'] === true,
    outputTokensGiven: args['num-output-tokens'] !== undefined,
    available,
    ...(dataRoot ? { dataRoot } : {}),
  });
  const local = args['local-path'];
  // Every model must have its deployment before anything runs (HELM's prod_env convention).
  const placed = local ? onLocalDeployments(expansion.jobs, models, local) : expansion.jobs;
  const jobs = withHelmEnv(placed, {
    ...(local ? { localPath: local } : {}),
    ...(args.judges ? { judgesFile: args.judges } : {}),
    ...(args.api_key_name ? { apiKeyName: args.api_key_name } : {}),
    judged,
    env: process.env,
  });
  return { suite: args.suite, unavailable: expansion.unavailable, jobs };
}

function fromSuiteYaml(
  file: string,
  available: ReadonlySet<string>,
  dataRoot: string | null,
  executors: readonly Executor[],
): Found {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new UserError('EF_FILE_NOT_FOUND', `suite file not found: ${file}`, 'Check the --suite_config value.');
  const config = parseSuiteConfig(readFileSync(file, 'utf8'), file, basename(file, extname(file)));
  const unavailable = [
    ...new Set(config.jobs.filter((j) => !available.has(j.benchmark)).map((j) => `${file}: task ${j.benchmark}`)),
  ];
  return {
    suite: config.suite,
    unavailable,
    jobs: config.jobs.filter((j) => available.has(j.benchmark)).map((j) => withDataRoot(j, dataRoot)),
    yamlOutputDir: config.outputDir,
    // Checked here, where the executors are known (a name in the file that is none of them is EF_SUITE_CONF).
    yamlExecutor:
      config.executor === null ? null : executorNamed(config.executor, `${file}: execution.type`, executors).name,
  };
}

/**
 * `--data_root DIR` (or $EF_DATA_ROOT) for a suite-YAML job: `DIR/<task>` is its `data_path` unless its params name
 * one (a path the file gives for one task is more specific than the root given for all).
 */
function withDataRoot(job: SuiteJob, dataRoot: string | null): SuiteJob {
  if (dataRoot === null || !job.runConfig) return job;
  const config = (job.runConfig.config ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  const params = config.params ?? {};
  const extra = params.extra ?? {};
  if (extra.data_path !== undefined) return job;
  const data_path = `${dataRoot.replace(/\/+$/, '')}/${job.benchmark}`;
  return {
    ...job,
    runConfig: { ...job.runConfig, config: { ...config, params: { ...params, extra: { ...extra, data_path } } } },
  };
}
