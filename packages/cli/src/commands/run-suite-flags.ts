/** Flags of `eval-factory run_suite` (HELM's spellings where helm-run has the flag); main.ts imports them at start-up. */
export const RUN_SUITE_FLAGS = {
  'conf-paths': {
    type: 'string',
    demandOption: true,
    describe: "HELM run-entries files, comma-separated (MedHELM's run_entries_medhelm_public.conf works as it is)",
  },
  'models-to-run': {
    type: 'string',
    demandOption: true,
    describe: 'models to run, comma-separated (HELM model names, sent as the model id)',
  },
  suite: {
    type: 'string',
    demandOption: true,
    describe: 'suite name: outputs go to <output_dir>/<suite>/<model>/<run>/',
  },
  'max-eval-instances': { type: 'number', describe: 'instances per benchmark (MedHELM published runs: 1000)' },
  'num-train-trials': { type: 'number', describe: 'train trials (few-shot benchmarks)' },
  priority: { type: 'number', describe: 'run only entries of priority <= N (as helm-run)' },
  'ignore-conf-models': {
    type: 'boolean',
    describe: 'run every distinct entry of the confs for each --models-to-run model, whatever model the entry names',
  },
  'skip-unavailable': {
    type: 'boolean',
    describe: 'run the suite without the entries this installation has no benchmark for (they are listed as "not run")',
  },
  output_dir: { type: 'string', default: 'results', describe: 'folder that holds the suite folder' },
  model_url: {
    type: 'string',
    demandOption: true,
    describe: 'OpenAI-compatible endpoint serving the models (target.api_endpoint.url)',
  },
  model_type: { type: 'string', choices: ['chat', 'completions'], default: 'chat', describe: 'endpoint kind' },
  api_key_name: { type: 'string', describe: 'NAME of the environment variable holding the API key' },
  parallelism: { type: 'number', describe: 'requests in flight per model endpoint' },
  data_root: {
    type: 'string',
    describe: "DIR/<benchmark>/ becomes each benchmark's data_path (default: $EF_DATA_ROOT)",
  },
  dry_run: { type: 'boolean', describe: 'print the expanded job list; write nothing, send nothing' },
} as const;
