/**
 * Checks shared by the gated and private benchmarks (docs/benchmarks.md): they have no download, so a run without
 * `extra.data_path` (or without the argument that picks the task) stops before any file is touched.
 */
import { UserError } from '@eval-factory/errors';
import type { LoadContext } from '@eval-factory/types';

const MISSING_HINT =
  'This task uses gated or private data: obtain it under its license and set config.params.extra.data_path (and subject/condition).';

/**
 * `ctx.dataPath`, or `EF_MISSING_DATA_PATH` naming the task and the layout it expects.
 * @example requireDataPath(ctx, 'clear', 'a folder holding <condition>.xlsx') // '/data/clear'
 */
export function requireDataPath(ctx: LoadContext, task: string, layout: string): string {
  if (ctx.dataPath) return ctx.dataPath;
  throw new UserError('EF_MISSING_DATA_PATH', `${task} needs extra.data_path: ${layout}`, MISSING_HINT);
}

/**
 * A required string argument restricted to `values`: unset is `EF_MISSING_DATA_PATH` (the config layer reports a
 * missing subject/condition the same way), an unknown value `EF_BENCHMARK_ARG`.
 * @example requireArgValue(ctx, 'clear', 'condition', ['homelessness']) // 'homelessness'
 */
export function requireArgValue<T extends string>(
  ctx: LoadContext,
  task: string,
  name: string,
  values: readonly T[],
): T {
  const value = ctx.args[name] ?? null;
  if (value === null || value === '') {
    throw new UserError(
      'EF_MISSING_DATA_PATH',
      `${task} needs extra.${name} (one of: ${values.join(', ')})`,
      MISSING_HINT,
    );
  }
  if (!(values as readonly unknown[]).includes(value)) {
    throw new UserError(
      'EF_BENCHMARK_ARG',
      `${task}: unknown ${name} ${JSON.stringify(value)}`,
      `Use one of: ${values.join(', ')}.`,
    );
  }
  return value as T;
}
