#!/usr/bin/env node
import { endOnClosedPipe, reportError } from '@eval-factory/errors';
import { prestartIfRun, takeEarlyEngine, warmSuiteIfRun } from './early-engine.js';

endOnClosedPipe();
const argv = process.argv.slice(2);
// The engine (a separate process), when this command runs one, starts first: it loads while this process loads
// everything else, yargs and the config chain included (docs/architecture.md, "Start-up"). The installed bin has
// started it already when it runs the bundle (early-start.ts).
const early = takeEarlyEngine();
const engine = early === undefined ? await prestartIfRun(argv) : early;

if (argv.length === 1 && argv[0] === 'ls') {
  // Plain `eval-factory ls`, the command run most often by hand, skips yargs (~0.1 s of its ~0.25 s start-up); with
  // any flag it goes through the parser like every other command.
  try {
    await (await import('./commands/ls-custom.js')).lsWithCustomCommand();
  } catch (error) {
    process.exitCode = reportError(error, process.env.EF_LOG_LEVEL === 'DEBUG');
  }
} else {
  // A plain run_eval command line runs without yargs (run-eval-plain.ts); anything else goes through its parser.
  const plain = argv[0] === 'run_eval' ? await (await import('./run-eval-plain.js')).runEvalPlain(argv, engine) : null;
  if (plain !== null) process.exitCode = plain;
  else await parseAndRun(argv);
}

async function parseAndRun(argv: string[]): Promise<void> {
  // A suite's first engines start while this process reads the confs and checks every job.
  const releaseSuiteEngines = await warmSuiteIfRun(argv);
  const { main } = await import('./main.js');
  try {
    process.exitCode = await main(argv, engine);
  } finally {
    releaseSuiteEngines();
  }
}
