import yargs, { type Argv } from 'yargs';
import { EXIT, skipHelpCache, UserError } from '@eval-factory/errors';
import { EF_VERSION } from '@eval-factory/orchestrator/start-up';
import { refuseRepeatedFlags } from './repeated-flags.js';
import { RUN_EVAL_FLAGS } from './run-eval-flags.js';
import { usageMessage } from './usage-message.js';

/**
 * `eval-factory`'s parser before its commands (main.ts adds them): what every command line goes through. Its own
 * module with `withRunEval`, so the test of a plain run_eval command line (run-eval-plain.test.ts) compares against
 * exactly the parser main.ts runs.
 */
export function factoryParser(argv: string[]): Argv<{ debug: boolean | undefined }> {
  const cli = skipHelpCache(yargs(argv));
  return cli
    .scriptName('eval-factory')
    .version(EF_VERSION)
    .strict()
    .exitProcess(false)
    .fail((msg, err) => {
      throw err ?? new UserError('EF_USAGE', usageMessage(msg), 'run `eval-factory --help`', EXIT.usage);
    })
    .option('debug', { type: 'boolean', describe: 'debug logging and stack traces on errors' })
    .middleware((a) => refuseRepeatedFlags(a, listFlags(cli)));
}

/** `run_eval` added to `parser`; `run` gets the arguments yargs reads (run-eval-plain.ts must read the same). */
export function withRunEval<T>(parser: Argv<T>, run: (args: Record<string, unknown>) => Promise<void> | void): Argv<T> {
  return parser.command('run_eval', 'run one evaluation', (y) => y.options(RUN_EVAL_FLAGS), run);
}

/**
 * The flags of the command being parsed that take a list. `getOptions` is a method of yargs' instance that its
 * type declarations leave out; the CLI test of a repeated `--overrides` fails if it ever goes.
 */
function listFlags(cli: unknown): readonly string[] {
  return (cli as { getOptions(): { array: string[] } }).getOptions().array;
}
