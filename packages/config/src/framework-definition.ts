/**
 * framework.yml's parsed form (docs/configuration.md) and the task list `eval-factory ls` shows, without the YAML
 * parser or the schema validators: `ls` reads the framework the build parsed and validated (framework-preparsed.ts)
 * through `loadPreparsedFramework`, and loads those only when framework.yml has changed since (framework.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configError } from './codes.js';
import { isPlainObject, type Layer } from './merge.js';
import { preparsedFramework } from './framework-preparsed.js';

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
 * The framework of a parsed framework.yml that passed its schema (framework.ts checks it first). `source` names the
 * file in errors (`EF_FRAMEWORK_INVALID`).
 */
export function frameworkFromValue(value: unknown, source: string): FrameworkDefinition {
  const raw = value as Layer;
  const framework = raw.framework as FrameworkInfo;
  const evaluations = (raw.evaluations as Layer[]).map(toTaskEntry);
  assertUniqueTypes(evaluations, source);
  const defaults: Layer = { ...(raw.defaults as Layer), framework_name: framework.name, pkg_name: framework.pkg_name };
  return { framework, defaults, evaluations, source };
}

/**
 * The framework at `path` when the build parsed and validated exactly its text, else null (then `loadFramework`
 * reads it, with the YAML parser and the schema).
 * @example loadPreparsedFramework(file) ?? loadFramework(file)
 */
export function loadPreparsedFramework(path: string): FrameworkDefinition | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null; // loadFramework says why
  }
  const value = preparsedFramework(text);
  return value === undefined ? null : frameworkFromValue(value, path);
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
