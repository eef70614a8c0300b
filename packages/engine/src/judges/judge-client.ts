import { scrubValue } from '@eval-factory/errors';
import type { RequestOutcome } from '@eval-factory/types';
import { cachedAnswer, endpointCacheKey, type RequestCache } from '../cache/index.js';
import type { JudgeTransport } from '../clients/judge-sender.js';
import { sendWithRetries, UNIT_MISSING, type AttemptLog, type RetryPolicy } from '../clients/index.js';
import type { JudgeConfig } from './judge-config.js';

export interface JudgeCallRecord {
  /** The exact JSON body sent (never any header). */
  readonly body: Record<string, unknown>;
  readonly outcome: RequestOutcome;
  readonly retries: readonly AttemptLog[];
  readonly request_datetime: string;
}

export interface JudgeClient {
  readonly judge: JudgeConfig;
  /**
   * Answers from the cache or sends. Throws (a UserError such as EF_OAUTH_FAILED) when the judge's credential
   * cannot be obtained at all, which is fatal for the judge; every other failure is a recorded outcome.
   */
  call(prompt: string, signal?: AbortSignal): Promise<JudgeCallRecord>;
}

/**
 * One judge's cached, retried client (docs/configuration.md#judges): the same retry policy and cache store as model
 * requests, cache namespace `judge`, key = the judge's URL and body (plus the model id for Anthropic bodies, which
 * carry none). Only successes are stored; a hit replays the stored body through the same parser.
 */
export function createJudgeClient(o: {
  judge: JudgeConfig;
  transport: JudgeTransport;
  credential: { secret(): Promise<string | null> };
  cache: RequestCache;
  policy: RetryPolicy;
  engineVersion: string;
  /**
   * A merge of work units: every verdict comes from a unit's cache (one no unit cached is EF_UNIT_MISSING, never
   * asked), and is `cached` only when this run asked the same question before (as one machine's run would have found
   * it), so a merged job's results.jsonl is the one-machine run's byte for byte.
   */
  mergeUnits?: boolean;
}): JudgeClient {
  const { judge, transport, cache } = o;
  const asked = new Set<string>();
  // The fields every request of this judge shares are turned into JSON once here, not once per verdict.
  const keyOf = endpointCacheKey({
    namespace: 'judge',
    provider: judge.provider,
    request_url: judge.request_url,
    nvcf: transport.nvcf,
  });
  // An empty salt is no salt, as the keys always had it.
  const salt = transport.salt ? transport.salt : undefined;
  return {
    judge,
    async call(prompt, signal) {
      const body = transport.body(prompt, judge.max_tokens, judge.temperature);
      const key = keyOf(body, salt);
      const request_datetime = new Date().toISOString();
      const started = performance.now();
      const hit = await cache.get(key);
      const askedBefore = asked.has(key);
      asked.add(key);
      if (hit) {
        const raw = transport.parse(scrubValue(hit.response));
        const outcome: RequestOutcome = {
          ok: true,
          completions: raw.completions,
          usage: raw.usage,
          cached: o.mergeUnits ? askedBefore : true,
          request_time_s: (performance.now() - started) / 1000,
          attempts: 0,
        };
        return { body, outcome, retries: [], request_datetime };
      }
      if (o.mergeUnits) return { body, outcome: UNIT_MISSING, retries: [], request_datetime };
      await o.credential.secret(); // outside the retry loop: a credential that cannot be had is not a request failure
      const result = await sendWithRetries(transport.send, body, o.policy, signal);
      if (!result.ok) return { body, outcome: result.failure, retries: result.retries, request_datetime };
      const raw = scrubValue(result.raw); // a judge echoing a secret is cached and written without it
      await cache.set(key, cachedAnswer(body, raw.response, result.request_time_s, o.engineVersion));
      const outcome: RequestOutcome = {
        ok: true,
        completions: raw.completions,
        usage: raw.usage,
        cached: false,
        request_time_s: result.request_time_s,
        attempts: result.attempts,
      };
      return { body, outcome, retries: result.retries, request_datetime };
    },
  };
}
