/**
 * The engine reads the plain `run` command line the factory renders without yargs (cli.ts): what it reads must be
 * exactly what yargs reads from the same line with the same option table, down to the run options.
 */
import { describe, expect, it } from '@jest/globals';
import yargs from 'yargs';
import { readPlainArgv } from '@eval-factory/types';
import { RUN_FLAGS, runOptionsOf } from './run-flags.js';

const ENTRY = ['run', '--run-entries', 'pubmed_qa:model=fake-model', '--suite', 'pubmed_qa'];
const PATHS = ['--output-path', '/tmp/a b/out', '--model-configs', '/tmp/a b/out/model_configs'];

/** Command lines as framework.yml's template renders them (split-argv.ts), and every other flag the table has. */
const LINES: readonly string[][] = [
  [...ENTRY, ...PATHS, '-n', '32', '--max-retries', '5', '--request-timeout', '600', '--data-path', '/tmp/d'],
  [...ENTRY, ...PATHS, '--report-corrected', 'true', '--max-failure-rate', '1', '--disable-cache'],
  [...ENTRY, ...PATHS, '--max-eval-instances', '1000', '--num-train-trials', '1', '--num-output-tokens', '2'],
  [...ENTRY, ...PATHS, '--max-length', '4096', '--subject', 'anatomy', '--condition', 'x', '--max-new-tokens', '512'],
  [...ENTRY, ...PATHS, '--temperature', '0', '--top-p', '0.9', '--cache-path', '/c/cache.db', '--prompt-texts', 'p'],
  [...ENTRY, ...PATHS, '--benchmark-file', 'b.yml', '--allow-data-drift', '--requests-per-minute', '60'],
  [...ENTRY, ...PATHS, '--tokens-per-minute', '1e3', '--shard', '0/4', '--cache-url', 'redis://127.0.0.1:6379'],
  [...ENTRY, ...PATHS, '--cache-url', 'redis://h:1/2', '--shared-budget', '--merge-units', '--dry-run', '--n', '8'],
  [...ENTRY, ...PATHS, '--report-corrected', 'false', '--helm-files'],
];

/** What the engine's yargs parser gives its `run` handler for `argv`. */
async function withYargs(argv: readonly string[]): Promise<Record<string, unknown>> {
  let parsed: Record<string, unknown> = {};
  await yargs([...argv])
    .strict()
    .exitProcess(false)
    .command(
      'run',
      'run benchmark entries',
      (y) => y.options(RUN_FLAGS),
      (a) => void (parsed = a),
    )
    .parseAsync();
  return parsed;
}

describe('the plain `ef-bench run` command line', () => {
  it.each(
    LINES.map((line) => [line.slice(ENTRY.length + PATHS.length).join(' '), line]),
  )('… %s: read without yargs, into the run options yargs gives', async (_, line) => {
    const plain = readPlainArgv(line, 'run', RUN_FLAGS);
    expect(plain).not.toBeNull();
    expect(runOptionsOf(plain as Record<string, unknown>, null)).toEqual(runOptionsOf(await withYargs(line), null));
  });
});
