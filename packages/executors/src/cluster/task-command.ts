/**
 * The command each cluster task runs: the same `run_suite` (every flag that shapes the suite, paths made absolute
 * for another working folder) plus `--unit <index>`, where the index comes from the cluster's own variable
 * (`$SLURM_ARRAY_TASK_ID`, `$JOB_COMPLETION_INDEX`). Cluster flags are left out: a task never submits again.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_PASSWORD_ENV } from '@eval-factory/types';
import { flagList, RUN_SUITE_FLAGS, type RunSuiteArgs, THIS_RUN_ONLY } from '@eval-factory/suite';
import type { ClusterArgs } from './flags.js';

/** Flags that shape the suite (and so every unit): passed on to each task. Derived, so a new flag is never dropped. */
export const SUITE_FLAGS: readonly string[] = Object.keys(RUN_SUITE_FLAGS).filter((flag) => !THIS_RUN_ONLY.has(flag));
const PATHS = new Set(['output_dir', 'data_root', 'suite_config', 'local-path', 'judges']);

/** `run_suite …` arguments for a task; `paths` maps the suite's paths to where the task sees them. */
export function taskArguments(
  args: RunSuiteArgs,
  paths: {
    confPaths: string;
    outputDir: string;
    dataRoot?: string;
    suiteConfig?: string;
    localPath?: string;
    judges?: string;
  },
): string[] {
  const out = ['run_suite'];
  for (const flag of SUITE_FLAGS) {
    let value = (args as unknown as Record<string, unknown>)[flag] as string | number | boolean | undefined;
    if (flag === 'conf-paths') value = args['conf-paths'] ? paths.confPaths : undefined;
    else if (flag === 'output_dir') value = paths.outputDir;
    else if (flag === 'data_root') value = paths.dataRoot ?? (value === undefined ? undefined : resolve(String(value)));
    else if (flag === 'suite_config' && paths.suiteConfig && value !== undefined) value = paths.suiteConfig;
    else if (flag === 'local-path' && paths.localPath && value !== undefined) value = paths.localPath;
    else if (flag === 'judges' && paths.judges && value !== undefined) value = paths.judges;
    else if (PATHS.has(flag) && value !== undefined) value = resolve(String(value));
    if (value === undefined || value === false) continue;
    out.push(`--${flag}`, ...(value === true ? [] : [String(value)]));
  }
  return out;
}

/**
 * The environment variables a cluster task is given, by name (Slurm exports them, Kubernetes takes them from the
 * Secret): the model key's (`--api_key_name`, and `keyNames`: every job's own, a suite YAML target's included), the
 * --pass-env ones, and the Redis password's when the suite shares a cache and a password is set here.
 */
export function passedEnvNames(
  args: ClusterArgs,
  env: NodeJS.ProcessEnv = process.env,
  keyNames: readonly string[] = [],
): string[] {
  const names = [...(args.api_key_name ? [args.api_key_name] : []), ...keyNames, ...flagList(args['pass-env'])];
  if (args.cache && env[CACHE_PASSWORD_ENV]) names.push(CACHE_PASSWORD_ENV);
  return [...new Set(names)];
}

/** This CLI, runnable from any folder of a machine that shares the checkout: node and the bin, absolute. */
export function thisCli(): string[] {
  return [process.execPath, fileURLToPath(new URL('../../../cli/bin/eval-factory.js', import.meta.url))];
}

/** POSIX single-quoting for a script line. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
