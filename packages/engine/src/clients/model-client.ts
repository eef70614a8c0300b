import { scrubValue } from '@eval-factory/errors';
import type { PromptRequest, RequestOutcome } from '@eval-factory/types';
import { cachedAnswer, endpointCacheKey, type RequestCache, type StoredAnswer } from '../cache/index.js';
import type { ModelDeployment } from './model-deployment.js';
import { buildRequestBody } from './request-body.js';
import { parseResponse } from './openai-client.js';
import type { RawSuccess, SendAttempt } from './send-attempt.js';
import { sendWithRetries, type AttemptLog, type RetryPolicy } from './retry.js';
import { failFastWhenRefused } from './endpoint-down.js';
import type { RequestLimiter } from './rate-limiter.js';
import type { SharedBudget } from './shared-budget.js';
import { budgeted, limited, storedAttempt } from './attempt-layers.js';
import { lookUpBatch } from './prefetch-batch.js';
import { runLog } from '../output/run-log.js';

export interface ModelCallRecord {
  readonly body: Record<string, unknown>;
  /**
   * The request's prompt as the body was built from it (a request assembles its prompt each time it is read): the
   * responses log and the HELM files take it from here. Absent in records made elsewhere (tests, judges).
   */
  readonly prompt?: string;
  readonly outcome: RequestOutcome;
  readonly retries: readonly AttemptLog[];
  /** Original latency of a cache hit, for reference only (never in latency statistics). */
  readonly original_request_time_s?: number;
  readonly request_datetime: string;
  /** A cache hit on an answer this run received for the same prompt (not found by the start-up lookup). */
  readonly duplicate?: boolean;
}

export interface ModelClient {
  call(request: PromptRequest, signal?: AbortSignal): Promise<ModelCallRecord>;
  /**
   * Looks requests up in the cache in batches (a resumed run of 10k requests needs no 10k round trips), before any
   * of them is called; returns how many answers wait to be called.
   */
  prefetch(requests: readonly PromptRequest[]): Promise<number>;
}

const PREFETCH_BATCH = 500;

/** A merge found no shard's answer for the request (model or judge): its unit is missing or failed (docs/scale.md). */
export const UNIT_MISSING: RequestOutcome = {
  ok: false,
  error_kind: 'unknown',
  message: 'EF_UNIT_MISSING: no unit answered this request (its unit is missing or failed)',
  retriable: false,
  fatal: false,
  attempts: 0,
};

/**
 * The cached, retried model client: cache lookup by the full request identity, live send otherwise, and only
 * successes stored (docs/architecture.md). The cache write is awaited before the result is reported, so an answer that
 * was paid for survives a crash right after it.
 */
export function createModelClient(opts: {
  deployment: ModelDeployment;
  send: SendAttempt;
  cache: RequestCache;
  policy: RetryPolicy;
  engineVersion: string;
  limiter?: RequestLimiter;
  /** The endpoint's budget shared by every worker through Redis (docs/scale.md); taken after the local limits. */
  budget?: SharedBudget;
  /** Answer from the cache only (merging shards): a miss is a failure, nothing is sent (docs/scale.md). */
  offline?: boolean;
}): ModelClient {
  const { deployment, cache, policy } = opts;
  const watched = failFastWhenRefused(opts.send, opts.deployment.request_url);
  // The limits wrap the attempt and its cache write: a slot goes to the next request only once the answer it
  // carried is stored, so a kill -9 loses at most the answers of the slots in flight (docs/errors.md).
  const withLimits = (attempt: SendAttempt): SendAttempt => {
    const local = opts.limiter ? limited(attempt, opts.limiter, policy.nvcfBacked) : attempt;
    return opts.budget ? budgeted(local, opts.budget) : local;
  };
  const keyOf = endpointCacheKey({
    namespace: 'model',
    provider: deployment.provider,
    request_url: deployment.request_url,
    nvcf: deployment.nvcf.enabled,
  });
  const keyFor = (request: PromptRequest, body = buildRequestBody(request, deployment)) =>
    keyOf(body, request.salt || undefined);
  const prefetched = new Map<string, { hit: StoredAnswer; lookup_s: number }>();
  // Keys prefetch looked up and did not find, by a 52-bit fingerprint (a number, not the 64-character key): sending
  // them needs no second lookup. Two keys that share a fingerprint only cost an extra lookup. A million missing keys
  // are a million numbers here, not a million strings.
  const missing = new Set<number>();
  // The key of each request prefetch looked up, by the request itself: the runner hands the call the request its
  // lookup was given (runner/request-feed.ts), so each prompt is hashed once, found or not. A request built anew
  // (or a copy) is hashed again. Dropped when it is called, or with the request (a run holds a few blocks of them).
  const lookedUp = new WeakMap<PromptRequest, string>();
  const fingerprint = (key: string) => Number.parseInt(key.slice(-13), 16);
  // Keys already called in this run. A run looks its requests up block by block as it sends them
  // (runner/request-feed.ts): a later block's lookup may find an answer this run stored. Such a key is left to the
  // call's own lookup, so a repeated prompt counts as a duplicate, as if every key had been looked up before the
  // first send. Two keys that share a fingerprint only cost that lookup.
  const called = new Set<number>();
  return {
    async prefetch(requests) {
      if (!cache.stores) return 0;
      const lookup = (from: number) => lookUpBatch(cache, requests.slice(from, from + PREFETCH_BATCH), keyFor);
      // The next batch's keys are computed and its query queued before this batch's answers are read: the store
      // reads one batch (on Node's thread pool) while the engine handles the one before.
      let next = requests.length > 0 ? lookup(0) : null;
      for (let i = 0; next; i += PREFETCH_BATCH) {
        const { slice, keys, batch, started, hits: found } = next;
        next = i + PREFETCH_BATCH < requests.length ? lookup(i + PREFETCH_BATCH) : null;
        const hits = await found;
        const lookup_s = (performance.now() - started) / 1000 / batch.length;
        // Only what a call reads is kept (not the stored request body, a copy of the prompt): a cached re-run of a
        // million requests holds a million answers until they are called. A key called meanwhile is left out.
        hits.forEach((hit, j) => {
          const print = fingerprint(batch[j]);
          if (called.has(print)) return;
          if (hit)
            prefetched.set(batch[j], { hit: { response: hit.response, request_time_s: hit.request_time_s }, lookup_s });
          else missing.add(print);
        });
        slice.forEach((r, j) => lookedUp.set(r, keys[j]));
      }
      return prefetched.size;
    },
    async call(request, signal) {
      const prompt = request.prompt;
      const body = buildRequestBody(request, deployment, prompt);
      // No cache (use_caching: false): no key, no lookup, nothing stored.
      const known = lookedUp.get(request);
      if (known !== undefined) lookedUp.delete(request);
      const key = cache.stores ? (known ?? keyFor(request, body)) : '';
      const request_datetime = new Date().toISOString();
      const lookupStart = performance.now();
      const early = prefetched.get(key);
      if (early) prefetched.delete(key); // a duplicate prompt falls back to a plain lookup
      // A duplicate prompt called after this one (the key is no longer "missing") looks the cache up itself.
      const knownMissing = missing.delete(fingerprint(key));
      if (cache.stores) called.add(fingerprint(key));
      const hit = early?.hit ?? (knownMissing || !cache.stores ? undefined : await cache.get(key));
      if (hit) {
        const raw = parseResponse(scrubValue(hit.response), deployment.endpoint_type);
        const lookup_s = early ? early.lookup_s : (performance.now() - lookupStart) / 1000;
        const outcome: RequestOutcome = {
          ok: true,
          completions: raw.completions,
          usage: raw.usage,
          cached: true,
          request_time_s: lookup_s,
          attempts: 0,
        };
        runLog.debug(() => requestDetail(request, outcome));
        return {
          body,
          prompt,
          outcome,
          retries: [],
          original_request_time_s: hit.request_time_s,
          request_datetime,
          ...(early ? {} : { duplicate: true }),
        };
      }
      if (opts.offline) return { body, prompt, outcome: UNIT_MISSING, retries: [], request_datetime };
      let storeFailure: unknown = null;
      // A failed write (a full disk) stops the run after this call; it must not count as a failed attempt.
      const store = cache.stores
        ? (raw: RawSuccess, request_time_s: number) =>
            cache.set(key, cachedAnswer(body, raw.response, request_time_s, opts.engineVersion)).catch((error) => {
              storeFailure = error;
            })
        : null;
      const result = await sendWithRetries(withLimits(storedAttempt(watched, store, signal)), body, policy, signal);
      if (storeFailure) throw storeFailure;
      if (!result.ok) {
        runLog.debug(() => requestDetail(request, result.failure));
        return { body, prompt, outcome: result.failure, retries: result.retries, request_datetime };
      }
      const raw = result.raw;
      const outcome: RequestOutcome = {
        ok: true,
        completions: raw.completions,
        usage: raw.usage,
        cached: false,
        request_time_s: result.request_time_s,
        attempts: result.attempts,
      };
      runLog.debug(() => requestDetail(request, outcome));
      return { body, prompt, outcome, retries: result.retries, request_datetime };
    },
  };
}

/** `--debug`: one log line per model request (which instance, how it ended, how long, how many tokens). */
function requestDetail(request: PromptRequest, o: RequestOutcome): string {
  const who = `model request ${request.instance_id} trial ${request.train_trial_index}`;
  if (!o.ok)
    return `${who}: failed after ${o.attempts} attempt(s): ${o.error_kind}${o.status_code !== undefined ? ` ${o.status_code}` : ''}: ${o.message}`;
  const tokens = o.usage
    ? `, ${o.usage.prompt_tokens ?? '?'} prompt + ${o.usage.completion_tokens ?? '?'} completion tokens`
    : '';
  return `${who}: ${o.cached ? 'from the cache' : `answered after ${o.attempts} attempt(s)`} in ${o.request_time_s.toFixed(3)} s, finish_reason ${o.completions[0]?.finish_reason ?? 'none'}${tokens}, max_tokens ${request.max_tokens}`;
}
