#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { main } from './cli.js';

// A run allocates far more short-lived garbage than it keeps (10,000 instances: ~2.4 GB allocated, ~70 MB live).
// V8's default lets the heap grow up to 4× the live size between major collections, which took peak RSS to ~360 MB;
// a fixed 1.4× keeps it near 250 MB for a few per cent more GC time (bench/memory.mjs, docs/performance.md).
// It is a growth factor, not a limit: a run that needs more memory still gets it.
setFlagsFromString('--heap-growing-percent=40');

main().then((code) => {
  process.exitCode = code;
});
