import { reportError } from '@eval-factory/errors';
import type { PrestartedEngine } from '@eval-factory/executor/prestart';
import type { RunEvalArgs } from '@eval-factory/orchestrator/run-eval-command';
import { readPlainArgv } from '@eval-factory/types';
import { RUN_EVAL_FLAGS } from './run-eval-flags.js';

/**
 * A plain `run_eval` command line (`run_eval --run_config x.yml`, flags of its table given once each, see
 * readPlainArgv) run without yargs, which is ~25 ms of the factory's CPU before it hands the engine its command
 * line (docs/performance.md, "Start-up"). Null when the command line is not such a one: main.ts parses it then.
 * Returns the exit code as main.ts would, and releases `engine` as it does.
 */
export async function runEvalPlain(argv: readonly string[], engine: PrestartedEngine | null): Promise<number | null> {
  const args = readPlainArgv(argv, 'run_eval', RUN_EVAL_FLAGS);
  if (args === null) return null;
  try {
    // The same values yargs gives run_eval's handler in main.ts (run-eval-plain.test.ts compares the two).
    return await runEval(args, engine);
  } catch (error) {
    return reportError(error, process.env.EF_LOG_LEVEL === 'DEBUG');
  } finally {
    engine?.dispose();
  }
}

/**
 * run_eval with its arguments as read (here, or by yargs in main.ts); a dry run never takes the prestarted engine.
 * The command's modules load on first use.
 */
export async function runEval(args: Record<string, unknown>, engine: PrestartedEngine | null): Promise<number> {
  const { runEvalCommand } = await import('@eval-factory/orchestrator/run-eval-command');
  return runEvalCommand(args as RunEvalArgs, args.dry_run ? null : engine);
}
