#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import {
  ENGINE_ARGV_ON_STDIN,
  ENGINE_JOB_END,
  ENGINE_REUSE_ENV,
  ENGINE_SEND_GATE_ENV,
  ENGINE_SEND_GO,
} from '@eval-factory/types';
import { endOnClosedPipe, reportError } from '@eval-factory/errors';
import { argvFromStdin, lineReader, sendGate, type LineReader } from './argv-on-stdin.js';
import { main } from './cli.js';

// A run allocates far more short-lived garbage than it keeps (10,000 instances: ~2.4 GB allocated, ~70 MB live).
// V8's default lets the heap grow up to 4× the live size between major collections, which took peak RSS to ~360 MB;
// a fixed 1.4× keeps it near 250 MB for a few per cent more GC time (bench/memory.mjs, docs/performance.md).
// It is a growth factor, not a limit: a run that needs more memory still gets it.
setFlagsFromString('--heap-growing-percent=40');
endOnClosedPipe();

async function run(): Promise<number> {
  if (process.argv[2] !== ENGINE_ARGV_ON_STDIN) return main();
  // Started early by the factory: the modules above are loaded by now; the command line follows on stdin.
  const next = lineReader(process.stdin);
  // A suite's engine runs one job after another (ENGINE_REUSE_ENV): each later job starts with its modules loaded.
  const reuse = process.env[ENGINE_REUSE_ENV] === '1';
  try {
    // Node loads its fetch classes (Headers, Response; ~20 ms) on first use, which would be the first request:
    // load them now, while the factory is still resolving the config.
    void globalThis.Headers;
    // A job that ended before its turn leaves its "go" unread: the next job's argv is the next line that is not one.
    const nextArgv: LineReader = async () => {
      for (;;) {
        const line = await next();
        if (line === null || line.trim() !== ENGINE_SEND_GO) return line;
      }
    };
    for (;;) {
      const argv = await argvFromStdin(reuse ? nextArgv : next);
      if (argv === null) return 0;
      // A suite's engine prepares, then waits for its "go" before the first request (ENGINE_SEND_GATE_ENV).
      const gate = process.env[ENGINE_SEND_GATE_ENV] === '1' ? sendGate(next) : undefined;
      const code = await main(argv, { sendGate: gate });
      if (!reuse) return code;
      await endOfJob(code);
    }
  } catch (error) {
    return reportError(error, false);
  } finally {
    // stdin may still be open (a run that ended before its "go"): it must not keep the process alive.
    process.stdin.destroy();
  }
}

/** The job's end on both streams, after all its output (ENGINE_JOB_END). */
async function endOfJob(code: number): Promise<void> {
  const line = `${ENGINE_JOB_END} ${code}\n`;
  await new Promise<void>((resolve) => process.stdout.write(line, () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write(line, () => resolve()));
}

run().then((code) => {
  process.exitCode = code;
});
