import type { PlainFlag } from '@eval-factory/types';

/**
 * The flag table of `run_eval` (docs/configuration.md); help text and docs come from here. Its own module: a plain
 * `run_eval` command line is read by it without loading yargs (run-eval-plain.ts).
 */
export const RUN_EVAL_FLAGS = {
  run_config: { type: 'string', describe: 'run_config YAML file (the user layer)' },
  output_dir: { type: 'string', describe: 'output folder (config.output_dir)' },
  eval_type: { type: 'string', describe: 'task, e.g. pubmed_qa or helm.pubmed_qa (config.type)' },
  model_id: { type: 'string', describe: 'model name sent in requests (target.api_endpoint.model_id)' },
  model_url: { type: 'string', describe: 'endpoint URL, base or full (target.api_endpoint.url)' },
  model_type: {
    type: 'string',
    choices: ['chat', 'completions', 'vlm'],
    describe: 'endpoint kind (target.api_endpoint.type; vlm = deprecated alias of chat)',
  },
  api_key_name: { type: 'string', describe: 'NAME of the environment variable holding the API key' },
  overrides: { type: 'string', array: true, describe: 'comma-separated dotted.path=value pairs; repeatable' },
  dry_run: { type: 'boolean', describe: 'print the merged config and the engine command; write nothing' },
  benchmarks_dir: {
    type: 'string',
    describe: 'folder of custom benchmark definitions to resolve config.type by name (default: $EF_BENCHMARKS_DIR)',
  },
} as const satisfies Record<string, PlainFlag & { describe: string }>;
