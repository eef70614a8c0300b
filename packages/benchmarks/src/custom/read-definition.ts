/**
 * Reads a definition file: safe YAML (1.2 core schema, unique keys, capped aliases), the format (native or
 * MedHELM's configurable benchmark, told apart by `prompt_file`/`dataset_file`), and the JSON Schema check, with
 * every schema error placed at its YAML path and `line:column`.
 */
import { readFileSync, statSync } from 'node:fs';
import { LineCounter, isMap, parseDocument } from 'yaml';
import type { Document, Node } from 'yaml';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { customError } from './errors.js';
// ajv standalone code precompiled from benchmark.schema.json by `npm run build` (scripts/build-validators.mjs):
// no schema is compiled, and ajv is not loaded, at run time.
import * as precompiled from './generated/validators.js';

export type DefinitionFormat = 'native' | 'medhelm';

export interface RawDefinition {
  /** Absolute path of the YAML file. */
  readonly file: string;
  readonly format: DefinitionFormat;
  readonly value: Record<string, unknown>;
  /** `yaml.path (line L, column C)` for a YAML path, placed at the node or its nearest existing parent. */
  at(path: readonly (string | number)[]): string;
}

const MAX_ALIAS_COUNT = 50;
/** The generated module is untyped (`@ts-nocheck`): one ajv validate function per format (`$defs/<format>`). */
const validators: Readonly<Record<DefinitionFormat, ValidateFunction>> = {
  native: precompiled.native as unknown as ValidateFunction,
  medhelm: precompiled.medhelm as unknown as ValidateFunction,
};

function readText(file: string): string {
  try {
    if (statSync(file).isDirectory())
      throw customError('EF_CUSTOM_BENCHMARK_FILE', file, 'is a folder, not a benchmark definition file');
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'EF_CUSTOM_BENCHMARK_FILE') throw error;
    throw customError(
      'EF_CUSTOM_BENCHMARK_FILE',
      file,
      `cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

function positionOf(doc: Document, lines: LineCounter, path: readonly (string | number)[]): string {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
    const offset = node?.range?.[0];
    if (offset !== undefined) {
      const { line, col } = lines.linePos(offset);
      return `${yamlPath(path)} (line ${line}, column ${col})`;
    }
  }
  return `${yamlPath(path)} (line 1, column 1)`;
}

function segments(instancePath: string): (string | number)[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => {
      const key = s.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^\d+$/.test(key) ? Number(key) : key;
    });
}

/** The dotted YAML path shown to users: `task.labels[2]`, or `(top level)`. */
export function yamlPath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(top level)';
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

function describe(error: ErrorObject): { path: (string | number)[]; message: string } {
  const path = segments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const valid = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      return {
        path: [...path, String(params.additionalProperty)],
        message: `unknown field (valid: ${valid.join(', ')})`,
      };
    }
    case 'required':
      return { path, message: `${String(params.missingProperty)} is required` };
    case 'type':
      return { path, message: `must be ${String(params.type).split(',').join(' or ')}` };
    case 'enum':
      return { path, message: `must be one of ${(params.allowedValues as unknown[]).join(', ')}` };
    default:
      return { path, message: error.message ?? error.keyword };
  }
}

/**
 * Parses and schema-checks a definition. YAML syntax errors and schema errors are `EF_CUSTOM_SCHEMA` listing
 * `line:col yaml.path: message` for every problem; a missing file is `EF_CUSTOM_BENCHMARK_FILE`.
 * @example readDefinition('/abs/quiz.yml').format // 'native'
 */
export function readDefinition(file: string): RawDefinition {
  const text = readText(file);
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    uniqueKeys: true,
    prettyErrors: true,
    version: '1.2',
    merge: false,
    lineCounter: lines,
  });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const pos = error.linePos?.[0];
    throw customError(
      'EF_CUSTOM_SCHEMA',
      file,
      `not valid YAML${pos ? ` (line ${pos.line}, column ${pos.col})` : ''}: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    throw customError('EF_CUSTOM_SCHEMA', file, `not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isMap(doc.contents) || value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw customError(
      'EF_CUSTOM_SCHEMA',
      file,
      'expected a mapping with name, description, data, prompt and task (or a MedHELM prompt_file/dataset_file definition)',
    );
  }
  const record = value as Record<string, unknown>;
  const format: DefinitionFormat = 'prompt_file' in record || 'dataset_file' in record ? 'medhelm' : 'native';
  const at = (path: readonly (string | number)[]) => positionOf(doc, lines, path);
  const validate = validators[format];
  if (!validate(record)) {
    // `if`/`then` wrappers repeat what their inner errors already say.
    const problems = (validate.errors ?? []).filter((e) => e.keyword !== 'if').map(describe);
    const unique = [...new Set(problems.map((p) => `${at(p.path)}: ${p.message}`))];
    const head = unique.length === 1 ? 'invalid definition' : `invalid definition, ${unique.length} problems`;
    throw customError('EF_CUSTOM_SCHEMA', file, `${head}: ${unique.join('; ')}`);
  }
  return { file, format, value: record, at };
}
