import { reportError } from '@eval-factory/errors';
import { readPlainArgv } from '@eval-factory/types';
import type { EngineSlotHandover } from './runner/slot-handover.js';
import { runAll } from './runner/run-all.js';
import { RUN_FLAGS, runOptionsOf } from './run-flags.js';

/**
 * `ef-bench` (docs/architecture.md). Returns the process exit code. The plain `run` command line the factory
 * renders is read here, and yargs (cli-yargs.ts) loads only for any other: a fifth of the engine's code and ~15 ms
 * of CPU before its first request (docs/performance.md, "Start-up").
 */
export async function main(
  argv: string[] = process.argv.slice(2),
  started: { slotHandover?: EngineSlotHandover } = {},
): Promise<number> {
  const debug = argv.includes('--debug') || process.env.EF_LOG_LEVEL === 'DEBUG';
  const plain = readPlainArgv(argv, 'run', RUN_FLAGS);
  if (plain === null) return (await import('./cli-yargs.js')).mainWithYargs(argv, started, debug);
  try {
    return await runAll(runOptionsOf(plain, started.slotHandover ?? null), debug);
  } catch (error) {
    return reportError(error, debug);
  }
}
