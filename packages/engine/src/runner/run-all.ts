import { setMaxListeners } from 'node:events';
import { join } from 'node:path';
import { EXIT } from '@eval-factory/errors';
import { RUN_FILES } from '@eval-factory/types';
import { runLog } from '../output/run-log.js';
import { Diagnostics } from './diagnostics.js';
import type { RunOptions } from './options.js';
import { runBenchmark, type RunOutcome } from './run-benchmark.js';

/** Runs every entry; SIGINT/SIGTERM stop new requests and still write what was computed (exit 130 / 143). */
export async function runAll(options: RunOptions, debug: boolean): Promise<number> {
  const controller = new AbortController();
  // Every in-flight request listens for the abort; parallelism can exceed the default limit of 10 listeners.
  setMaxListeners(0, controller.signal);
  let stopCode: number = EXIT.interrupted;
  const onSignal = (signal: NodeJS.Signals) => {
    // Only the first signal counts: a terminal's Ctrl-C reaches the engine twice (from the terminal, and forwarded
    // by eval-factory), and a user may press it again. The partial results are written however many arrive.
    if (controller.signal.aborted) return;
    stopCode = signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let worst: RunOutcome | null = null;
  // The run's log file (the executor writes its start and the engine's stderr there too); a dry run writes none.
  if (!options.dryRun) runLog.open(join(options.outputPath, RUN_FILES.log), debug);
  options.slotHandover?.expectRuns(options.runEntries.length);
  try {
    for (const entry of options.runEntries) {
      // One Diagnostics per entry: each entry's ef_summary.json holds its own warnings and errors.
      const outcome = await runBenchmark(entry, options, new Diagnostics(), controller.signal);
      const s = outcome.summary;
      process.stdout.write(
        `${JSON.stringify({ status: outcome.status, run_dir: outcome.runDir, counts: s?.counts ?? null })}\n`,
      );
      if (!worst || outcome.status === 'error') worst = outcome;
      if (outcome.interrupted) break;
    }
  } finally {
    // A stopped engine ends now; until it has, a further signal changes nothing (its exit code included).
    if (!controller.signal.aborted) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    await runLog.close();
  }
  if (worst?.interrupted) return stopCode;
  return worst?.status === 'error' ? EXIT.error : EXIT.ok;
}
