/**
 * framework.yml (docs/configuration.md): loading, validation and the task list shown by `eval-factory ls`.
 */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configError } from './codes.js';
import { isPlainObject, type Layer } from './merge.js';
import { preparsedFramework } from './framework-preparsed.js';
import { parseYamlText, readYamlText } from './read-yaml.js';
import { schemaErrors } from './schema/validate.js';

export interface FrameworkInfo {
  readonly name: string;
  readonly pkg_name: string;
  readonly full_name?: string;
  readonly description?: string;
  readonly url?: string;
}

export interface TaskEntry {
  readonly name: string;
  readonly description: string;
  /** Hidden from `ls` but resolvable. */
  readonly internal: boolean;
  /** Project extension: `false` = listed for compatibility, not yet implemented by the engine. */
  readonly available: boolean;
  /** Registry key: `defaults.config.type` (§1.1). */
  readonly type: string;
  /** Project extension `requires`: the `config.params.extra` keys the task cannot run without (gated data). */
  readonly requires: readonly string[];
  /** Scored by an LLM jury: its defaults carry a judge roster (`config.params.extra.judges`). */
  readonly judged: boolean;
  /** Deep-merged over the framework defaults. */
  readonly defaults: Layer;
}

export interface FrameworkDefinition {
  readonly framework: FrameworkInfo;
  /** Framework defaults with `framework_name` and `pkg_name` injected (§1.1). */
  readonly defaults: Layer;
  readonly evaluations: readonly TaskEntry[];
  /** Where it was loaded from, for messages. */
  readonly source: string;
}

export interface TaskListing {
  readonly type: string;
  readonly name: string;
  readonly description: string;
  readonly available: boolean;
}

/** Path of the repository's framework.yml (same depth from `src/` and `dist/`). */
export function defaultFrameworkPath(): string {
  return fileURLToPath(new URL('../../../framework.yml', import.meta.url));
}

function toTaskEntry(raw: Layer): TaskEntry {
  const defaults = raw.defaults as Layer;
  return {
    name: raw.name as string,
    description: (raw.description as string | undefined) ?? '',
    internal: raw.internal === true,
    available: raw.available !== false,
    type: (defaults.config as Layer).type as string,
    requires: (raw.requires as string[] | undefined) ?? [],
    judged: hasJudgeRoster(defaults),
    defaults,
  };
}

function hasJudgeRoster(defaults: Layer): boolean {
  const judges = (((defaults.config as Layer | undefined)?.params as Layer | undefined)?.extra as Layer | undefined)
    ?.judges;
  return isPlainObject(judges) && Object.keys(judges).length > 0;
}

function assertUniqueTypes(tasks: readonly TaskEntry[], source: string): void {
  const seen = new Set<string>();
  for (const task of tasks) {
    if (seen.has(task.type)) throw configError('EF_FRAMEWORK_INVALID', `${source}: duplicate task type '${task.type}'`);
    seen.add(task.type);
  }
}

/**
 * Validates parsed framework.yml content. `source` names the file in errors (`EF_FRAMEWORK_INVALID`).
 * @example validateFramework(parseYamlText(text, 'framework.yml'), 'framework.yml')
 */
export function validateFramework(value: unknown, source: string): FrameworkDefinition {
  const errors = schemaErrors(value, 'framework');
  if (errors.length > 0) throw configError('EF_FRAMEWORK_INVALID', `${source}: ${errors.join('; ')}`);
  const raw = value as Layer;
  const framework = raw.framework as FrameworkInfo;
  const evaluations = (raw.evaluations as Layer[]).map(toTaskEntry);
  assertUniqueTypes(evaluations, source);
  const defaults: Layer = { ...(raw.defaults as Layer), framework_name: framework.name, pkg_name: framework.pkg_name };
  return { framework, defaults, evaluations, source };
}

/**
 * Reads and validates a framework.yml; read once per process while the file is unchanged (`ls` with a benchmarks
 * folder, `run_eval` of a custom benchmark and `validate` each asked for it two or three times, ~20–40 ms each).
 * @example const fw = loadFramework(defaultFrameworkPath());
 */
export function loadFramework(path: string = defaultFrameworkPath()): FrameworkDefinition {
  const stamp = fileStamp(path);
  const cached = stamp === null ? undefined : loaded.get(path);
  if (cached && cached.stamp === stamp) return cached.framework;
  const text = readYamlText(path);
  const value = preparsedFramework(text) ?? parseYamlText(text, path);
  if (!isPlainObject(value)) throw configError('EF_FRAMEWORK_INVALID', `${path}: expected a mapping at the top level`);
  const framework = validateFramework(value, path);
  if (stamp !== null) loaded.set(path, { stamp, framework });
  return framework;
}

const loaded = new Map<string, { readonly stamp: string; readonly framework: FrameworkDefinition }>();

/** Size and modification time, or null when the file cannot be stat'ed (readYamlFile then reports why). */
function fileStamp(path: string): string | null {
  try {
    const s = statSync(path);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

/**
 * Non-internal tasks in framework.yml order, for `eval-factory ls`.
 * @example listTasks(fw).map((t) => t.type) // → ['pubmed_qa', 'head_qa', …]
 */
export function listTasks(fw: FrameworkDefinition): TaskListing[] {
  return fw.evaluations
    .filter((t) => !t.internal)
    .map(({ type, name, description, available }) => ({ type, name, description, available }));
}
