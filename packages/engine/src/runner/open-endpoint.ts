import { describeSecret } from '@eval-factory/errors';
import { join } from 'node:path';
import { RUN_FILES, START_MARKS } from '@eval-factory/types';
import { createAuthContext, resolveModelKey, withHeaderValues } from '../auth/index.js';
import { openRequestCache, type CacheSetup, type RequestCache } from '../cache/index.js';
import {
  createModelClient,
  createSender,
  RequestLimiter,
  openSharedBudget,
  readsAs,
  type ModelClient,
  type ModelDeployment,
  type SharedBudget,
} from '../clients/index.js';
import type { RetryObserver } from '../clients/retry.js';
import { planJury, type JuryPlan } from '../judges/index.js';
import { runLog } from '../output/run-log.js';
import { ENGINE_VERSION } from '../version.js';
import type { Diagnostics } from './diagnostics.js';
import { looksAnswersUp, type RunOptions, STOP_GRACE_MS } from './options.js';
import type { Progress } from './progress.js';
import type { ResolvedRun } from './resolve-run.js';

/** What a run sends through: its model client with cache, limits and budget, and its jury when it has one. */
export interface Endpoint {
  readonly client: ModelClient;
  readonly cache: RequestCache;
  readonly cacheSetup: CacheSetup;
  readonly budget: SharedBudget | null;
  readonly limiter: RequestLimiter;
  readonly juryPlan: JuryPlan | null;
  /** Where retries report their waits: the run's progress bar while it sends. */
  showRetriesOn(progress: Progress | null): void;
}

/**
 * Reads the run's credentials (the only place: auth/, where every value found is registered with the redactor),
 * plans the jury (judges' credentials are resolved before any model request is paid for) and opens the cache, the
 * shared budget and the model client.
 */
export async function openEndpoint(
  run: ResolvedRun,
  deployment: ModelDeployment,
  options: RunOptions,
  diag: Diagnostics,
): Promise<Endpoint> {
  // Opened once the run's data is loaded and selected (run-benchmark.ts).
  performance.mark(START_MARKS.dataReady);
  const out = options.outputPath;
  const auth = createAuthContext({ outputDir: out, log: diag.log, warn: diag.warn });
  // A merge sends nothing, so it needs no key (it runs where the shards' folders are, often without one).
  const apiKey = options.mergeUnits ? null : resolveModelKey(deployment.auth, auth);
  // The headers' ${VAR} values, read once for the endpoint; only the sender holds them (files keep the references).
  const sending = options.mergeUnits ? deployment : withHeaderValues(deployment, auth);
  if (apiKey !== null && deployment.auth.kind === 'api_key')
    runLog.event(`model key: ${deployment.name}`, describeSecret(deployment.auth.env, apiKey));
  const retry = retrySettings(options);
  const juryPlan = run.benchmark.jury ? planJury({ ...juryOf(run, options), auth, retry }) : null;
  const cacheSetup = cacheSetupOf(options);
  const { cache, budget } = await openStores(deployment, cacheSetup, options, diag);
  let progress: Progress | null = null;
  const observer: RetryObserver = { retryWait: (t) => progress?.retryWait(t), retryDone: () => progress?.retryDone() };
  const limiter = new RequestLimiter({
    maxConcurrency: options.parallelism,
    requestsPerMinute: options.requestsPerMinute,
    tokensPerMinute: options.tokensPerMinute,
  });
  const client = createModelClient({
    deployment,
    send: createSender(sending, apiKey),
    cache,
    engineVersion: ENGINE_VERSION,
    limiter,
    policy: { ...retryPolicy(deployment, retry), observer },
    offline: options.mergeUnits === true,
    ...(budget ? { budget } : {}),
  });
  const showRetriesOn = (p: Progress | null) => void (progress = p);
  performance.mark(START_MARKS.endpointOpen);
  return { client, cache, cacheSetup, budget, limiter, juryPlan, showRetriesOn };
}

/** The model client's retries: the run's settings, the endpoint's NVCF backing, and the stop's grace. */
function retryPolicy(deployment: ModelDeployment, retry: ReturnType<typeof retrySettings>) {
  return {
    ...retry,
    nvcfBacked: deployment.nvcf.backed,
    target: `model ${deployment.name} ${deployment.request_url}`,
    stopGraceMs: Math.min(retry.timeoutMs, STOP_GRACE_MS),
  };
}

/** The jury of a judged benchmark (its judges' credentials are resolved by planJury, with the run's auth). */
function juryOf(run: ResolvedRun, options: RunOptions) {
  return {
    spec: run.benchmark.jury as NonNullable<typeof run.benchmark.jury>,
    benchmark: run.benchmark.name,
    modelConfigsDir: options.modelConfigs,
    engineVersion: ENGINE_VERSION,
    mergeUnits: options.mergeUnits === true,
  };
}

function retrySettings(options: RunOptions) {
  return {
    maxRetries: options.maxRetries,
    timeoutMs: options.requestTimeoutS * 1000,
    backoffBaseS: Number(process.env.EF_RETRY_BASE_SECONDS ?? 1),
    backoffCapS: 60,
  };
}

/** Where answers are cached: off, `--cache-path`, or the run's output folder (one route: the command line). */
function cacheSetupOf(options: RunOptions): CacheSetup {
  return {
    file: looksAnswersUp(options) ? (options.cachePath ?? join(options.outputPath, RUN_FILES.cache)) : null,
    redisUrl: options.cacheUrl ?? null,
    unitsOf: options.mergeUnits ? options.outputPath : null,
  };
}

/** The request cache and, with `--shared-budget`, the endpoint's budget shared through Redis. */
async function openStores(
  deployment: ModelDeployment,
  cacheSetup: CacheSetup,
  options: RunOptions,
  diag: Diagnostics,
): Promise<{ cache: RequestCache; budget: SharedBudget | null }> {
  const endpoint = `${deployment.model_name}@${deployment.request_url}`;
  const cache = await openRequestCache(cacheSetup, 'model', endpoint, diag.warn, (response) =>
    readsAs(response, [deployment.endpoint_type]),
  );
  const budget =
    options.sharedBudget && options.cacheUrl && !options.mergeUnits
      ? await openSharedBudget({
          url: options.cacheUrl,
          endpoint,
          parallelism: options.parallelism,
          requestsPerMinute: options.requestsPerMinute,
          leaseMs: options.requestTimeoutS * 1000 + 30_000,
          warn: diag.warn,
        })
      : null;
  return { cache, budget };
}
