/**
 * A plain `run_eval` command line is read without yargs (run-eval-plain.ts): what it reads must be exactly what
 * yargs gives run_eval's handler for the same line, flag by flag, through the parser main.ts runs (cli-parser.ts:
 * its strict mode, repeated-flag check and global flags included).
 */
import { describe, expect, it } from '@jest/globals';
import { readPlainArgv } from '@eval-factory/types';
import { factoryParser, withRunEval } from './cli-parser.js';
import { RUN_EVAL_FLAGS } from './run-eval-flags.js';

const LINES: readonly string[][] = [
  ['run_eval', '--run_config', 'my test.yml'],
  ['run_eval', '--run_config', 'rc.yml', '--output_dir', 'out', '--eval_type', 'helm.pubmed_qa', '--model_id', '007'],
  ['run_eval', '--model_url', 'http://localhost:8000/v1', '--model_type', 'completions', '--api_key_name', 'KEY'],
  ['run_eval', '--run_config', 'rc.yml', '--overrides', 'config.params.limit_samples=10,config.params.parallelism=4'],
  ['run_eval', '--run_config', 'rc.yml', '--dry_run', '--benchmarks_dir', 'defs'],
];

/** The run_eval flags yargs gives the command's handler for `argv`. */
async function withYargs(argv: readonly string[]): Promise<Record<string, unknown>> {
  let parsed: Record<string, unknown> = {};
  await withRunEval(factoryParser([...argv]), (a) => void (parsed = a)).parseAsync();
  return Object.fromEntries(Object.entries(parsed).filter(([k]) => Object.hasOwn(RUN_EVAL_FLAGS, k)));
}

describe('a plain run_eval command line', () => {
  it.each(
    LINES.map((line) => [line.slice(1).join(' '), line]),
  )('%s: read without yargs, as yargs reads it', async (_, line) => {
    const plain = readPlainArgv(line, 'run_eval', RUN_EVAL_FLAGS);
    expect(plain).not.toBeNull();
    expect(plain).toEqual(await withYargs(line));
  });

  it.each([
    [['--debug', 'run_eval', '--run_config', 'rc.yml'], 'a flag before the command'],
    [['run_eval', '--run_config', 'rc.yml', '--debug'], '--debug (a flag of every command)'],
    [['run_eval', '--run_config', 'rc.yml', '--run_config', 'b.yml'], 'a repeated flag (refused by main.ts)'],
    [['run_eval', '--run_config=rc.yml'], '--flag=value'],
    [['run_eval', '--model_type', 'chatty'], 'a value outside the choices (main.ts reports it)'],
    [['run_eval', '--help'], 'help'],
  ])('%j is left to main.ts (%s)', (line) => {
    expect(readPlainArgv(line, 'run_eval', RUN_EVAL_FLAGS)).toBeNull();
  });
});
