/** What `run_suite` passes to `run_eval` for one job or work unit (one place, for running, sizing and merging). */
import { dirname, resolve } from 'node:path';
import { formatShard, type ShardSpec } from '@eval-factory/types';
import type { SuiteJob } from '@eval-factory/suite';
import type { RunEvalArgs } from './run-eval.js';

/** A comma-separated flag's items (--conf-paths, --models-to-run, --pass-env), trimmed, empty ones dropped. */
export const flagList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

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
  readonly executor?: 'local' | 'slurm' | 'kubernetes';
  readonly 'requests-per-minute'?: number;
  readonly 'tokens-per-minute'?: number;
  readonly 'assumed-latency'?: number;
  /** Cluster settings (docs/scale.md). */
  readonly 'max-parallel-units'?: number;
  readonly account?: string;
  readonly partition?: string;
  readonly time?: string;
  readonly 'cpus-per-task'?: number;
  readonly 'pass-env'?: string;
  readonly image?: string;
  readonly pvc?: string;
  readonly namespace?: string;
  readonly secret?: string;
  readonly submit?: boolean;
  readonly 'units-plan'?: string;
  readonly 'shared-budget'?: boolean;
}

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
