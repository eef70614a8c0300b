/**
 * `eval-factory merge DIR` (docs/scale.md): after a suite's work units ran (on a cluster, or some of them here),
 * each sharded job becomes its one run, then the leaderboard is written. Missing or failed units are named; their
 * jobs are marked incomplete (exit 1).
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXIT, UserError } from '@eval-factory/errors';
import { UNITS_PLAN } from '@eval-factory/suite';
import { formatIncomplete, mergeSuite } from '../scale/merge-units.js';
import { readPlan } from '../scale/suite-units.js';
import { summarizeCommand } from '../summarize.js';
import { withSafeTerminal } from '../terminal-guard.js';

export function mergeCommand(args: { dir: string; schema?: string }): Promise<number> {
  // Job and model names come from units.json: shown, never acted on by the terminal.
  return withSafeTerminal(() => mergeSuiteFolder(args));
}

async function mergeSuiteFolder(args: { dir: string; schema?: string }): Promise<number> {
  const dir = resolve(args.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UserError(
      'EF_FILE_NOT_FOUND',
      `no such folder: ${args.dir}`,
      'Pass the suite folder (<output_dir>/<suite>) that holds units.json (docs/scale.md).',
    );
  const planFile = join(dir, UNITS_PLAN);
  if (!existsSync(planFile))
    throw new UserError(
      'EF_SUITE_UNITS',
      `${args.dir} has no ${UNITS_PLAN}: it is not a suite folder run in units`,
      'Pass the suite folder (<output_dir>/<suite>) that run_suite wrote units.json into (docs/scale.md).',
    );
  const plan = readPlan(planFile);
  const merges = await mergeSuite(dir, plan);
  for (const m of merges)
    process.stderr.write(
      `  ${(m.complete ? 'merged' : 'incomplete').padEnd(10)} ${m.model}  ${m.job}  (${m.status ?? 'no unit started'})\n`,
    );
  process.stderr.write(formatIncomplete(merges));
  // Grouped as run_suite groups it, so a merged suite's leaderboard is the one-machine run's.
  await summarizeCommand({ dirs: [dir], out: dir, schema: args.schema ?? 'medhelm' });
  return merges.every((m) => m.complete && m.status !== 'error') ? EXIT.ok : EXIT.error;
}
