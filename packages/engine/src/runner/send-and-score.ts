import { join } from 'node:path';
import { RUN_FILES, type Instance, type RunStatus, type EngineSummary } from '@eval-factory/types';
import type { ModelCallRecord, ModelDeployment } from '../clients/index.js';
import { JsonlAppender } from '../output/jsonl-appender.js';
import type { AnnotationResult } from './annotate.js';
import type { Diagnostics } from './diagnostics.js';
import { EarlyScoring } from './early-scoring.js';
import { executeRequests, type ExecutionResult } from './execute-requests.js';
import { finishRun, helmRunSpec } from './finish-run.js';
import type { Endpoint } from './open-endpoint.js';
import type { RunOptions } from './options.js';
import type { PreparedRun } from './prepare.js';
import { createProgress } from './progress.js';
import { withProgressFile } from './progress-file.js';
import type { ResolvedRun } from './resolve-run.js';
import { RequestFeed } from './request-feed.js';
import { ResultSink } from './result-sink.js';
import { activeMetrics, completionTexts, notSentResult, scoreOne, type ScoredResult } from './score.js';
import { scoreAfterAnswers, type Scored } from './score-after-answers.js';
import { untilAborted } from './until-aborted.js';

export interface RunOutcome {
  readonly status: RunStatus;
  readonly runDir: string;
  readonly summary: EngineSummary | null;
  readonly interrupted: boolean;
}

/** A run past its preparation: what it sends, scores and writes. */
export interface SendingRun {
  readonly run: ResolvedRun;
  readonly options: RunOptions;
  /** Scrubbed of every registered secret. */
  readonly prepared: PreparedRun;
  readonly deployment: ModelDeployment;
  readonly endpoint: Endpoint;
  readonly diag: Diagnostics;
  readonly signal: AbortSignal;
  readonly startedAt: Date;
  readonly runDirRel: string;
  /**
   * Starts instances.jsonl (once; later calls return the same write): called once the first requests are on their
   * way, as its first lines would otherwise go before them, and awaited before the run's files are closed.
   */
  readonly instancesFile: () => Promise<void>;
}

/** How each request's answer becomes a result, and where results go. */
interface Scoring {
  readonly records: (ModelCallRecord | undefined)[];
  readonly instanceOf: (index: number) => Instance;
  readonly scoreAt: (i: number, annotation?: AnnotationResult) => ScoredResult;
  readonly sink: ResultSink;
  /** Scoring as answers arrive (no annotators, no judges); null when scores wait for every answer. */
  readonly early: EarlyScoring | null;
}

/** Sends every request, scores every answer into the run's files in request order, and writes the summary. */
export async function sendAndScore(s: SendingRun): Promise<RunOutcome> {
  const scoring = await openScoring(s);
  try {
    const execution = await sendAll(s, scoring);
    if (execution.stopReason) s.diag.error(execution.stopReason.code, execution.stopReason.message);
    // A streamed load read on: every instance is counted (one never sent is scored as such), or its error thrown.
    await s.prepared.loadEnded();
    let scored: Scored = { judgeStop: false };
    if (scoring.early) scoring.early.finish(s.prepared.requests.length);
    else scored = await scoreAfterAnswers({ ...afterAnswers(s), ...scoring });
    await s.instancesFile();
    const summary = await finishRun({
      run: s.run,
      options: s.options,
      prepared: s.prepared,
      deployment: s.deployment,
      sink: scoring.sink,
      diag: s.diag,
      startedAt: s.startedAt,
      runDirRel: s.runDirRel,
      interrupted: execution.interrupted,
      stopped: execution.stopReason !== null || scored.judgeStop,
      ...(scored.judges ? { judges: scored.judges } : {}),
    });
    return { status: summary.status, runDir: s.runDirRel, summary, interrupted: execution.interrupted };
  } catch (error) {
    // As on success: the instances are written whatever became of their requests, and finished (or their temp file
    // removed) before the run's error goes on; the run's own error is the one reported. A streamed load still held
    // for the first answer (an error before it) reads on, or the file would wait for it forever.
    s.prepared.stream?.release();
    await s.instancesFile().catch(() => undefined);
    await scoring.sink.discard();
    throw error;
  }
}

/**
 * The sink for results (the files and tallies). Scores that need nothing but the answer are made as answers
 * arrive, each answer dropped once it is there; judged and annotated runs score after the last answer.
 */
async function openScoring(s: SendingRun): Promise<Scoring> {
  const { run, prepared, options, signal } = s;
  const settings = s.deployment.request_settings;
  const active = activeMetrics(run.benchmark, options.reportCorrected);
  const activeNames = new Set(active.map((m) => m.name));
  const instanceOf = requestInstances(prepared);
  const records: (ModelCallRecord | undefined)[] = new Array(prepared.requests.length);
  const scoreAt = (i: number, annotation?: AnnotationResult): ScoredResult => {
    const r = prepared.requests.at(i);
    const outcome = records[i]?.outcome;
    if (!outcome && signal.aborted) return notSentResult(r, instanceOf(i));
    return scoreOne(
      run.benchmark,
      instanceOf(i),
      r,
      outcome,
      completionTexts(outcome, settings),
      annotation,
      activeNames,
    );
  };
  const helm = options.helmFiles
    ? helmRunSpec({ run, prepared, deployment: s.deployment, outputPath: options.outputPath, runDirRel: s.runDirRel })
    : null;
  const sink = await ResultSink.open({ outputDir: options.outputPath, active, benchmark: run.benchmark, helm });
  const judged = s.endpoint.juryPlan !== null || (run.benchmark.annotators?.length ?? 0) > 0;
  const early = judged ? null : new EarlyScoring(records.length, scoreAt, sink, records);
  return { records, instanceOf, scoreAt, sink, early };
}

/** Sends every request (a suite's job first waits for its turn on the endpoint) with a progress bar. */
async function sendAll(s: SendingRun, scoring: Scoring): Promise<ExecutionResult> {
  const { endpoint, prepared, options, signal } = s;
  const turn = options.slotHandover ?? null;
  turn?.bind(endpoint.limiter, options.parallelism, prepared.requests.length);
  const { client, cache } = endpoint;
  const feed = new RequestFeed(prepared.requests, cache.stores ? (batch) => client.prefetch(batch) : null);
  feed.prime();
  // A suite's next job is ready now; it sends once the job before it on this endpoint gives it slots.
  if (turn) await untilAborted(turn.opened, signal);
  const responsesLog = await JsonlAppender.open(join(options.outputPath, RUN_FILES.modelResponses));
  const { requests } = prepared;
  const bar = withProgressFile(
    createProgress(s.run.benchmark.name, () => requests.length),
    options.outputPath,
  );
  endpoint.showRetriesOn(bar);
  const { early } = scoring;
  const { stream } = prepared;
  try {
    const executing = executeRequests({
      feed,
      client,
      parallelism: options.parallelism,
      responsesLog,
      signal,
      progress: bar,
      records: scoring.records,
      onRecord:
        early || turn || stream
          ? (i) => {
              early?.add(i);
              turn?.finalised();
              stream?.release(); // a streamed load reads on past its first instances once an answer is in
            }
          : undefined,
    });
    void s.instancesFile(); // the first requests are on their way now
    const execution = await executing;
    if (execution.cached > 0) s.diag.log(`${s.run.benchmark.name}: ${execution.cached} answers found in the cache`);
    return execution;
  } finally {
    bar.finish();
    endpoint.showRetriesOn(null);
    await responsesLog.close();
    await endpoint.cache.close();
    await endpoint.budget?.close();
  }
}

/** What scoring after the last answer reads of the run (annotators and judges). */
function afterAnswers(s: SendingRun) {
  return {
    run: s.run,
    prepared: s.prepared,
    juryPlan: s.endpoint.juryPlan,
    outputPath: s.options.outputPath,
    parallelism: s.options.parallelism,
    diag: s.diag,
    signal: s.signal,
    cacheSetup: s.endpoint.cacheSetup,
    settings: s.deployment.request_settings,
  };
}

/**
 * The instance of each request, by request index. Requests are built trial-major over `selected`, in its order
 * (adapters/build-requests.ts), so request i belongs to selected[i mod n]: no map from id to instance, which was
 * ~50 bytes per instance. The instance comes from `selected`, whose secrets are scrubbed.
 */
function requestInstances(prepared: PreparedRun): (index: number) => Instance {
  const { selected } = prepared;
  return (index) => selected[index % selected.length];
}
