/**
 * Re-running into the same folder (docs/configuration.md): allowed only when the merged config is the same apart
 * from settings that cannot change results. The caller raises `EF_OUTPUT_DIR_MISMATCH` (see `outputDirMismatch`).
 */
import type { UserError } from '@eval-factory/errors';
import { configError } from './codes.js';
import { isPlainObject } from './merge.js';
import { withoutNemoSpelling } from './nemo-command.js';

/**
 * Paths whose changes never invalidate cached results (§7.7), plus two that only look different: `config.output_dir`
 * (we compare because both runs target the same folder, which may be spelled `out` or `./out/`) and
 * `target.api_endpoint.api_key` (the old spelling, written only when the user used it; api_key_name is compared).
 */
export const RESUME_IGNORED_PATHS: readonly string[] = [
  'config.params.parallelism',
  'config.params.max_retries',
  'config.params.request_timeout',
  // Client-side rate limits: how fast answers are asked for, not what they are (a run hitting 429s adds one).
  'config.params.extra.requests_per_minute',
  'config.params.extra.tokens_per_minute',
  // Where answers are looked up, not what they are: a shared cache, and a merge answering from its shards' caches.
  'config.params.extra.cache',
  'config.params.extra.merge_units',
  'config.params.extra.shared_budget',
  'config.output_dir',
  'target.api_endpoint.api_key',
];

function isDeepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Paths whose values are compared as written but mean the same when they differ only so. */
const SAME_WHEN: Readonly<Record<string, (v: unknown) => unknown>> = {
  // `http://host/v1/` and `http://host/v1` are one endpoint.
  'target.api_endpoint.url': (v) => (typeof v === 'string' ? v.replace(/\/+$/, '') : v),
};

function diff(previous: unknown, current: unknown, path: string, out: string[]): void {
  if (RESUME_IGNORED_PATHS.includes(path)) return;
  // run_config.yml keeps nulls; an absent key and a null key mean the same thing.
  const same = SAME_WHEN[path] ?? ((v: unknown) => v);
  const prev = same(previous ?? null);
  const curr = same(current ?? null);
  if (isPlainObject(prev) && isPlainObject(curr)) {
    const keys = [...new Set([...Object.keys(prev), ...Object.keys(curr)])].sort();
    for (const key of keys) diff(prev[key], curr[key], path ? `${path}.${key}` : key, out);
  } else if (!isDeepEqual(prev, curr)) {
    out.push(path || '(root)');
  }
}

/**
 * Dotted paths where the previous run_config.yml and the new merged Evaluation differ (ignoring
 * `RESUME_IGNORED_PATHS`); empty = safe to resume.
 * @example compareWithPrevious(readYamlFile('out/run_config.yml'), evaluation) // → ['config.params.limit_samples']
 */
export function compareWithPrevious(previousRunConfig: unknown, evaluation: unknown): string[] {
  const out: string[] = [];
  // run_config.yml holds the command in NeMo's spelling (nemo-command.ts): the same command as the Handlebars one.
  const previous =
    isPlainObject(previousRunConfig) && isPlainObject(evaluation)
      ? withoutNemoSpelling(previousRunConfig, evaluation.command)
      : previousRunConfig;
  const current =
    previous !== previousRunConfig && isPlainObject(evaluation) ? { ...evaluation, command: undefined } : evaluation;
  diff(previous, current, '', out);
  return out;
}

/** The `EF_OUTPUT_DIR_MISMATCH` error for `compareWithPrevious`'s result. */
export function outputDirMismatch(outputDir: string, differences: readonly string[]): UserError {
  return configError(
    'EF_OUTPUT_DIR_MISMATCH',
    `${outputDir} already holds a run with a different configuration (differs in: ${differences.join(', ')})`,
  );
}
