import { hideBin } from 'yargs/helpers';
import { EXIT, reportError } from '@eval-factory/errors';
import { factoryParser, withRunEval } from './cli-parser.js';
import type { PrestartedEngine } from '@eval-factory/executor/prestart';
import { COMPARE_FLAGS, COMPARE_POSITIONALS } from './commands/compare.js';
import { SERVE_FLAGS } from './commands/serve.js';
import { REPORT_FLAGS } from './commands/report.js';
import { RUN_SUITE_FLAGS, SUMMARIZE_FLAGS } from '@eval-factory/orchestrator/start-up';
import { RUN_EVAL_FLAGS } from './run-eval-flags.js';

/** `--benchmarks_dir` of `ls` and `validate` (docs/custom-benchmarks.md). */
const BENCHMARKS_DIR = { benchmarks_dir: RUN_EVAL_FLAGS.benchmarks_dir } as const;

/**
 * `eval-factory [--debug] <command>`; returns the exit code. One top-level handler prints coded errors. `engine`
 * is an engine process bin.ts started for a `run_eval` (released here whatever the command turns out to be).
 */
export async function main(
  argv: string[] = hideBin(process.argv),
  engine: PrestartedEngine | null = null,
): Promise<number> {
  try {
    return await parseAndRun(argv, engine);
  } finally {
    engine?.dispose();
  }
}

async function parseAndRun(argv: string[], engine: PrestartedEngine | null): Promise<number> {
  const debug = argv.includes('--debug') || process.env.EF_LOG_LEVEL === 'DEBUG';
  let code: number = EXIT.ok;
  const runEval = async (a: Record<string, unknown>) => {
    if (a.debug) process.env.EF_LOG_LEVEL = 'DEBUG';
    code = await (await import('./run-eval-plain.js')).runEval(a, engine);
  };
  // Commands load their modules on use: `ls` must not pay for the whole run_eval chain at start-up.
  const first = factoryParser(argv)
    .command(
      'ls',
      'list the available evaluations (and the custom benchmarks of --benchmarks_dir)',
      (y) => y.options(BENCHMARKS_DIR),
      async (a) => (await import('./commands/ls-custom.js')).lsWithCustomCommand(a),
    )
    .command(
      'validate <benchmark>',
      'check a custom benchmark definition and its data; no model is called',
      (y) =>
        y
          .positional('benchmark', {
            type: 'string',
            demandOption: true,
            describe: 'definition file (.yml), or a name in --benchmarks_dir',
          })
          .options(BENCHMARKS_DIR),
      async (a) => {
        code = await (await import('./commands/validate.js')).validateCommand(a as never);
      },
    );
  const parser = withRunEval(first, runEval)
    .command(
      'run_suite',
      'run a whole suite: HELM run-entries files × --models-to-run, then one leaderboard',
      (y) => y.options(RUN_SUITE_FLAGS),
      async (a) => {
        code = await (await import('@eval-factory/orchestrator')).runSuiteCommand(a as never);
      },
    )
    .command(
      'merge <dir>',
      'combine the work units of a suite (sharded jobs) into one run per job, then the leaderboard',
      (y) =>
        y
          .positional('dir', {
            type: 'string',
            demandOption: true,
            describe: 'the suite folder (<output_dir>/<suite>)',
          })
          .option('schema', {
            type: 'string',
            describe:
              "categories for the leaderboard, as run_suite's --schema: 'medhelm' (default) or a HELM schema file",
          }),
      async (a) => {
        code = await (await import('@eval-factory/orchestrator')).mergeCommand(a as never);
      },
    )
    .command(
      'status <dir>',
      'what a suite folder holds: done, running, failed (with the reason) and left',
      (y) =>
        y.positional('dir', {
          type: 'string',
          demandOption: true,
          describe: 'the suite folder (<output_dir>/<suite>) or a folder of runs',
        }),
      async (a) => {
        code = (await import('@eval-factory/orchestrator')).suiteStatusCommand(a as never);
      },
    )
    .command(
      'summarize [dirs..]',
      'leaderboard of the runs under the given folders (intervals, win rate)',
      (y) =>
        y
          .positional('dirs', { type: 'string', array: true, describe: 'run folders, or folders above them' })
          .options(SUMMARIZE_FLAGS),
      async (a) => {
        code = await (await import('@eval-factory/orchestrator')).summarizeCommand(a as never);
      },
    )
    .command(
      'compare <a> <b>',
      'paired comparison of two models on the same instances',
      (y) => y.positional('a', COMPARE_POSITIONALS.a).positional('b', COMPARE_POSITIONALS.b).options(COMPARE_FLAGS),
      async (a) => {
        code = await (await import('./commands/compare.js')).compareCommand(a as never);
      },
    )
    .command(
      'serve [dirs..]',
      'local web viewer of the runs under the given folders (on 127.0.0.1)',
      (y) =>
        y
          .positional('dirs', { type: 'string', array: true, describe: 'run folders, or folders above them' })
          .options(SERVE_FLAGS),
      async (a) => {
        code = await (await import('./commands/serve.js')).serveCommand(a as never);
      },
    )
    .command(
      'report [dirs..]',
      'the viewer as one self-contained HTML file (opens from disk, no network)',
      (y) =>
        y
          .positional('dirs', { type: 'string', array: true, describe: 'run folders, or folders above them' })
          .options(REPORT_FLAGS),
      async (a) => {
        code = await (await import('./commands/report.js')).reportCommand(a as never);
      },
    )
    .help();
  if (
    argv.filter((a) => !a.startsWith('-')).length === 0 &&
    !argv.some((a) => ['--help', '-h', '--version'].includes(a))
  ) {
    process.stdout.write(`${await parser.getHelp()}\n`);
    return EXIT.ok;
  }
  try {
    await parser.parseAsync();
  } catch (error) {
    return reportError(error, debug);
  }
  return code;
}
