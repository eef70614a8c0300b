import { hash } from 'node:crypto';
import type { PromptRequest } from '@eval-factory/types';
import type { ModelCallRecord, ModelClient } from '../clients/index.js';
import type { JsonlAppender } from '../output/jsonl-appender.js';
import { CIRCUIT_BREAKER_LIMIT } from './options.js';
import { runIndexed } from './pool.js';
import type { Progress } from './progress.js';
import type { RequestFeed } from './request-feed.js';

export interface ExecutionResult {
  /** Per request, in request order; undefined when never sent (run stopped). */
  readonly records: readonly (ModelCallRecord | undefined)[];
  readonly stopReason: { code: string; message: string } | null;
  readonly interrupted: boolean;
  /** Answers found in the cache when their request's turn came (repeated prompts not counted). */
  readonly cached: number;
}

/**
 * Sends every request through the cached client with `parallelism` in flight, appending each answer to
 * `responses/model.jsonl` as it arrives. Requests are built and looked up in the cache as their turn comes
 * (request-feed.ts). A fatal failure (auth, 404), the circuit breaker or an interrupt stops new sends; whatever was
 * answered is kept.
 */
export async function executeRequests(opts: {
  /** The run's requests, each built and looked up in the cache when its turn comes. */
  feed: RequestFeed;
  client: ModelClient;
  parallelism: number;
  responsesLog: JsonlAppender;
  signal: AbortSignal;
  progress: Progress;
  /** Filled in as answers arrive (one slot per request); a new array when omitted. */
  records?: (ModelCallRecord | undefined)[];
  /** Called once per request, right after its final record is in `records`. */
  onRecord?: (index: number) => void;
}): Promise<ExecutionResult> {
  const records: (ModelCallRecord | undefined)[] = opts.records ?? [];
  let stopReason: ExecutionResult['stopReason'] = null;
  let consecutiveExhausted = 0;
  let cached = 0;
  const { feed } = opts;
  // The other lanes wait until the first request is handed to the client (runIndexed: it then leaves first).
  let handedOut: () => void = () => undefined;
  const firstHandedOut = new Promise<void>((resolve) => (handedOut = resolve));
  // Half as many lanes again as requests allowed in flight: the client's limiter holds the extra ones at the door
  // with their request built, so a slot freed by an answer is refilled at once, before that answer is scored and
  // logged. With exactly `parallelism` lanes, answers arriving together (a wave of equal latencies) each waited for
  // the ones before them to be handled before their lane sent again: ~10 % of a 50 ms round in a suite. (Twice as
  // many lanes bought no more, and made the first requests of a short run a burst.) The endpoint never sees more
  // than `parallelism`: the limiter counts what is on the wire.
  await runIndexed(
    feed.length,
    laneCount(opts.parallelism),
    async (index) => {
      const request = await feed.get(index);
      if (request === null) return; // a streamed load ended before this index
      const calling = opts.client.call(request, opts.signal);
      handedOut();
      const record = await calling;
      // Aborted in flight by Ctrl-C/SIGTERM: not answered, so not sent; the re-run sends it.
      if (!record.outcome.ok && record.outcome.error_kind === 'interrupted' && opts.signal.aborted) return;
      records[index] = record;
      opts.onRecord?.(index);
      await opts.responsesLog.append(responseLine(request, record));
      const o = record.outcome;
      opts.progress.tick(
        o.ok ? (o.cached ? (record.duplicate ? 'duplicate' : 'cached') : 'done') : 'failed',
        o.ok ? undefined : o.message.slice(0, 120),
      );
      if (o.ok) {
        if (o.cached && !record.duplicate) cached++;
        consecutiveExhausted = 0;
        return;
      }
      if (o.fatal && !stopReason) stopReason = fatalStop(o.error_kind, o.message);
      if (o.retriable && o.error_kind !== 'interrupted') consecutiveExhausted++;
      else consecutiveExhausted = 0;
      if (consecutiveExhausted >= CIRCUIT_BREAKER_LIMIT && !stopReason) {
        stopReason = {
          code: 'EF_ENDPOINT_DOWN',
          message: `${CIRCUIT_BREAKER_LIMIT} consecutive requests failed after all retries (last: ${o.message}); stopping the run`,
        };
      }
    },
    () => stopReason !== null || opts.signal.aborted || feed.ended,
    firstHandedOut,
  );
  return { records, stopReason, interrupted: opts.signal.aborted, cached };
}

/** Lanes beyond `parallelism`, as a share of it. */
const EXTRA_LANES = 0.5;

/** The sender's lanes at `parallelism` (see above): a streamed load reads one instance per lane before its first answer. */
export function laneCount(parallelism: number): number {
  return parallelism + Math.ceil(parallelism * EXTRA_LANES);
}

/** Why a fatal failure stops the run: a refused key, a missing model, or nothing listening at the URL. */
function fatalStop(kind: string, message: string): NonNullable<ExecutionResult['stopReason']> {
  if (kind === 'connection')
    return {
      code: 'EF_ENDPOINT_DOWN',
      message: `${message}; stopping the run (is the server running, and is the URL right?)`,
    };
  return {
    code: kind === 'auth' ? 'EF_AUTH' : 'EF_NOT_FOUND',
    message: `the endpoint refused the request (${message}); stopping the run`,
  };
}

/**
 * One line of responses/model.jsonl (docs/configuration.md); never any header. Optional fields are `undefined`
 * when absent, which JSON.stringify leaves out (no object spread per line: V8 clones spread literals slowly).
 */
export function responseLine(request: PromptRequest, record: ModelCallRecord): Record<string, unknown> {
  const o = record.outcome;
  const result = o.ok
    ? { success: true, completions: o.completions, usage: o.usage ?? undefined }
    : { success: false, completions: [], error: o.message, error_kind: o.error_kind, status_code: o.status_code };
  return {
    instance_id: request.instance_id,
    train_trial_index: request.train_trial_index,
    request: record.body,
    prompt_sha256: hash('sha256', record.prompt ?? request.prompt, 'hex'),
    result,
    cached: o.ok ? o.cached : false,
    request_time_s: o.ok ? o.request_time_s : null,
    original_request_time_s: record.original_request_time_s,
    attempts: o.attempts,
    retries: record.retries,
    request_datetime: record.request_datetime,
  };
}
