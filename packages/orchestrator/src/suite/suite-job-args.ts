/** What `run_suite` passes to `run_eval` for one job or work unit (one place, for running, sizing and merging). */
import { dirname, resolve } from 'node:path';
import { formatShard, type ShardSpec } from '@eval-factory/types';
import type { RunSuiteArgs, SuiteJob } from '@eval-factory/suite';
import type { RunEvalArgs } from '../run-eval/run-eval.js';

// The run_suite flags' shape is declared with their table in @eval-factory/suite (the executors read it too).
export { flagList, type RunSuiteArgs } from '@eval-factory/suite';

export function jobRunArgs(
  job: SuiteJob,
  args: RunSuiteArgs,
  outputDir: string,
  shard: ShardSpec | null = null,
): RunEvalArgs {
  const overrides = [
    ...(args['max-eval-instances'] !== undefined ? [`config.params.limit_samples=${args['max-eval-instances']}`] : []),
    ...(args.parallelism !== undefined ? [`config.params.parallelism=${args.parallelism}`] : []),
    ...(args['num-train-trials'] !== undefined
      ? [`config.params.extra.num_train_trials=${args['num-train-trials']}`]
      : []),
    ...Object.entries(job.extra).map(([k, v]) => `config.params.extra.${k}=${JSON.stringify(v)}`),
    ...Object.entries(job.judges ?? {}).map(([k, v]) => `config.params.extra.${k}=${JSON.stringify(v)}`),
    // After the entry's own: the flag is for every job.
    ...(args['num-output-tokens'] !== undefined
      ? [`config.params.extra.num_output_tokens=${args['num-output-tokens']}`]
      : []),
    ...(args['requests-per-minute'] !== undefined
      ? [`config.params.extra.requests_per_minute=${args['requests-per-minute']}`]
      : []),
    ...(args['tokens-per-minute'] !== undefined
      ? [`config.params.extra.tokens_per_minute=${args['tokens-per-minute']}`]
      : []),
    ...(args.cache ? [`config.params.extra.cache=${JSON.stringify(args.cache)}`] : []),
    ...(args['shared-budget'] ? ['config.params.extra.shared_budget=true'] : []),
    ...(shard ? [`config.params.extra.shard=${formatShard(shard)}`] : []),
    // HELM's names (run names, results, leaderboard) when the server knows the model by another, or by a deployment.
    ...(job.endpoint && job.endpoint.model_id !== job.model
      ? [`target.api_endpoint.helm_model=${JSON.stringify(job.model)}`]
      : []),
    ...(job.deployment ? [`target.api_endpoint.helm_deployment=${JSON.stringify(job.deployment)}`] : []),
  ];
  // A suite-YAML job is its own run_config (endpoint and params); the suite's flags still apply on top.
  if (job.runConfig) {
    return {
      run_config_data: job.runConfig,
      ...(args.suite_config ? { run_config_base: dirname(resolve(args.suite_config)) } : {}),
      output_dir: outputDir,
      overrides,
    };
  }
  return {
    eval_type: job.benchmark,
    output_dir: outputDir,
    model_id: job.endpoint?.model_id ?? job.model,
    model_url: job.endpoint?.url ?? args.model_url,
    model_type: job.endpoint?.type ?? args.model_type ?? 'chat',
    ...(job.apiKeyName || args.api_key_name ? { api_key_name: job.apiKeyName ?? args.api_key_name } : {}),
    overrides,
  };
}
