/**
 * `config.type` resolution (docs/configuration.md): `task` or `framework.task` against the loaded frameworks.
 */
import { configError } from './codes.js';
import type { FrameworkDefinition, TaskEntry } from './framework.js';
import type { Layer } from './merge.js';

export interface ResolvedTask {
  readonly framework: FrameworkDefinition;
  /** The registry key without framework prefix; becomes the merged `config.type`. */
  readonly type: string;
  /** The task's defaults layer (built from `params.task = type` for an unlisted `framework.task`). */
  readonly taskDefaults: Layer;
  /** Null when `framework.task` named a task framework.yml does not list (runs an unlisted engine benchmark). */
  readonly entry: TaskEntry | null;
}

function assertAvailable(entry: TaskEntry): void {
  if (!entry.available) {
    throw configError(
      'EF_TASK_NOT_AVAILABLE',
      `Task '${entry.type}' is not yet available in this version of eval-factory`,
    );
  }
}

function resolved(framework: FrameworkDefinition, entry: TaskEntry): ResolvedTask {
  assertAvailable(entry);
  return { framework, type: entry.type, taskDefaults: entry.defaults, entry };
}

function resolveQualified(frameworks: readonly FrameworkDefinition[], fwName: string, task: string): ResolvedTask {
  const framework = frameworks.find((f) => f.framework.name === fwName);
  if (!framework) {
    const names = frameworks.map((f) => f.framework.name).join(', ');
    throw configError('EF_UNKNOWN_FRAMEWORK', `Unknown framework ${fwName}. Frameworks available: ${names}`);
  }
  const entry = framework.evaluations.find((t) => t.type === task);
  if (entry) return resolved(framework, entry);
  // A near miss of a listed task is a typo, caught here before anything is written; any other
  // unlisted task runs from framework defaults alone (§5.1) and the engine rejects names it does not know.
  const near = closest(
    task,
    framework.evaluations.filter((t) => !t.internal).map((t) => t.type),
  );
  if (near)
    throw configError('EF_UNKNOWN_EVALUATION', `Unknown evaluation ${fwName}.${task}. Did you mean ${fwName}.${near}?`);
  return { framework, type: task, taskDefaults: { config: { type: task, params: { task } } }, entry: null };
}

function resolveBare(frameworks: readonly FrameworkDefinition[], task: string): ResolvedTask {
  const hits = frameworks.flatMap((framework) =>
    framework.evaluations.filter((t) => t.type === task).map((entry) => ({ framework, entry })),
  );
  if (hits.length === 0) {
    const all = [...new Set(frameworks.flatMap((f) => f.evaluations.filter((t) => !t.internal).map((t) => t.type)))];
    const near = closest(task, all);
    throw configError(
      'EF_UNKNOWN_EVALUATION',
      `Unknown evaluation ${task}.${near ? ` Did you mean ${near}?` : ''} Evaluations available: ${all.join(', ')}`,
    );
  }
  if (hits.length > 1) {
    const names = hits.map((h) => h.framework.framework.name);
    throw configError(
      'EF_AMBIGUOUS_EVALUATION',
      `${task} is available in multiple frameworks: ${names.join(',')}. Please indicate which implementation you would like to choose by using 'framework_name.evaluation_name'. For example: ${names[0]}.${task}`,
    );
  }
  return resolved(hits[0]!.framework, hits[0]!.entry);
}

/**
 * Resolves `config.type` (`task` or `framework.task`).
 * @example resolveTask([fw], 'helm.pubmed_qa').type // → 'pubmed_qa'
 */
export function resolveTask(frameworks: readonly FrameworkDefinition[], evalType: string): ResolvedTask {
  const parts = evalType.split('.');
  if (parts.length > 2) {
    throw configError(
      'EF_EVAL_TYPE_SYNTAX',
      `eval_type must follow 'framework_name.evaluation_name'. No additional dots are allowed (got '${evalType}').`,
    );
  }
  if (parts.some((p) => p === '')) {
    throw configError('EF_EVAL_TYPE_SYNTAX', `eval_type '${evalType}' has an empty framework or evaluation name.`);
  }
  return parts.length === 2 ? resolveQualified(frameworks, parts[0]!, parts[1]!) : resolveBare(frameworks, evalType);
}

/** The listed name within two edits of `name` (the nearest; none when two tie), for a "did you mean". */
export function closest(name: string, names: readonly string[]): string | null {
  const scored = names
    .map((n) => [n, editDistance(name, n)] as const)
    .filter(([, d]) => d <= 2)
    .sort((a, b) => a[1] - b[1]);
  if (scored.length === 0 || (scored.length > 1 && scored[0]![1] === scored[1]![1])) return null;
  return scored[0]![0];
}

/** Levenshtein distance (insert, delete, substitute: 1 each). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}
