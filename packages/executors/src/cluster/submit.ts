/**
 * What the cluster executors share when they hand a planned suite to a cluster's own scheduler (docs/scale.md): the
 * checks before anything is written, the units (never none), the run-entries files by absolute path and running
 * the scheduler's own command. `--dry_run` prints what would be submitted and writes nothing.
 */
import { resolve } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { UserError } from '@eval-factory/errors';
import { flagList, type UnitsPlan } from '@eval-factory/suite';
import type { SuiteSubmission } from '../executor.js';
import type { ClusterArgs } from './flags.js';
import { checkClusterValues } from './script-values.js';

export const run = promisify(execFile);
export const confList = (args: ClusterArgs) => flagList(args['conf-paths']).map((p) => resolve(p));

/**
 * What a cluster submission refuses before anything is written (docs/scale.md): a value that cannot go into a
 * script or manifest as it is (script-values.ts). `keyNames`: every job's own model key variable (a suite YAML
 * target names its own), which the cluster tasks are given with the others.
 */
export function checkSubmission(args: ClusterArgs, keyNames: readonly string[]): void {
  checkClusterValues(args, [
    ...flagList(args['pass-env']).map((n) => ['--pass-env', n] as const),
    ...(args.api_key_name ? [['--api_key_name', args.api_key_name] as const] : []),
    ...keyNames.map((n) => ['api_key_name', n] as const),
  ]);
}

/** The suite's units; a suite without one is refused (nothing to submit). */
export async function unitsToSubmit(suite: SuiteSubmission): Promise<UnitsPlan> {
  const plan = await suite.units();
  if (plan.units.length === 0)
    throw new UserError(
      'EF_SUITE_UNITS',
      'the suite has no unit to run',
      'Check --conf-paths and --models-to-run (docs/scale.md).',
    );
  return plan;
}

/** Why a scheduler's command failed, in one line: not installed, or the first line it wrote. */
export function toolFailure(error: unknown, tool: string): string {
  const e = error as { code?: string; stderr?: string; message: string };
  return e.code === 'ENOENT' ? `${tool} is not on PATH` : (e.stderr || e.message).trim().split('\n')[0]!;
}
