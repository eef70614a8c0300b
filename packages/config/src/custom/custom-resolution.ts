/**
 * `config.type` resolution extended to custom benchmarks (docs/custom-benchmarks.md), before the usual §5.1 rules:
 *
 * | `config.type`                       | runs                                                              |
 * |-------------------------------------|-------------------------------------------------------------------|
 * | `path/to/benchmark.yml` (or .yaml)  | that definition                                                   |
 * | `custom` / `helm.custom`            | the definition named by `config.params.extra.benchmark` (required) |
 * | a built-in task                     | the built-in (then `extra.benchmark` must be unset)               |
 * | another name                        | `extra.benchmark`'s definition if it has that name, else the one of that name in the benchmarks folder |
 *
 * Every custom run goes through the framework's `custom` task, with `extra.benchmark` made absolute and `config.type`
 * set to the definition's name (so results.yml is keyed by it, and the written run_config.yml resolves again).
 */
import { UserError } from '@eval-factory/errors';
import { configError } from '../codes.js';
import type { FrameworkDefinition } from '../framework.js';
import { resolveTask, type ResolvedTask } from '../task-resolution.js';
import { absoluteFrom, isDefinitionPath, readDefinitionHeader, type CustomBenchmark } from './definition-header.js';

/** The framework task every custom benchmark runs through (framework.yml; internal, so `ls` does not list it). */
export const CUSTOM_TASK = 'custom';

export interface CustomTypeInput {
  readonly frameworks: readonly FrameworkDefinition[];
  readonly evalType: string;
  /** Folder a relative path in `config.type` is resolved from (the run_config's, when the type came from it). */
  readonly typeBaseDir: string;
  /** `config.params.extra.benchmark`, already absolute, or null. */
  readonly benchmark: string | null;
  /** The definitions of the benchmarks folder; called only when a name is not a built-in. */
  readonly registry: () => readonly CustomBenchmark[];
}

export interface TaskChoice {
  readonly task: ResolvedTask;
  /** The definition a custom run uses; null for a built-in task. */
  readonly definition: CustomBenchmark | null;
}

const PLAIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;

/**
 * Resolves `config.type` to a built-in task or a custom definition (table above).
 * @example resolveTaskOrCustom({ frameworks: [fw], evalType: 'quiz.yml', typeBaseDir: '/rc', benchmark: null, registry: () => [] })
 *   // → { task: { type: 'clinical_quiz', … }, definition: { file: '/rc/quiz.yml', … } }
 */
export function resolveTaskOrCustom(input: CustomTypeInput): TaskChoice {
  const { evalType, benchmark } = input;
  if (isDefinitionPath(evalType)) {
    const file = absoluteFrom(evalType, input.typeBaseDir);
    if (benchmark !== null && benchmark !== file) throw conflict(`config.type names ${file}`, benchmark);
    return customChoice(input, null, readDefinitionHeader(file, 'config.type'));
  }
  const parts = evalType.split('.');
  const qualifier = parts.length === 2 ? (parts[0] as string) : null;
  const name = parts[parts.length - 1] as string;
  let task: ResolvedTask;
  try {
    task = resolveTask(input.frameworks, evalType);
  } catch (e) {
    if (!(e instanceof UserError) || e.code !== 'EF_UNKNOWN_EVALUATION') throw e;
    const found = definitionNamed(input, name);
    if (found) return customChoice(input, qualifier, found);
    throw unknownEvaluation(e, input);
  }
  if (task.type === CUSTOM_TASK) {
    if (benchmark === null) {
      throw configError(
        'EF_CUSTOM_BENCHMARK_MISSING',
        `config.type '${evalType}' needs config.params.extra.benchmark: the path of the benchmark definition to run`,
      );
    }
    return customChoice(input, qualifier, readDefinitionHeader(benchmark));
  }
  if (task.entry === null) {
    const found = definitionNamed(input, name);
    if (found) return customChoice(input, qualifier, found);
  }
  if (benchmark !== null) {
    throw configError(
      'EF_CONFIG_INVALID',
      `config.params.extra.benchmark is set (${benchmark}) but config.type '${evalType}' is not a custom benchmark; use config.type: custom, or remove extra.benchmark`,
    );
  }
  return { task, definition: null };
}

/**
 * The one definition called `name` among `benchmarks`, or null; two files defining it is EF_CUSTOM_NAME_CLASH.
 * @example definitionByName(scanBenchmarksDir(dir).benchmarks, 'toy_quiz')
 */
export function definitionByName<T extends { readonly name: string; readonly file: string }>(
  benchmarks: readonly T[],
  name: string,
): T | null {
  const matches = benchmarks.filter((b) => b.name === name);
  if (matches.length > 1) {
    throw configError(
      'EF_CUSTOM_NAME_CLASH',
      `custom benchmark '${name}' is defined by ${matches.length} files: ${matches.map((m) => m.file).join(', ')}`,
    );
  }
  return matches[0] ?? null;
}

/** `extra.benchmark`'s definition when it has this name, else the benchmarks folder's definition of that name. */
function definitionNamed(input: CustomTypeInput, name: string): CustomBenchmark | null {
  const own = input.benchmark === null ? null : readDefinitionHeader(input.benchmark);
  if (own && own.name === name) return own;
  const match = definitionByName(input.registry(), name);
  if (!match) return null;
  if (own) throw conflict(`config.type '${name}' is defined by ${match.file}`, own.file);
  return match;
}

function customChoice(input: CustomTypeInput, qualifier: string | null, definition: CustomBenchmark): TaskChoice {
  let task: ResolvedTask;
  try {
    task = resolveTask(input.frameworks, qualifier ? `${qualifier}.${CUSTOM_TASK}` : CUSTOM_TASK);
  } catch (e) {
    if (e instanceof UserError && e.code === 'EF_UNKNOWN_EVALUATION') {
      throw configError(
        'EF_FRAMEWORK_INVALID',
        `framework.yml has no '${CUSTOM_TASK}' task, which custom benchmarks run through`,
      );
    }
    throw e;
  }
  return { task: { ...task, type: typeName(input.frameworks, definition) }, definition };
}

/**
 * The merged `config.type` of a custom run: the definition's name when it can be written back as a type (no dots,
 * not a built-in task's name, which would resolve to the built-in), else `custom`.
 */
function typeName(frameworks: readonly FrameworkDefinition[], definition: CustomBenchmark): string {
  const builtin = frameworks.some((f) => f.evaluations.some((t) => t.type === definition.name));
  return definition.named && PLAIN_NAME.test(definition.name) && !builtin ? definition.name : CUSTOM_TASK;
}

function conflict(what: string, benchmark: string): UserError {
  return configError(
    'EF_CONFIG_INVALID',
    `${what} but config.params.extra.benchmark names ${benchmark}; keep one of them`,
  );
}

/** The §5.1 message, with the benchmarks folder's names and a word about a differently named `extra.benchmark`. */
function unknownEvaluation(error: UserError, input: CustomTypeInput): UserError {
  let registry: readonly CustomBenchmark[] = [];
  try {
    registry = input.registry();
  } catch {
    // A broken folder must not hide the unknown-evaluation error the user needs first.
  }
  const own =
    input.benchmark === null
      ? ''
      : ` (config.params.extra.benchmark defines '${readDefinitionHeader(input.benchmark).name}'; write that name or custom as config.type)`;
  const names = [...new Set(registry.map((b) => `${b.name} (custom)`))];
  const message = error.message.replace(/^(Unknown evaluation \S+)\. /, `$1${own}. `);
  return configError('EF_UNKNOWN_EVALUATION', names.length > 0 ? `${message}, ${names.join(', ')}` : message);
}
