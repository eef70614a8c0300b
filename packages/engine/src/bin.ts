#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { ENGINE_ARGV_ON_STDIN, ENGINE_SEND_GATE_ENV, slotsLine } from '@eval-factory/types';
import { endOnClosedPipe, reportError } from '@eval-factory/errors';
import { argvFromStdin, lineReader, readGrants } from './argv-on-stdin.js';
import { main } from './cli.js';
import { SlotShare } from './runner/slot-share.js';

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
  let running = true;
  try {
    const pending = argvFromStdin(next);
    // Node loads its fetch classes (Headers, Response; ~20 ms) on first use, which would be the first request:
    // load them now, while the factory is still resolving the config.
    void globalThis.Headers;
    const argv = await pending;
    if (argv === null) return 0;
    // A suite's engine prepares, then sends with the slots it is given and gives up those it no longer needs
    // (ENGINE_SEND_GATE_ENV); a pipe to the factory is written synchronously, so each release leaves at once.
    if (process.env[ENGINE_SEND_GATE_ENV] !== '1') return await main(argv);
    const share: SlotShare = new SlotShare(
      (released) => process.stderr.write(slotsLine(released)),
      () => void readGrants(next, share, () => running && process.kill(process.pid, 'SIGTERM')),
    );
    return await main(argv, { sendTurn: share });
  } catch (error) {
    return reportError(error, false);
  } finally {
    running = false;
    // stdin may still be open (a run that ended before its "go"): it must not keep the process alive.
    process.stdin.destroy();
  }
}

run().then((code) => {
  process.exitCode = code;
});
