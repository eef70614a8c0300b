/**
 * The configuration pipeline of docs/configuration.md steps 1–5: missing arguments → type resolution → merge
 * (§3) → JSON Schema → named rules → unused-parameter warning. Pure apart from `readRunConfig` and, for a custom
 * benchmark, reading the name of its definition file (custom/).
 */
import type { CodedMessage, Evaluation, EvaluationDraft } from '@eval-factory/types';
import { configError, toUserError } from './codes.js';
import type { FrameworkDefinition } from './framework.js';
import {
  fillDeclaredKeys,
  flagsLayer,
  normalizeLayer,
  orderKeys,
  runConfigLayer,
  type ResolveFlags,
} from './layers.js';
import { isPlainObject, mergeLayers, UNSET, type Layer } from './merge.js';
import { applyOverrides } from './overrides-apply.js';
import { rehomeMovedJudges } from './judge-rehome.js';
import { overrideValue, parseOverrides, type OverrideAssignment } from './overrides.js';
import { readYamlFile } from './read-yaml.js';
import { renameUseReasoning } from './rules/adapter-config.js';
import { normalizeEndpointType } from './rules/endpoint.js';
import { runRules } from './rules/index.js';
import { combine } from './rules/result.js';
import { checkJudgesOf, needsFrom, type NeedsLookup } from './rules/task-needs.js';
import { assertSchema } from './schema/validate.js';
import type { ResolvedTask } from './task-resolution.js';
import { checkUnusedParams } from './unused-params.js';
import { withoutNemoSpelling } from './nemo-command.js';
import { benchmarkPath, typeBaseDir, withBenchmark } from './custom/custom-inputs.js';
import { resolveTaskOrCustom } from './custom/custom-resolution.js';
import type { CustomBenchmark } from './custom/definition-header.js';

export type { ResolveFlags } from './layers.js';

export interface ResolveInput {
  readonly framework: FrameworkDefinition | readonly FrameworkDefinition[];
  /** The parsed run_config file, or null when only CLI flags are used. */
  readonly runConfig: unknown;
  readonly flags?: ResolveFlags;
  /** Raw `--overrides` strings, in command-line order. */
  readonly overrides?: readonly string[];
  /** The run_config file's folder: relative custom-benchmark paths written in it are resolved from there. */
  readonly runConfigDir?: string | null;
  /** Working directory for paths given on the command line (default `process.cwd()`). */
  readonly cwd?: string;
  /** The benchmarks folder's definitions (`scanBenchmarksDir`), or a function read only when a name needs it. */
  readonly customBenchmarks?: readonly CustomBenchmark[] | (() => readonly CustomBenchmark[]);
}

export interface ResolvedEvaluation {
  readonly evaluation: Evaluation;
  readonly warnings: readonly CodedMessage[];
  /** Some layer spelled the key name `api_key`: outputs write both `api_key` and `api_key_name` (§2.4). */
  readonly userWroteApiKey: boolean;
  /** The run_config's free-form `metadata` block (for metadata.yaml / results.yml versioning), or null. */
  readonly metadata: Layer | null;
  /** The custom benchmark definition this run uses (docs/custom-benchmarks.md), or null for a built-in task. */
  readonly customBenchmark: CustomBenchmark | null;
  /**
   * The task is scored by LLM judges (framework.yml gives it a judge roster, or its custom definition a jury):
   * only then do its judges need credentials. A `judges:` block shared by a suite's tasks reaches the others too.
   */
  readonly judged: boolean;
}

/** Reads a run_config file (I/O half of the pipeline; `resolveEvaluation` is the pure half). */
export function readRunConfig(path: string): unknown {
  const value = readYamlFile(path);
  // A list, a bare string (what a binary file parses to) or a number is no run_config: say so, not "missing
  // config.type".
  if (value !== null && value !== undefined && !isPlainObject(value)) {
    const what = Array.isArray(value) ? 'a list' : typeof value === 'string' ? 'plain text' : `a ${typeof value}`;
    throw configError(
      'EF_CONFIG_INVALID',
      `Invalid configuration (${path}): the file is ${what}, not a mapping with config: and target:`,
    );
  }
  return value;
}

function configField(runConfig: unknown, key: string): unknown {
  const config = isPlainObject(runConfig) ? runConfig.config : undefined;
  return isPlainObject(config) ? config[key] : undefined;
}

/** Step 1: a required argument from overrides, else the flag, else the file. */
function requiredArg(
  input: ResolveInput,
  assignments: readonly OverrideAssignment[],
  key: 'type' | 'output_dir',
): string {
  const flag = key === 'type' ? input.flags?.eval_type : input.flags?.output_dir;
  const value = overrideValue(assignments, `config.${key}`) ?? flag ?? configField(input.runConfig, key);
  const cli = key === 'type' ? '--eval_type' : '--output_dir';
  if (value === undefined || value === null || value === UNSET || value === '') {
    throw configError('EF_MISSING_ARG', `Missing required argument: config.${key} (cli: ${cli})`);
  }
  if (typeof value !== 'string')
    throw configError('EF_CONFIG_INVALID', `Invalid configuration: config.${key}: must be string`);
  return value;
}

/** Outputs write `api_key` next to `api_key_name` when the user spelled it that way (§2.4). */
function withApiKeyAlias(merged: Layer): Layer {
  const target = merged.target;
  if (!isPlainObject(target) || !isPlainObject(target.api_endpoint)) return merged;
  const endpoint = target.api_endpoint;
  return { ...merged, target: { ...target, api_endpoint: { ...endpoint, api_key: endpoint.api_key_name ?? null } } };
}

/** The merged config.type is the registry key, without the `framework.` prefix the user may have written. */
function withType(merged: Layer, type: string): Layer {
  const config = merged.config;
  return isPlainObject(config) ? { ...merged, config: { ...config, type } } : merged;
}

interface Merged {
  readonly merged: Layer;
  readonly userWroteApiKey: boolean;
  readonly metadata: Layer | null;
  readonly warnings: readonly CodedMessage[];
}

/** Step 3 (§3): framework defaults < task defaults < run_config < flags < overrides. */
function mergeAll(input: ResolveInput, task: ResolvedTask, assignments: readonly OverrideAssignment[]): Merged {
  const { framework, taskDefaults, type } = task;
  const user = runConfigLayer(input.runConfig);
  const flags = normalizeLayer(flagsLayer(input.flags ?? {}), 'CLI flags');
  const base = [framework.defaults, taskDefaults].map((l) => normalizeLayer(l, framework.source).layer);
  const userLayer = withoutNemoSpelling(user.layer, mergeLayers(base).command);
  const layered = mergeLayers([...base, userLayer, flags.layer]);
  const overridden = applyOverrides(layered, assignments);
  const rehomed = rehomeMovedJudges(overridden.result, mergeLayers(base), [user.layer], assignments);
  const renamed = renameUseReasoning(rehomed, true);
  const userWroteApiKey = user.wroteApiKey || overridden.wroteApiKey;
  const typed = withType(fillDeclaredKeys(renamed.layer), type);
  const merged = orderKeys(userWroteApiKey ? withApiKeyAlias(typed) : typed);
  return { merged, userWroteApiKey, metadata: user.metadata, warnings: [...user.warnings, ...renamed.warnings] };
}

/** Step 4: throw the first rule error (the others appended to the same line), return the warnings. */
function applyRules(
  ev: EvaluationDraft,
  definition: CustomBenchmark | null,
  needs: NeedsLookup,
): readonly CodedMessage[] {
  const custom = definition?.judged ? [checkJudgesOf(ev, definition.name)] : [];
  const { errors, warnings } = combine([runRules(ev, needs), ...custom]);
  if (errors.length > 0) {
    const [first, ...rest] = errors;
    const more = rest.length > 0 ? ` (also: ${rest.map((e) => `[${e.code}] ${e.message}`).join('; ')})` : '';
    throw toUserError({ code: first!.code, message: `${first!.message}${more}` });
  }
  return warnings;
}

/**
 * Resolves the merged Evaluation (§5.2 steps 1–5). Throws the first problem as a `UserError`; returns warnings.
 * @example
 * const { evaluation } = resolveEvaluation({ framework: loadFramework(), runConfig: readRunConfig('my_test.yml'),
 *   flags: { output_dir: 'out' }, overrides: ['config.params.limit_samples=10'] });
 */
export function resolveEvaluation(input: ResolveInput): ResolvedEvaluation {
  const frameworks = Array.isArray(input.framework) ? input.framework : [input.framework as FrameworkDefinition];
  const assignments = parseOverrides(input.overrides ?? []);
  const evalType = requiredArg(input, assignments, 'type');
  requiredArg(input, assignments, 'output_dir');
  const { task, definition } = chooseTask(input, frameworks, evalType, assignments);
  const all = mergeAll(input, task, assignments);
  const { userWroteApiKey, metadata, warnings } = all;
  const merged = definition ? withBenchmark(all.merged, definition.file) : all.merged;
  assertSchema(merged, 'evaluation', 'run_config');
  const { evaluation, warnings: typeWarnings } = normalizeEndpointType(merged as unknown as EvaluationDraft);
  const ruleWarnings = applyRules(evaluation, definition, needsFrom(frameworks));
  const allWarnings = [...warnings, ...typeWarnings, ...ruleWarnings, ...checkUnusedParams(evaluation)];
  return {
    evaluation: evaluation as Evaluation,
    warnings: allWarnings,
    userWroteApiKey,
    metadata,
    customBenchmark: definition,
    judged: definition ? definition.judged : hasJudgeRoster(task.taskDefaults),
  };
}

/** A task's framework.yml defaults name at least one enabled judge (`config.params.extra.judges`). */
function hasJudgeRoster(defaults: Layer): boolean {
  const config = isPlainObject(defaults.config) ? defaults.config : {};
  const params = isPlainObject(config.params) ? config.params : {};
  const extra = isPlainObject(params.extra) ? params.extra : {};
  const judges = isPlainObject(extra.judges) ? extra.judges : {};
  return Object.values(judges).some((judge) => isPlainObject(judge) && judge.enabled !== false);
}

/** Step 2 (§5.1), extended to custom benchmark definitions (custom/custom-resolution.ts). */
function chooseTask(
  input: ResolveInput,
  frameworks: readonly FrameworkDefinition[],
  evalType: string,
  assignments: readonly OverrideAssignment[],
) {
  const bases = { runConfigDir: input.runConfigDir ?? null, cwd: input.cwd ?? process.cwd() };
  const listed = input.customBenchmarks ?? [];
  return resolveTaskOrCustom({
    frameworks,
    evalType,
    typeBaseDir: typeBaseDir(assignments, input.flags?.eval_type, bases),
    benchmark: benchmarkPath(assignments, input.runConfig, bases),
    registry: typeof listed === 'function' ? listed : () => listed,
  });
}
