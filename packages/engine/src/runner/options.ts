import type { ShardSpec } from '@eval-factory/types';
import type { EngineSlotHandover } from './slot-handover.js';

/** Everything `ef-bench run` accepts (docs/architecture.md), parsed. */
export interface RunOptions {
  readonly runEntries: readonly string[];
  readonly suite: string;
  readonly outputPath: string;
  readonly modelConfigs: string;
  readonly maxEvalInstances: number | null;
  readonly parallelism: number;
  readonly numTrainTrials: number | null;
  readonly numOutputTokens: number | null;
  readonly maxLength: number | null;
  readonly dataPath: string | null;
  readonly subject: string | null;
  readonly condition: string | null;
  readonly maxNewTokens: number | null;
  readonly temperature: number | null;
  readonly topP: number | null;
  readonly maxRetries: number;
  readonly requestTimeoutS: number;
  readonly disableCache: boolean;
  readonly cachePath: string | null;
  readonly reportCorrected: boolean;
  readonly promptTexts: string | null;
  readonly maxFailureRate: number;
  /** Client-side pacing of the evaluated endpoint; null = off. */
  readonly requestsPerMinute: number | null;
  readonly tokensPerMinute: number | null;
  readonly allowDataDrift: boolean;
  readonly helmFiles: boolean;
  readonly dryRun: boolean;
  /** Per-user data cache (downloads); `EF_DATA_CACHE` or `~/.cache/eval-factory`. */
  readonly dataCacheDir: string;
  /** `--benchmark-file`: the YAML definition a `custom:` run entry runs. */
  readonly benchmarkFile?: string | null;
  /** `--shard K/N`: run only the instances of shard K of the job (docs/scale.md). */
  readonly shard?: ShardSpec | null;
  /** `--cache-url redis://…`: a shared cache beside the local SQLite one (docs/scale.md). */
  readonly cacheUrl?: string | null;
  /**
   * `--merge-units`: the run answers from its own cache and the caches of the shards in `units/` only, and sends
   * nothing; an instance no shard answered fails with EF_UNIT_MISSING (docs/scale.md).
   */
  readonly mergeUnits?: boolean;
  /** `--shared-budget`: `parallelism` and `requests_per_minute` held across all workers through the `--cache-url` Redis. */
  readonly sharedBudget?: boolean;
  /**
   * A suite's prepared engine (ENGINE_SEND_GATE_ENV in @eval-factory/types): the run's share of the endpoint's slots,
   * granted by the factory; the run waits for its first slots once everything before the first request is ready,
   * and gives up the slots of its last requests. Null when the run may send at once with its whole parallelism.
   */
  readonly slotHandover?: EngineSlotHandover | null;
}

/** What each runner stage reads of the run's options (runBenchmark, the orchestrator, hands each its slice). */
export type ResolveOptions = Pick<
  RunOptions,
  'maxEvalInstances' | 'numOutputTokens' | 'numTrainTrials' | 'maxLength' | 'subject' | 'condition' | 'benchmarkFile'
>;
export type PrepareOptions = Pick<
  RunOptions,
  | 'shard'
  | 'dataPath'
  | 'dataCacheDir'
  | 'allowDataDrift'
  | 'maxNewTokens'
  | 'temperature'
  | 'topP'
  | 'promptTexts'
  | 'reportCorrected'
  | 'dryRun'
  | 'slotHandover'
  | 'disableCache'
  | 'parallelism'
>;
/**
 * Whether the run looks its model answers up in a cache: its own file, and with it Redis (`--cache-url`) and the
 * merged units' files. Off only with `--disable-cache`: without the run's own file no tier is opened (open-cache.ts).
 */
export function looksAnswersUp(options: Pick<RunOptions, 'disableCache'>): boolean {
  return !options.disableCache;
}

export type FinishOptions = Pick<RunOptions, 'outputPath' | 'maxFailureRate' | 'promptTexts' | 'dataPath'>;

/** Circuit breaker: this many consecutive requests that exhausted their retries stop the run (docs/architecture.md). */
export const CIRCUIT_BREAKER_LIMIT = 20;

/**
 * After Ctrl-C or SIGTERM, how long the model's answers already on the wire may take to arrive (they are paid for:
 * received, cached and scored instead of sent again by the resume); what has not arrived by then is `not sent`.
 * Well inside the 30 s a Kubernetes pod or a Slurm task gets between SIGTERM and SIGKILL (docs/errors.md).
 */
export const STOP_GRACE_MS = 10_000;
