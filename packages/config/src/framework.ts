/**
 * framework.yml (docs/configuration.md): loading and validation. Its parsed form and the task list are in
 * framework-definition.ts, which `ls` uses without loading this module's YAML parser and schema validators.
 */
import { statSync } from 'node:fs';
import { configError } from './codes.js';
import { isPlainObject } from './merge.js';
import { preparsedFramework } from './framework-preparsed.js';
import { defaultFrameworkPath, frameworkFromValue, type FrameworkDefinition } from './framework-definition.js';
import { parseYamlText, readYamlText } from './read-yaml.js';
import { schemaErrors } from './schema/validate.js';

export {
  defaultFrameworkPath,
  listTasks,
  type FrameworkDefinition,
  type FrameworkInfo,
  type TaskEntry,
  type TaskListing,
} from './framework-definition.js';

/**
 * Validates parsed framework.yml content. `source` names the file in errors (`EF_FRAMEWORK_INVALID`).
 * @example validateFramework(parseYamlText(text, 'framework.yml'), 'framework.yml')
 */
export function validateFramework(value: unknown, source: string): FrameworkDefinition {
  const errors = schemaErrors(value, 'framework');
  if (errors.length > 0) throw configError('EF_FRAMEWORK_INVALID', `${source}: ${errors.join('; ')}`);
  return frameworkFromValue(value, source);
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
  // The build parsed and validated exactly this text (framework-definition.ts, as `ls` reads it); any other is parsed
  // and checked here.
  const preparsed = preparsedFramework(text);
  const framework = preparsed !== undefined ? frameworkFromValue(preparsed, path) : parseAndValidate(text, path);
  if (stamp !== null) loaded.set(path, { stamp, framework });
  return framework;
}

function parseAndValidate(text: string, path: string): FrameworkDefinition {
  const value = parseYamlText(text, path);
  if (!isPlainObject(value)) throw configError('EF_FRAMEWORK_INVALID', `${path}: expected a mapping at the top level`);
  return validateFramework(value, path);
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
