/**
 * The paths a custom run reads before the layers are merged: `config.params.extra.benchmark` and a path written as
 * `config.type`. A path written in the run_config is relative to the run_config's folder (so a run_config and its
 * definition can move together); one given on the command line is relative to the working directory.
 */
import { configError } from '../codes.js';
import { isPlainObject, UNSET, type Layer } from '../merge.js';
import { overrideValue, type OverrideAssignment } from '../overrides.js';
import { absoluteFrom } from './definition-header.js';

export interface PathBases {
  /** The run_config's folder, or null when there is no run_config file. */
  readonly runConfigDir: string | null;
  readonly cwd: string;
}

function field(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (!isPlainObject(node)) return undefined;
    node = (node as Layer)[key];
  }
  return node;
}

/**
 * `config.params.extra.benchmark` as an absolute path (overrides win over the run_config), or null when unset.
 * @example benchmarkPath(parseOverrides([]), { config: { params: { extra: { benchmark: 'q.yml' } } } }, { runConfigDir: '/rc', cwd: '/w' })
 *   // → '/rc/q.yml'
 */
export function benchmarkPath(
  assignments: readonly OverrideAssignment[],
  runConfig: unknown,
  bases: PathBases,
): string | null {
  const path = ['config', 'params', 'extra', 'benchmark'];
  const override = overrideValue(assignments, path.join('.'));
  if (override !== undefined) return asPath(override, bases.cwd);
  return asPath(field(runConfig, path) ?? null, bases.runConfigDir ?? bases.cwd);
}

/** The folder a relative `config.type` path is resolved from: the run_config's only when the type came from it. */
export function typeBaseDir(
  assignments: readonly OverrideAssignment[],
  flagType: string | undefined,
  bases: PathBases,
): string {
  const fromCommandLine = overrideValue(assignments, 'config.type') !== undefined || flagType !== undefined;
  return fromCommandLine ? bases.cwd : (bases.runConfigDir ?? bases.cwd);
}

function asPath(value: unknown, baseDir: string): string | null {
  if (value === null || value === undefined || value === UNSET) return null;
  if (typeof value !== 'string' || value.trim() === '') {
    throw configError(
      'EF_CONFIG_INVALID',
      'Invalid configuration: config.params.extra.benchmark: must be the path of a benchmark definition file',
    );
  }
  return absoluteFrom(value, baseDir);
}

/** The merged object with `extra.benchmark` set to the definition's absolute path (a copy). */
export function withBenchmark(merged: Layer, file: string): Layer {
  const config = merged.config;
  const params = isPlainObject(config) ? config.params : undefined;
  const extra = isPlainObject(params) ? params.extra : undefined;
  // A non-mapping on the way is left alone for the schema to report.
  if (!isPlainObject(config) || !isPlainObject(params) || !isPlainObject(extra)) return merged;
  return { ...merged, config: { ...config, params: { ...params, extra: { ...extra, benchmark: file } } } };
}
