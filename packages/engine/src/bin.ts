#!/usr/bin/env node
import { setFlagsFromString, startupSnapshot } from 'node:v8';
import {
  ENGINE_ARGV_ON_STDIN,
  ENGINE_REUSE_ENV,
  jobEndLine,
  ENGINE_SEND_GATE_ENV,
  slotsLine,
  START_MARKS,
} from '@eval-factory/types';
import { endOnClosedPipe, reportError } from '@eval-factory/errors';
import { commandFromStdin, lineReader, readGrants, skippingGrants, type LineReader } from './argv-on-stdin.js';
import { useParsedFiles } from './parsed-files.js';
import { main } from './cli.js';
import { EngineSlotHandover } from './runner/slot-handover.js';

async function run(): Promise<number> {
  performance.mark(START_MARKS.engineLoaded);
  if (process.argv[2] !== ENGINE_ARGV_ON_STDIN) return main();
  // Started early by the factory: the modules above are loaded by now; the command line follows on stdin.
  const next = lineReader(process.stdin);
  // A suite's engine runs one job after another (ENGINE_REUSE_ENV): each later job starts with its modules loaded.
  const reuse = process.env[ENGINE_REUSE_ENV] || null;
  try {
    // Node loads its fetch classes (Headers, Response; ~20 ms) on first use, which would be the first request:
    // load them now, while the factory is still resolving the config.
    void globalThis.Headers;
    const argvLines = reuse ? skippingGrants(next) : next;
    for (;;) {
      const command = await commandFromStdin(argvLines);
      if (command === null) return 0;
      performance.mark(START_MARKS.commandRead);
      useParsedFiles(command.parsed);
      const code = await runJob(command.argv, next);
      if (!reuse) return code;
      await endOfJob(reuse, code);
    }
  } catch (error) {
    return reportError(error, false);
  } finally {
    // stdin may still be open (a run that ended before its "go"): it must not keep the process alive.
    process.stdin.destroy();
  }
}

/**
 * One job. A suite's engine (ENGINE_SEND_GATE_ENV) prepares, then sends with the slots it is given and gives up
 * those it no longer needs; a pipe to the factory is written synchronously, so each release leaves at once. Its
 * grants are read until the job ends (the next line then belongs to the next job).
 */
async function runJob(argv: string[], next: LineReader): Promise<number> {
  if (process.env[ENGINE_SEND_GATE_ENV] !== '1') return main(argv);
  const over = new AbortController();
  const share: EngineSlotHandover = new EngineSlotHandover(
    (released) => process.stderr.write(slotsLine(released)),
    () => void readGrants(next, share, () => process.kill(process.pid, 'SIGTERM'), over.signal),
  );
  try {
    return await main(argv, { slotHandover: share });
  } finally {
    over.abort();
  }
}

/** The job's end on both streams, after all its output (ENGINE_REUSE_ENV). */
async function endOfJob(token: string, code: number): Promise<void> {
  const line = jobEndLine(token, code);
  await new Promise<void>((resolve) => process.stdout.write(line, () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write(line, () => resolve()));
}

function start(): void {
  // A run allocates far more short-lived garbage than it keeps (10,000 instances: ~2.4 GB allocated, ~70 MB live).
  // V8's default lets the heap grow up to 4× the live size between major collections, which took peak RSS to ~360 MB;
  // a fixed 1.4× keeps it near 250 MB for a few per cent more GC time (bench/memory.mjs, docs/performance.md).
  // It is a growth factor, not a limit: a run that needs more memory still gets it.
  setFlagsFromString('--heap-growing-percent=40');
  endOnClosedPipe();
  run().then((code) => {
    process.exitCode = code;
  });
}

// In the engine's start-up snapshot (scripts/snapshot.mjs) the modules above load when it is built; the process
// starts here when it is deserialized, so nothing of the run's own process (flags, stdio, argv) is read before.
if (startupSnapshot.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(start);
else start();
