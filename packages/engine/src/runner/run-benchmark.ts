import { describeSecret } from '@eval-factory/errors';
import { join } from 'node:path';
import { RUN_FILES, type EngineSummary, type Instance, type RunStatus } from '@eval-factory/types';
import { createAuthContext, resolveModelKey, withHeaderValues } from '../auth/index.js';
import { openRequestCache, type CacheSetup } from '../cache/index.js';
import {
  buildRequestBody,
  createModelClient,
  createSender,
  readModelDeployment,
  RequestLimiter,
  openSharedBudget,
  readsAs,
  type ModelCallRecord,
} from '../clients/index.js';
import { planJury } from '../judges/index.js';
import { writeJsonlAtomic } from '../output/atomic.js';
import { JsonlAppender } from '../output/jsonl-appender.js';
import { ENGINE_VERSION } from '../version.js';
import type { Diagnostics } from './diagnostics.js';
import { DryRunSize } from './dry-run-size.js';
import { executeRequests } from './execute-requests.js';
import { type RunOptions, STOP_GRACE_MS } from './options.js';
import { untilAborted } from './until-aborted.js';
import { prepareRun } from './prepare.js';
import { scrubPrepared } from './scrub-secrets.js';
import { createProgress, type Progress } from './progress.js';
import { withProgressFile } from './progress-file.js';
import type { RetryObserver } from '../clients/retry.js';
import { ignoredArgFlags, resolveRun } from './resolve-run.js';
import { runLog } from '../output/run-log.js';
import { activeMetrics, completionTexts, notSentResult, scoreOne, type ScoredResult } from './score.js';
import type { AnnotationResult } from './annotate.js';
import { EarlyScoring } from './early-scoring.js';
import { ResultSink } from './result-sink.js';
import { scoreAfterAnswers, type Scored } from './score-after-answers.js';
import { finishRun, helmRunSpec } from './finish-run.js';
import type { PreparedRun } from './prepare.js';

export interface RunOutcome {
  readonly status: RunStatus;
  readonly runDir: string;
  readonly summary: EngineSummary | null;
  readonly interrupted: boolean;
}

/** One run entry end to end: resolve → load/select → requests → send → score → write every output file. */
export async function runBenchmark(
  entry: string,
  options: RunOptions,
  diag: Diagnostics,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const startedAt = new Date();
  const run = await resolveRun(entry, options);
  const ignored = ignoredArgFlags(run.benchmark, options);
  if (ignored.length) {
    const list = ignored.map(([k, v]) => `${k}=${v} (config.params.extra.${k})`).join(', ');
    diag.warn(
      'EF_PARAM_IGNORED',
      `${list} ignored: benchmark '${run.benchmark.name}' does not use ${ignored.map(([k]) => k).join(' or ')}`,
    );
  }
  const runDirRel = `runs/${options.suite}/${run.runDir}`;
  const deployment = readModelDeployment(options.modelConfigs, run.model);
  const loaded = await prepareRun(run, options, diag);
  const out = options.outputPath;

  if (options.dryRun) {
    // A preview needs no key, but one that is set is still kept out of the files it writes.
    try {
      resolveModelKey(
        deployment.auth,
        createAuthContext({ outputDir: out, log: () => undefined, warn: () => undefined }),
      );
    } catch {
      // no key to scrub
    }
    const prepared = scrubPrepared(loaded);
    await writeJsonlAtomic(join(out, RUN_FILES.instancesJsonl), prepared.selected, instanceLine);
    const size = new DryRunSize();
    await writeJsonlAtomic(join(out, RUN_FILES.modelResponses), prepared.requests, (r) => {
      const request = buildRequestBody(r, deployment);
      size.count(r.prompt, request);
      return { instance_id: r.instance_id, train_trial_index: r.train_trial_index, request };
    });
    await size.write(out, { instances: prepared.selected.length, requests: prepared.requests.length }, diag);
    return { status: 'success', runDir: runDirRel, summary: null, interrupted: false };
  }

  // The only place secrets are read (auth/); every value found is registered with the redactor there.
  const auth = createAuthContext({ outputDir: out, log: diag.log, warn: diag.warn });
  // A merge sends nothing, so it needs no key (it runs where the shards' folders are, often without one).
  const apiKey = options.mergeUnits ? null : resolveModelKey(deployment.auth, auth);
  // The headers' ${VAR} values, read once for the endpoint; only the sender holds them (files keep the references).
  const sending = options.mergeUnits ? deployment : withHeaderValues(deployment, auth);
  if (apiKey !== null && deployment.auth.kind === 'api_key')
    runLog.event(`model key: ${deployment.name}`, describeSecret(deployment.auth.env, apiKey));
  const s = deployment.request_settings;
  const retry = {
    maxRetries: options.maxRetries,
    timeoutMs: options.requestTimeoutS * 1000,
    backoffBaseS: Number(process.env.EF_RETRY_BASE_SECONDS ?? 1),
    backoffCapS: 60,
  };
  // Judges are configured and their credentials resolved before any model request is paid for.
  const juryPlan = run.benchmark.jury
    ? planJury({
        spec: run.benchmark.jury,
        benchmark: run.benchmark.name,
        modelConfigsDir: options.modelConfigs,
        auth,
        retry,
        engineVersion: ENGINE_VERSION,
        mergeUnits: options.mergeUnits === true,
      })
    : null;
  // Every secret is registered now: none that reached the data or a prompt file is sent, cached or written.
  const prepared = scrubPrepared(loaded);
  await writeJsonlAtomic(join(out, RUN_FILES.instancesJsonl), prepared.selected, instanceLine);
  const cacheSetup: CacheSetup = {
    file: options.disableCache ? null : (options.cachePath ?? join(out, RUN_FILES.cache)),
    redisUrl: options.cacheUrl ?? null,
    unitsOf: options.mergeUnits ? out : null,
  };
  const cache = await openRequestCache(
    cacheSetup,
    'model',
    `${deployment.model_name}@${deployment.request_url}`,
    diag.warn,
    (response) => readsAs(response, [deployment.endpoint_type]),
  );
  const budget =
    options.sharedBudget && options.cacheUrl && !options.mergeUnits
      ? await openSharedBudget({
          url: options.cacheUrl,
          endpoint: `${deployment.model_name}@${deployment.request_url}`,
          parallelism: options.parallelism,
          requestsPerMinute: options.requestsPerMinute,
          leaseMs: options.requestTimeoutS * 1000 + 30_000,
          warn: diag.warn,
        })
      : null;
  // The progress bar is made once the cache has been read; retries report to it through this forwarder.
  let progress: Progress | null = null;
  const retryActivity: RetryObserver = {
    retryWait: (t) => progress?.retryWait(t),
    retryDone: () => progress?.retryDone(),
  };
  const limiter = new RequestLimiter({
    maxConcurrency: options.parallelism,
    requestsPerMinute: options.requestsPerMinute,
    tokensPerMinute: options.tokensPerMinute,
  });
  const turn = options.slotHandover ?? null;
  turn?.bind(limiter, options.parallelism, prepared.requests.length);
  const client = createModelClient({
    deployment,
    send: createSender(sending, apiKey),
    cache,
    engineVersion: ENGINE_VERSION,
    limiter,
    policy: {
      ...retry,
      nvcfBacked: deployment.nvcf.backed,
      target: `model ${deployment.name} ${deployment.request_url}`,
      observer: retryActivity,
      stopGraceMs: Math.min(retry.timeoutMs, STOP_GRACE_MS),
    },
    offline: options.mergeUnits === true,
    ...(budget ? { budget } : {}),
  });
  const cachedAhead = await client.prefetch(prepared.requests);
  if (cachedAhead > 0) diag.log(`${run.benchmark.name}: ${cachedAhead} answers found in the cache; sending the rest`);
  const active = activeMetrics(run.benchmark, options.reportCorrected);
  const activeNames = new Set(active.map((m) => m.name));
  const instanceOf = requestInstances(prepared);
  const records: (ModelCallRecord | undefined)[] = new Array(prepared.requests.length);
  const scoreAt = (i: number, annotation?: AnnotationResult): ScoredResult => {
    const r = prepared.requests[i];
    const outcome = records[i]?.outcome;
    if (!outcome && signal.aborted) return notSentResult(r, instanceOf(i));
    return scoreOne(run.benchmark, instanceOf(i), r, outcome, completionTexts(outcome, s), annotation, activeNames);
  };
  const helmSpec = options.helmFiles ? helmRunSpec({ run, prepared, deployment, outputPath: out, runDirRel }) : null;
  // Every result goes to the sink (the files and tallies). Scores that need nothing but the answer are made as
  // answers arrive, each answer dropped once it is there; judged and annotated runs score after the last answer.
  const sink = await ResultSink.open({ outputDir: out, active, benchmark: run.benchmark, helm: helmSpec });
  const early =
    !juryPlan && !run.benchmark.annotators?.length ? new EarlyScoring(records.length, scoreAt, sink, records) : null;
  try {
    // A suite's next job is ready now; it sends once the job before it on this endpoint gives it slots.
    if (turn) await untilAborted(turn.opened, signal);
    const responsesLog = await JsonlAppender.open(join(out, RUN_FILES.modelResponses));
    const bar = withProgressFile(createProgress(run.benchmark.name, prepared.requests.length), out);
    progress = bar;
    let execution: Awaited<ReturnType<typeof executeRequests>>;
    try {
      execution = await executeRequests({
        requests: prepared.requests,
        client,
        parallelism: options.parallelism,
        responsesLog,
        signal,
        progress: bar,
        records,
        onRecord:
          early || turn
            ? (i) => {
                early?.add(i);
                turn?.finalised();
              }
            : undefined,
      });
    } finally {
      bar.finish();
      progress = null;
      await responsesLog.close();
      await cache.close();
      await budget?.close();
    }
    if (execution.stopReason) diag.error(execution.stopReason.code, execution.stopReason.message);
    let scored: Scored = { judgeStop: false };
    if (early) early.finish();
    else
      scored = await scoreAfterAnswers({
        run,
        prepared,
        instanceOf,
        records,
        scoreAt,
        juryPlan,
        outputPath: options.outputPath,
        parallelism: options.parallelism,
        diag,
        signal,
        cacheSetup,
        settings: s,
        sink,
      });
    const stopped = execution.stopReason !== null || scored.judgeStop;
    const summary = await finishRun({
      run,
      options,
      prepared,
      deployment,
      sink,
      diag,
      startedAt,
      runDirRel,
      interrupted: execution.interrupted,
      stopped,
      ...(scored.judges ? { judges: scored.judges } : {}),
    });
    return { status: summary.status, runDir: runDirRel, summary, interrupted: execution.interrupted };
  } catch (error) {
    await sink.discard();
    throw error;
  }
}

/**
 * The instance of each request, by request index. Requests are built trial-major over `selected`, in its order
 * (adapters/build-requests.ts), so request i belongs to selected[i mod n]: no map from id to instance, which was
 * ~50 bytes per instance. The instance comes from `selected`, whose secrets are scrubbed.
 */
function requestInstances(prepared: PreparedRun): (index: number) => Instance {
  const { selected, requests } = prepared;
  return (index) => {
    const instance = selected[index % selected.length];
    if (instance.id !== requests[index].instance_id)
      throw new Error(
        `request ${index} is for ${requests[index].instance_id}, not ${instance.id}: requests out of order`,
      );
    return instance;
  };
}

function instanceLine(i: Instance): Record<string, unknown> {
  return {
    id: i.id,
    split: i.split,
    ...(i.sub_split ? { sub_split: i.sub_split } : {}),
    input: i.input,
    references: i.references,
    ...(i.extra_data ? { extra_data: i.extra_data } : {}),
    ...(i.source_id ? { source_id: i.source_id } : {}),
    ...(i.variant ? { variant: i.variant } : {}),
  };
}
