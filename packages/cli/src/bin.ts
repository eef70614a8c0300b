#!/usr/bin/env node
import { endOnClosedPipe } from '@eval-factory/errors';
import { prestartIfRun } from './early-engine.js';

endOnClosedPipe();
const argv = process.argv.slice(2);
// The engine (a separate process) loads while this one loads yargs and the config chain.
const engine = await prestartIfRun(argv);
const { main } = await import('./main.js');

main(argv, engine).then((code) => {
  process.exitCode = code;
});
