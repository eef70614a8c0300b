/**
 * Flags of `eval-factory run_suite` (HELM's spellings where helm-run has the flag) but each executor's own; the CLI
 * imports them at start-up. Every flag here but THIS_RUN_ONLY's shapes the suite, so a cluster task is given it.
 */
export const RUN_SUITE_FLAGS = {
  'conf-paths': {
    type: 'string',
    describe:
      "HELM run-entries files, comma-separated (MedHELM's run_entries_medhelm_public.conf works as it is); or --suite_config",
  },
  suite_config: {
    type: 'string',
    describe:
      'a suite YAML (targets × evaluation.tasks, NVIDIA launcher style; docs/reproduce-medhelm.md) instead of --conf-paths',
  },
  'models-to-run': {
    type: 'string',
    describe: 'with --conf-paths: models to run, comma-separated (HELM model names, sent as the model id)',
  },
  'local-path': {
    type: 'string',
    describe:
      "with --conf-paths: HELM's prod_env folder: model_deployments.yaml (each model's and judge's endpoint), credentials.conf (keys)",
  },
  judges: {
    type: 'string',
    describe:
      "with --conf-paths: the judges of judged entries, a file in HELM's judges.yaml format (with --local-path) or a run_config judges: mapping",
  },
  suite: {
    type: 'string',
    describe: 'suite name: outputs go to <output_dir>/<suite>/<model>/<run>/ (required with --conf-paths)',
  },
  schema: {
    type: 'string',
    describe: "categories for the leaderboard: 'medhelm' (default) or a HELM schema file such as schema_medhelm.yaml",
  },
  'max-eval-instances': { type: 'number', describe: 'instances per benchmark (MedHELM published runs: 1000)' },
  'num-train-trials': { type: 'number', describe: 'train trials (few-shot benchmarks)' },
  'num-output-tokens': {
    type: 'number',
    describe:
      "output tokens per request for every job (HELM's num_output_tokens; MedHELM's confs give 4000 to reasoning models)",
  },
  priority: { type: 'number', describe: 'run only entries of priority <= N (as helm-run)' },
  'ignore-conf-models': {
    type: 'boolean',
    describe: 'run every distinct entry of the confs for each --models-to-run model, whatever model the entry names',
  },
  'skip-unavailable': {
    type: 'boolean',
    describe: 'run the suite without the entries this installation has no benchmark for (they are listed as "not run")',
  },
  output_dir: {
    type: 'string',
    describe: "folder that holds the suite folder (default: the suite YAML's output_dir, else results)",
  },
  model_url: {
    type: 'string',
    describe: 'with --conf-paths: the OpenAI-compatible endpoint serving the models (or --local-path)',
  },
  // No yargs default: a value given with a suite YAML must be seen to be refused (chat is applied per job).
  model_type: { type: 'string', choices: ['chat', 'completions'], describe: 'endpoint kind (default chat)' },
  api_key_name: { type: 'string', describe: 'NAME of the environment variable holding the API key' },
  parallelism: { type: 'number', describe: 'requests in flight per model endpoint' },
  data_root: {
    type: 'string',
    describe: "DIR/<benchmark>/ becomes each benchmark's data_path (default: $EF_DATA_ROOT)",
  },
  dry_run: {
    type: 'boolean',
    describe:
      'print the expanded job list and the cost per endpoint (or, with --executor, what would be submitted); write nothing, send nothing',
  },
  'requests-per-minute': {
    type: 'number',
    describe: 'client-side request limit per model endpoint (config.params.extra.requests_per_minute)',
  },
  'tokens-per-minute': {
    type: 'number',
    describe: 'client-side token limit per model endpoint (config.params.extra.tokens_per_minute)',
  },
  'assumed-latency': {
    type: 'number',
    describe: 'seconds per request the --dry_run cost calculator assumes (default 2)',
  },
  // Scale-out (docs/scale.md); each executor's own flags come with it (@eval-factory/executors).
  cache: {
    type: 'string',
    describe: "shared request cache beside each run's cache.db: redis://HOST:PORT[/DB] (password: $REDISCLI_AUTH)",
  },
  'shared-budget': {
    type: 'boolean',
    describe:
      "with --cache: each endpoint's --parallelism and --requests-per-minute held across all workers through Redis",
  },
  'max-instances-per-unit': {
    type: 'number',
    describe: 'split jobs with more instances into instance shards (work units)',
  },
  'list-units': { type: 'boolean', describe: 'print the work units (index, model, benchmark, shard); run nothing' },
  unit: { type: 'number', describe: 'run only work unit K (what a cluster task runs)' },
  'units-plan': {
    type: 'string',
    describe: 'read the units from this units.json (written by the submitting run_suite)',
  },
} as const;

/** A comma-separated flag's items (--conf-paths, --models-to-run, --pass-env), trimmed, empty ones dropped. */
export const flagList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** run_suite's parsed flags; each executor's own flags are typed in its folder (e.g. `SlurmArgs`). */
export interface RunSuiteArgs {
  readonly 'conf-paths'?: string;
  readonly 'models-to-run'?: string;
  /** Set by run_suite from --suite or the suite YAML before any job runs. */
  readonly suite: string;
  readonly suite_config?: string;
  readonly 'local-path'?: string;
  /** A judges file (HELM's format or a run_config roster) for every judged job of --conf-paths. */
  readonly judges?: string;
  readonly schema?: string;
  readonly 'max-eval-instances'?: number;
  readonly 'num-train-trials'?: number;
  readonly 'num-output-tokens'?: number;
  readonly priority?: number;
  readonly 'ignore-conf-models'?: boolean;
  readonly 'skip-unavailable'?: boolean;
  readonly output_dir: string;
  readonly model_url?: string;
  readonly model_type?: string;
  readonly api_key_name?: string;
  readonly parallelism?: number;
  readonly data_root?: string;
  readonly dry_run?: boolean;
  readonly cache?: string;
  readonly 'max-instances-per-unit'?: number;
  readonly unit?: number;
  readonly 'list-units'?: boolean;
  /** The executor's name (its registry line in @eval-factory/executors). */
  readonly executor?: string;
  readonly 'requests-per-minute'?: number;
  readonly 'tokens-per-minute'?: number;
  readonly 'assumed-latency'?: number;
  readonly 'units-plan'?: string;
  readonly 'shared-budget'?: boolean;
}

/** Flags that say what this command does, not what the suite is: a cluster task (`--unit K`) is not given them. */
export const THIS_RUN_ONLY: ReadonlySet<string> = new Set([
  'dry_run',
  'assumed-latency',
  'list-units',
  'unit',
  'units-plan',
  'executor',
]);
