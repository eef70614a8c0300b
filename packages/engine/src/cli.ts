import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { EXIT, reportError, skipHelpCache, UserError } from '@eval-factory/errors';
import { benchmarkNames } from '@eval-factory/benchmarks';
import type { CustomBenchmarkListing } from '@eval-factory/custom-benchmarks';
import { assemblePrompt, buildAdapterSpec } from './adapters/index.js';
import { Diagnostics } from './runner/diagnostics.js';
import { defaultDataCacheDir } from './runner/prepare.js';
import type { RunOptions } from './runner/options.js';
import type { EngineSlotHandover } from './runner/slot-handover.js';
import { runAll } from './runner/run-all.js';
import { checkRedisUrl } from './cache/index.js';
import { parseShard, type ShardSpec } from '@eval-factory/types';

const bool = (v: unknown) => String(v).toLowerCase() === 'true';

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
function shardOption(text: string): ShardSpec {
  const shard = parseShard(text);
  if (!shard)
    throw new UserError(
      'EF_USAGE',
      `--shard ${text} is not K/N with 0 <= K < N`,
      'give the shard as K/N, e.g. `--shard 0/4` (docs/scale.md)',
      EXIT.usage,
    );
  return shard;
}
function sharedBudgetOption(on: boolean, cacheUrl: unknown): boolean {
  if (on && cacheUrl === undefined)
    throw new UserError(
      'EF_CACHE_URL',
      'a shared endpoint budget needs the shared Redis: shared_budget is set without cache',
      'Set config.params.extra.cache (run_suite --cache) to redis://HOST:PORT (docs/scale.md).',
    );
  return on;
}
const numOrNull = (v: unknown) => (v === undefined || v === null ? null : Number(v));

/** `ef-bench` (docs/architecture.md). Returns the process exit code. */
export async function main(
  argv: string[] = hideBin(process.argv),
  started: { slotHandover?: EngineSlotHandover } = {},
): Promise<number> {
  const debug = argv.includes('--debug') || process.env.EF_LOG_LEVEL === 'DEBUG';
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
      (y) =>
        y
          .option('run-entries', {
            type: 'string',
            array: true,
            demandOption: true,
            describe: '<benchmark>:model=<id>[,k=v…]',
          })
          .option('suite', { type: 'string', demandOption: true })
          .option('output-path', { type: 'string', demandOption: true })
          .option('model-configs', { type: 'string', demandOption: true })
          .option('max-eval-instances', { type: 'number' })
          .option('n', { type: 'number', default: 1, describe: 'parallelism' })
          .option('num-train-trials', { type: 'number' })
          .option('num-output-tokens', { type: 'number' })
          .option('max-length', { type: 'number' })
          .option('data-path', { type: 'string' })
          .option('subject', { type: 'string' })
          .option('condition', { type: 'string' })
          .option('max-new-tokens', { type: 'number' })
          .option('temperature', { type: 'number' })
          .option('top-p', { type: 'number' })
          .option('max-retries', { type: 'number', default: 5 })
          .option('request-timeout', { type: 'number', default: 600 })
          .option('disable-cache', { type: 'boolean', default: false })
          .option('cache-path', { type: 'string' })
          .option('report-corrected', { type: 'string', default: 'true' })
          .option('prompt-texts', { type: 'string' })
          .option('benchmark-file', {
            type: 'string',
            describe: 'the YAML definition run by a custom:model=<id> entry',
          })
          .option('max-failure-rate', { type: 'number', default: 0.05 })
          .option('allow-data-drift', { type: 'boolean', default: false })
          .option('requests-per-minute', { type: 'number', describe: 'client-side request rate limit' })
          .option('tokens-per-minute', {
            type: 'number',
            describe: 'client-side token rate limit (prompt estimate + max_tokens)',
          })
          // Declared positively: yargs reads `--no-helm-files` as helm-files = false (a `no-helm-files` option was
          // rejected by strict mode as the unknown `helm-files`).
          .option('helm-files', {
            type: 'boolean',
            default: true,
            describe: 'write the HELM run files (--no-helm-files: skip them)',
          })
          .option('shard', {
            type: 'string',
            describe: 'K/N: run only shard K (0-based) of N of each entry (docs/scale.md)',
          })
          .option('cache-url', {
            type: 'string',
            describe: 'shared request cache beside the local one: redis://HOST:PORT[/DB]',
          })
          .option('shared-budget', {
            type: 'boolean',
            default: false,
            describe: 'hold -n and --requests-per-minute across every worker through the --cache-url Redis',
          })
          .option('merge-units', {
            type: 'boolean',
            default: false,
            describe: 'answer only from the caches of the shards in <output-path>/units/; send nothing',
          })
          .option('dry-run', { type: 'boolean', default: false })
          .check(finiteNumbers),
      async (a) => {
        const options: RunOptions = {
          runEntries: a['run-entries'] as string[],
          suite: a.suite as string,
          outputPath: a['output-path'] as string,
          modelConfigs: a['model-configs'] as string,
          maxEvalInstances: numOrNull(a['max-eval-instances']),
          parallelism: Math.max(1, Number(a.n)),
          numTrainTrials: numOrNull(a['num-train-trials']),
          numOutputTokens: numOrNull(a['num-output-tokens']),
          maxLength: numOrNull(a['max-length']),
          dataPath: (a['data-path'] as string | undefined) ?? null,
          subject: (a.subject as string | undefined) ?? null,
          condition: (a.condition as string | undefined) ?? null,
          maxNewTokens: numOrNull(a['max-new-tokens']),
          temperature: numOrNull(a.temperature),
          topP: numOrNull(a['top-p']),
          maxRetries: Number(a['max-retries']),
          requestTimeoutS: Number(a['request-timeout']),
          disableCache: Boolean(a['disable-cache']),
          cachePath: (a['cache-path'] as string | undefined) ?? null,
          reportCorrected: bool(a['report-corrected']),
          promptTexts: (a['prompt-texts'] as string | undefined) ?? null,
          maxFailureRate: Number(a['max-failure-rate']),
          requestsPerMinute: numOrNull(a['requests-per-minute']),
          tokensPerMinute: numOrNull(a['tokens-per-minute']),
          allowDataDrift: Boolean(a['allow-data-drift']),
          helmFiles: Boolean(a['helm-files']),
          dryRun: Boolean(a['dry-run']),
          dataCacheDir: defaultDataCacheDir(),
          benchmarkFile: (a['benchmark-file'] as string | undefined) ?? null,
          shard: a.shard === undefined ? null : shardOption(String(a.shard)),
          cacheUrl: a['cache-url'] === undefined ? null : checkedRedisUrl(String(a['cache-url'])),
          mergeUnits: Boolean(a['merge-units']),
          sharedBudget: sharedBudgetOption(Boolean(a['shared-budget']), a['cache-url']),
          slotHandover: started.slotHandover ?? null,
        };
        code = await runAll(options, debug);
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

/** `--cache-url`, checked (EF_CACHE_URL on a malformed URL) and returned as given. */
function checkedRedisUrl(url: string): string {
  checkRedisUrl(url);
  return url;
}
