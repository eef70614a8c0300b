import type { RequestFailure } from '@eval-factory/types';
import { redact } from '@eval-factory/errors';
import { classifyError, type ClassifiedError } from './classify-error.js';
import { runLog } from '../output/run-log.js';
import type { RawSuccess, SendAttempt } from './send-attempt.js';

export interface RetryPolicy {
  readonly maxRetries: number;
  readonly timeoutMs: number;
  readonly nvcfBacked: boolean;
  /** Base of the full-jitter backoff in seconds (1 in production; tests may lower it). */
  readonly backoffBaseS: number;
  readonly backoffCapS: number;
  /** Names the endpoint in logs/eval-factory.log (`model fake/model (http://…)`, `judge gpt (…)`). */
  readonly target?: string;
  /** Told when a request starts and ends a wait before its next attempt (the progress bar counts them). */
  readonly observer?: RetryObserver;
  /**
   * After the run stops (Ctrl-C, SIGTERM), how long an attempt already on the wire may still take to answer: its
   * answer is paid for, so it is received and kept rather than sent again by the resume. 0 (the default) cuts it.
   */
  readonly stopGraceMs?: number;
}

/** Retry activity for the progress bar: a wait begins (`throttled` for a 429) and ends. */
export interface RetryObserver {
  retryWait(throttled: boolean): void;
  retryDone(): void;
}

export interface AttemptLog {
  readonly error_kind: string;
  readonly status_code?: number;
  readonly waited_s: number;
}

export type RetryResult =
  | { ok: true; raw: RawSuccess; attempts: number; request_time_s: number; retries: AttemptLog[] }
  | { ok: false; failure: RequestFailure; retries: AttemptLog[] };

/**
 * Sends with the project's retry policy (docs/architecture.md): attempts = 1 + maxRetries; a retriable failure waits
 * `Retry-After` or a full-jitter backoff random(0, min(cap, base·2^a)); fatal and per-request failures stop at once.
 */
export async function sendWithRetries(
  send: SendAttempt,
  body: Record<string, unknown>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<RetryResult> {
  const retries: AttemptLog[] = [];
  for (let attempt = 0; ; attempt++) {
    const started = performance.now();
    try {
      // The run's signal, or its graced twin: each sender leaves no listener on it (SendAttempt).
      const raw = await send(body, policy.timeoutMs, attemptSignal(signal, policy.stopGraceMs));
      const request_time_s = (performance.now() - started) / 1000;
      runLog.debug(() => `${policy.target ?? 'endpoint'}: attempt ${attempt + 1} ok in ${request_time_s.toFixed(3)} s`);
      return { ok: true, raw, attempts: attempt + 1, request_time_s, retries };
    } catch (error) {
      const c = classifyError(error, policy.nvcfBacked);
      const interrupted = signal?.aborted === true;
      if (!interrupted) logAttemptFailure(policy.target ?? 'endpoint', c, attempt);
      if (interrupted || !c.retriable || attempt >= policy.maxRetries) {
        const failure: RequestFailure = {
          ok: false,
          error_kind: interrupted ? 'interrupted' : c.error_kind,
          // Provider error bodies can echo the request's credentials; this message goes into responses/, results
          // and the HELM files.
          message: redact(c.message),
          ...(c.status_code !== undefined ? { status_code: c.status_code } : {}),
          retriable: c.retriable,
          fatal: c.fatal,
          attempts: attempt + 1,
        };
        return { ok: false, failure, retries };
      }
      const wait = c.retry_after_s ?? Math.random() * Math.min(policy.backoffCapS, policy.backoffBaseS * 2 ** attempt);
      retries.push({
        error_kind: c.error_kind,
        ...(c.status_code !== undefined ? { status_code: c.status_code } : {}),
        waited_s: wait,
      });
      policy.observer?.retryWait(c.status_code === 429);
      try {
        await sleep(wait * 1000, signal);
      } finally {
        policy.observer?.retryDone();
      }
    }
  }
}

/**
 * The log lines a user greps for (docs/configuration.md#logs): authentication errors and rate limits, once per
 * endpoint and status with a count at the end; with `--debug`, every failed attempt.
 */
function logAttemptFailure(target: string, c: ClassifiedError, attempt: number): void {
  const status = c.status_code;
  if (status === 401 || status === 403) runLog.event(`auth error ${status} (${target})`, c.message);
  else if (status === 429)
    runLog.event(
      `rate limited 429 retry-after (${target})`,
      c.retry_after_s !== undefined ? `Retry-After ${c.retry_after_s} s honoured` : 'no Retry-After header: backoff',
    );
  runLog.debug(
    () =>
      `${target}: attempt ${attempt + 1} failed: ${c.error_kind}${status !== undefined ? ` ${status}` : ''}${c.retry_after_s !== undefined ? ` retry-after ${c.retry_after_s} s` : ''}: ${c.message}`,
  );
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Per run signal, its graced twins by grace (ms); see `attemptSignal`. */
const graced = new WeakMap<AbortSignal, Map<number, AbortSignal>>();

/**
 * The signal an attempt is given: the run's own, or with a grace (RetryPolicy.stopGraceMs) a twin that aborts that
 * long after it, so that answers already on the wire still arrive. The twin is made once per run and grace, with one
 * listener on the run's signal: an attempt wires nothing of its own. An attempt that starts after the stop gets the
 * stopped signal itself and is cut at once.
 */
export function attemptSignal(run: AbortSignal | undefined, graceMs = 0): AbortSignal | undefined {
  if (!run || run.aborted || graceMs <= 0) return run;
  let byGrace = graced.get(run);
  if (byGrace === undefined) graced.set(run, (byGrace = new Map()));
  let twin = byGrace.get(graceMs);
  if (twin === undefined) {
    const own = new AbortController();
    // Unref'd: the grace never keeps a stopped process alive (a request still on the wire does, by its socket).
    const cut = () => setTimeout(() => own.abort(run.reason), graceMs).unref();
    run.addEventListener('abort', cut, { once: true });
    twin = own.signal;
    byGrace.set(graceMs, twin);
  }
  return twin;
}
