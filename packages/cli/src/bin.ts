#!/usr/bin/env node
import { endOnClosedPipe, reportError } from '@eval-factory/errors';
import { prestartIfRun, warmSuiteIfRun } from './early-engine.js';

endOnClosedPipe();
const argv = process.argv.slice(2);

if (argv.length === 1 && argv[0] === 'ls') {
  // Plain `eval-factory ls`, the command run most often by hand, skips yargs (~0.1 s of its ~0.25 s start-up); with
  // any flag it goes through the parser like every other command.
  try {
    await (await import('./commands/ls-custom.js')).lsWithCustomCommand();
  } catch (error) {
    process.exitCode = reportError(error, process.env.EF_LOG_LEVEL === 'DEBUG');
  }
} else {
  // The engine (a separate process) loads while this one loads yargs and the config chain; a suite's first engines
  // while it reads the confs and checks every job.
  const engine = await prestartIfRun(argv);
  const releaseSuiteEngines = await warmSuiteIfRun(argv);
  const { main } = await import('./main.js');
  try {
    process.exitCode = await main(argv, engine);
  } finally {
    releaseSuiteEngines();
  }
}
