/**
 * The little the factory reads of a custom benchmark definition (docs/custom-benchmarks.md): its `name` and
 * `description`. The engine owns the definition's schema and checks everything else (`ef-bench validate`); the
 * factory only needs the name to resolve `config.type`, list the folder in `eval-factory ls` and key results.yml.
 */
import { statSync } from 'node:fs';
import { basename, extname, isAbsolute, resolve } from 'node:path';
import { configError } from '../codes.js';
import { isPlainObject } from '../merge.js';
import { readYamlFile } from '../read-yaml.js';

/** A definition found by path or in a benchmarks folder. */
export interface CustomBenchmark {
  /** The definition's `name` (for a file without one: its base name without extension). */
  readonly name: string;
  readonly description: string;
  /** Absolute path of the definition file. */
  readonly file: string;
  /** False when the file has no top-level `name` string (a folder scan skips such files). */
  readonly named: boolean;
  /** Scored by LLM judges (`jury_score`), so the run needs `extra.judges` (checked before anything runs). */
  readonly judged: boolean;
}

const DEFINITION_EXTENSIONS = ['.yml', '.yaml'];

/** `config.type` values ending in .yml/.yaml name a definition file rather than a task. */
export function isDefinitionPath(value: string): boolean {
  return DEFINITION_EXTENSIONS.includes(extname(value).toLowerCase());
}

/** `path` made absolute against `baseDir` (the run_config's folder or the working directory). */
export function absoluteFrom(path: string, baseDir: string): string {
  return isAbsolute(path) ? path : resolve(baseDir, path);
}

/**
 * Reads the name and description of the definition at `file` (absolute). A missing file is
 * `EF_CUSTOM_BENCHMARK_NOT_FOUND`; bad YAML is `EF_YAML` with `file:line:col`. Everything else is the engine's to check.
 * @example readDefinitionHeader('/abs/quiz.yml').name // → 'clinical_quiz'
 */
export function readDefinitionHeader(file: string, field = 'config.params.extra.benchmark'): CustomBenchmark {
  if (!isFile(file))
    throw configError(
      'EF_CUSTOM_BENCHMARK_NOT_FOUND',
      `Custom benchmark definition not found: ${file} (from ${field})`,
    );
  const value = readYamlFile(file);
  const name =
    isPlainObject(value) && typeof value.name === 'string' && value.name.trim() !== '' ? value.name.trim() : null;
  const description = isPlainObject(value) && typeof value.description === 'string' ? value.description : '';
  return {
    name: name ?? basename(file, extname(file)),
    description,
    file,
    named: name !== null,
    judged: isJudged(value),
  };
}

/**
 * Whether the definition asks for `jury_score`: MedHELM's format lists it as `metrics[].name`; the native format
 * names it in `metrics`, or leaves `metrics` out for a `free_text` task, whose default it is. The engine checks the
 * definition fully; this only lets a missing jury fail before the output folder is made (docs/configuration.md).
 */
function isJudged(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const metrics = value.metrics;
  if (Array.isArray(metrics))
    return metrics.some((m) => m === 'jury_score' || (isPlainObject(m) && m.name === 'jury_score'));
  const task = value.task;
  return metrics === undefined && isPlainObject(task) && task.kind === 'free_text';
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
