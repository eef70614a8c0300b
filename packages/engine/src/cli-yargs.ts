import yargs from 'yargs';
import { EXIT, reportError, skipHelpCache, UserError } from '@eval-factory/errors';
import { benchmarkNames } from '@eval-factory/benchmarks';
import type { CustomBenchmarkListing } from '@eval-factory/custom-benchmarks';
import { assemblePrompt, buildAdapterSpec } from './adapters/index.js';
import { Diagnostics } from './runner/diagnostics.js';
import { defaultDataCacheDir } from './runner/prepare.js';
import type { EngineSlotHandover } from './runner/slot-handover.js';
import { runAll } from './runner/run-all.js';
import { RUN_FLAGS, runOptionsOf } from './run-flags.js';

/**
 * yargs turns `--max-retries x` into NaN, which would retry forever (`attempt >= NaN` is never true) or start no
 * workers (`-n x`): every number option must be a finite number.
 */
function finiteNumbers(a: Record<string, unknown>): true {
  // yargs keeps each option under its flag name and a camelCase alias: report the flag name.
  const bad = Object.keys(a).find(
    (name) => !/[A-Z]/.test(name) && typeof a[name] === 'number' && !Number.isFinite(a[name]),
  );
  if (bad !== undefined) {
    throw new UserError('EF_USAGE', `--${bad} must be a number`, 'give a number, e.g. `--max-retries 5`', EXIT.usage);
  }
  return true;
}

/**
 * Every `ef-bench` command line through yargs: `list`, `validate`, help, and any `run` that cli.ts does not read
 * itself (or that is wrong: yargs reports it). Returns the process exit code.
 */
export async function mainWithYargs(
  argv: string[],
  started: { slotHandover?: EngineSlotHandover },
  debug: boolean,
): Promise<number> {
  let code: number = EXIT.ok;
  const parser = skipHelpCache(yargs(argv))
    .scriptName('ef-bench')
    .strict()
    .exitProcess(false)
    .fail((msg, err) => {
      throw err ?? new UserError('EF_USAGE', msg, 'run `ef-bench run --help`', EXIT.usage);
    })
    .option('debug', { type: 'boolean', describe: 'stack traces on errors' })
    .command(
      'list',
      'list benchmark names, one per line',
      (y) =>
        y.option('benchmarks-dir', {
          type: 'string',
          describe: 'also list the custom definitions (*.yml) in this folder',
        }),
      async (a) => {
        // The folder is read first, so a bad --benchmarks-dir fails before anything is printed.
        const dir = a['benchmarks-dir'];
        const custom =
          dir === undefined
            ? null
            : (await import('@eval-factory/custom-benchmarks')).listCustomBenchmarks(String(dir));
        for (const name of benchmarkNames()) process.stdout.write(`${name}\n`);
        if (custom) printCustom(custom);
      },
    )
    .command(
      'validate <file>',
      'check a custom benchmark definition and its data (no model is called); print the first prompt',
      (y) => y.positional('file', { type: 'string', demandOption: true }),
      async (a) => {
        await validateDefinition(String(a.file));
      },
    )
    .command(
      'run',
      'run benchmark entries',
      (y) => y.options(RUN_FLAGS).check(finiteNumbers),
      async (a) => {
        code = await runAll(runOptionsOf(a, started.slotHandover ?? null), debug);
      },
    )
    .demandCommand(1, 'name a command: run, list or validate')
    .help();
  try {
    await parser.parseAsync();
  } catch (error) {
    return reportError(error, debug);
  }
  return code;
}

/** `list --benchmarks-dir`: each definition's name and a tab and `custom`; broken files are warnings on stderr. */
function printCustom({ benchmarks, problems }: CustomBenchmarkListing): void {
  for (const b of benchmarks) process.stdout.write(`${b.name}\tcustom\n`);
  for (const p of problems) process.stderr.write(`warning[${p.code}]: ${p.message}\n`);
}

/**
 * `validate FILE`: the definition, then all of its data, checked without calling a model; prints the instance
 * count and the first prompt exactly as the adapter assembles it (with the few-shot examples).
 */
async function validateDefinition(file: string): Promise<void> {
  const { loadCustomBenchmark } = await import('@eval-factory/custom-benchmarks');
  const benchmark = loadCustomBenchmark(file);
  const diag = new Diagnostics();
  const loaded = await benchmark.load({
    args: {},
    dataPath: null,
    cacheDir: defaultDataCacheDir(),
    allowDataDrift: false,
    warn: diag.warn,
    log: diag.log,
  });
  const evaluated = loaded.instances.filter((i) => i.split !== 'train');
  const adapter = buildAdapterSpec(benchmark.prompt);
  const train = loaded.instances.filter((i) => i.split === 'train').slice(0, adapter.max_train_instances);
  const { prompt } = assemblePrompt(adapter, evaluated[0]!, train);
  process.stdout.write(`ok: ${benchmark.name}: ${evaluated.length} instances\n\nFirst prompt:\n${prompt}\n`);
}
