import { EXIT, UserError } from '@eval-factory/errors';
import { parseShard, type PlainFlag, type ShardSpec } from '@eval-factory/types';
import { checkRedisUrl } from './cache/index.js';
import { defaultDataCacheDir } from './runner/prepare.js';
import type { RunOptions } from './runner/options.js';
import type { EngineSlotHandover } from './runner/slot-handover.js';

/**
 * The flags of `ef-bench run`: yargs' option table (cli-yargs.ts), and what `readPlainArgv` reads a plain command
 * line by (cli.ts).
 */
export const RUN_FLAGS = {
  'run-entries': { type: 'string', array: true, demandOption: true, describe: '<benchmark>:model=<id>[,k=v…]' },
  suite: { type: 'string', demandOption: true },
  'output-path': { type: 'string', demandOption: true },
  'model-configs': { type: 'string', demandOption: true },
  'max-eval-instances': { type: 'number' },
  n: { type: 'number', default: 1, describe: 'parallelism' },
  'num-train-trials': { type: 'number' },
  'num-output-tokens': { type: 'number' },
  'max-length': { type: 'number' },
  'data-path': { type: 'string' },
  subject: { type: 'string' },
  condition: { type: 'string' },
  'max-new-tokens': { type: 'number' },
  temperature: { type: 'number' },
  'top-p': { type: 'number' },
  'max-retries': { type: 'number', default: 5 },
  'request-timeout': { type: 'number', default: 600 },
  'disable-cache': { type: 'boolean', default: false },
  'cache-path': { type: 'string' },
  'report-corrected': { type: 'string', default: 'true' },
  'prompt-texts': { type: 'string' },
  'benchmark-file': { type: 'string', describe: 'the YAML definition run by a custom:model=<id> entry' },
  'max-failure-rate': { type: 'number', default: 0.05 },
  'allow-data-drift': { type: 'boolean', default: false },
  'requests-per-minute': { type: 'number', describe: 'client-side request rate limit' },
  'tokens-per-minute': { type: 'number', describe: 'client-side token rate limit (prompt estimate + max_tokens)' },
  // Declared positively: yargs reads `--no-helm-files` as helm-files = false (a `no-helm-files` option was rejected
  // by strict mode as the unknown `helm-files`).
  'helm-files': { type: 'boolean', default: true, describe: 'write the HELM run files (--no-helm-files: skip them)' },
  shard: { type: 'string', describe: 'K/N: run only shard K (0-based) of N of each entry (docs/scale.md)' },
  'cache-url': { type: 'string', describe: 'shared request cache beside the local one: redis://HOST:PORT[/DB]' },
  'shared-budget': {
    type: 'boolean',
    default: false,
    describe: 'hold -n and --requests-per-minute across every worker through the --cache-url Redis',
  },
  'merge-units': {
    type: 'boolean',
    default: false,
    describe: 'answer only from the caches of the shards in <output-path>/units/; send nothing',
  },
  'dry-run': { type: 'boolean', default: false },
} as const satisfies Record<string, PlainFlag & { describe?: string }>;

const bool = (v: unknown) => String(v).toLowerCase() === 'true';
const numOrNull = (v: unknown) => (v === undefined || v === null ? null : Number(v));
const stringOrNull = (v: unknown) => (v as string | undefined) ?? null;

/** The parsed flags of `ef-bench run` (keyed by flag name, as yargs and readPlainArgv give them) as run options. */
export function runOptionsOf(a: Record<string, unknown>, slotHandover: EngineSlotHandover | null): RunOptions {
  return {
    runEntries: a['run-entries'] as string[],
    suite: a.suite as string,
    outputPath: a['output-path'] as string,
    modelConfigs: a['model-configs'] as string,
    maxEvalInstances: numOrNull(a['max-eval-instances']),
    parallelism: Math.max(1, Number(a.n)),
    numTrainTrials: numOrNull(a['num-train-trials']),
    numOutputTokens: numOrNull(a['num-output-tokens']),
    maxLength: numOrNull(a['max-length']),
    dataPath: stringOrNull(a['data-path']),
    subject: stringOrNull(a.subject),
    condition: stringOrNull(a.condition),
    maxNewTokens: numOrNull(a['max-new-tokens']),
    temperature: numOrNull(a.temperature),
    topP: numOrNull(a['top-p']),
    maxRetries: Number(a['max-retries']),
    requestTimeoutS: Number(a['request-timeout']),
    disableCache: Boolean(a['disable-cache']),
    cachePath: stringOrNull(a['cache-path']),
    reportCorrected: bool(a['report-corrected']),
    promptTexts: stringOrNull(a['prompt-texts']),
    maxFailureRate: Number(a['max-failure-rate']),
    requestsPerMinute: numOrNull(a['requests-per-minute']),
    tokensPerMinute: numOrNull(a['tokens-per-minute']),
    allowDataDrift: Boolean(a['allow-data-drift']),
    helmFiles: Boolean(a['helm-files']),
    dryRun: Boolean(a['dry-run']),
    dataCacheDir: defaultDataCacheDir(),
    benchmarkFile: stringOrNull(a['benchmark-file']),
    shard: a.shard === undefined ? null : shardOption(String(a.shard)),
    cacheUrl: a['cache-url'] === undefined ? null : checkedRedisUrl(String(a['cache-url'])),
    mergeUnits: Boolean(a['merge-units']),
    sharedBudget: sharedBudgetOption(Boolean(a['shared-budget']), a['cache-url']),
    slotHandover,
  };
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

/** `--cache-url`, checked (EF_CACHE_URL on a malformed URL) and returned as given. */
function checkedRedisUrl(url: string): string {
  checkRedisUrl(url);
  return url;
}
