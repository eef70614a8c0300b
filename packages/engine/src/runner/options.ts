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
  /** `--benchmark-file`: the YAML definition a `custom:` run entry runs (issue 7). */
  readonly benchmarkFile?: string | null;
}

/** What each runner stage reads of the run's options (runBenchmark, the orchestrator, hands each its slice). */
export type ResolveOptions = Pick<
  RunOptions,
  'maxEvalInstances' | 'numOutputTokens' | 'numTrainTrials' | 'maxLength' | 'subject' | 'condition' | 'benchmarkFile'
>;
export type PrepareOptions = Pick<
  RunOptions,
  | 'dataPath'
  | 'dataCacheDir'
  | 'allowDataDrift'
  | 'maxNewTokens'
  | 'temperature'
  | 'topP'
  | 'promptTexts'
  | 'reportCorrected'
>;
export type FinishOptions = Pick<RunOptions, 'outputPath' | 'maxFailureRate' | 'promptTexts'>;

/** Circuit breaker: this many consecutive requests that exhausted their retries stop the run (docs/architecture.md). */
export const CIRCUIT_BREAKER_LIMIT = 20;
