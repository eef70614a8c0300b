/**
 * JSON Schema validation of a run_config or the merged Evaluation, with errors flattened to
 * `path.to.field: message` (docs/architecture.md) and unknown keys reported as
 * "Invalid parameter 'X'. Valid params: […]" (docs/configuration.md).
 * The validators are ajv standalone code precompiled by `npm run build` (scripts/build-validators.mjs) from
 * run-config.schema.json, evaluation.schema.json and framework.schema.json: no schema is compiled at run time and
 * ajv itself is not loaded (start-up time).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { configError } from '../codes.js';
import * as precompiled from './generated/validators.js';
import runConfigSchema from './run-config.schema.json' with { type: 'json' };

export { runConfigSchema };

/** What is validated: a user run_config, the merged Evaluation, or framework.yml. */
export type SchemaKind = 'runConfig' | 'evaluation' | 'framework';

/** The generated module is untyped (`@ts-nocheck`); its exports are ajv validate functions, one per SchemaKind. */
const validators: Readonly<Record<SchemaKind, ValidateFunction>> = {
  runConfig: precompiled.runConfig as unknown as ValidateFunction,
  evaluation: precompiled.evaluation as unknown as ValidateFunction,
  framework: precompiled.framework as unknown as ValidateFunction,
};

function dottedPath(instancePath: string): string {
  if (instancePath === '') return '(root)';
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function join(path: string, key: string): string {
  return path === '(root)' ? key : `${path}.${key}`;
}

/** One `path: message` line per ajv error. */
export function flattenError(error: ErrorObject): string {
  const path = dottedPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const valid = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      return `${path}: Invalid parameter '${String(params.additionalProperty)}'. Valid params: [${valid.join(', ')}]`;
    }
    case 'required':
      return `${join(path, String(params.missingProperty))}: is required`;
    case 'type':
      return `${path}: must be ${String(params.type).split(',').join(' or ')}`;
    case 'enum':
      return `${path}: must be one of [${(params.allowedValues as unknown[]).join(', ')}]`;
    case 'not':
      return `${path}: must not contain metadata (it is kept outside the merged Evaluation)`;
    default:
      return `${path}: ${error.message ?? error.keyword}`;
  }
}

/** Validation result: flattened messages, empty when valid (duplicates from `allErrors` removed). */
export function schemaErrors(value: unknown, kind: SchemaKind): string[] {
  const validate = validators[kind];
  if (validate(value)) return [];
  // allOf/$ref re-reports nested errors; `if`-style wrappers add noise without a path of their own.
  const lines = (validate.errors ?? []).filter((e) => e.keyword !== 'allOf').map(flattenError);
  return [...new Set(lines)];
}

/**
 * Throws one `EF_CONFIG_INVALID` UserError listing every schema error (one line, `; `-separated).
 * @example assertSchema(merged, 'evaluation', 'run_config')
 */
export function assertSchema(value: unknown, kind: SchemaKind, source: string): void {
  const errors = schemaErrors(value, kind);
  if (errors.length === 0) return;
  const head =
    errors.length === 1
      ? `Invalid configuration (${source})`
      : `Invalid configuration (${source}), ${errors.length} errors`;
  throw configError('EF_CONFIG_INVALID', `${head}: ${errors.join('; ')}`);
}
