import type { ModelCallRecord } from '../clients/index.js';

/**
 * HELM `RequestResult` of one request state. A failed request is written the way HELM's own executor keeps a
 * non-fatal failure: `success: false`, the error, `error_flags.is_fatal: false` and one empty completion (HELM's
 * `Non-fatal error treated as empty completion`). HELM's summarizer reads `completions[0]` of every result, so an
 * empty list would crash it. The empty text is no answer: our own files keep the instance failed with its reason,
 * and its HELM stats say `num_failed_requests: 1` with no metric values (docs/configuration.md#compatibility).
 */
export function helmRequestResult(
  record: ModelCallRecord | undefined,
  reason: string | undefined,
): Record<string, unknown> {
  const o = record?.outcome;
  const request_datetime = record ? Math.floor(Date.parse(record.request_datetime) / 1000) : undefined;
  if (o?.ok) {
    return {
      success: true,
      embedding: [],
      completions: o.completions.map((c) => ({
        text: c.text,
        logprob: 0,
        tokens: [],
        ...(c.finish_reason ? { finish_reason: { reason: c.finish_reason } } : {}),
      })),
      cached: o.cached,
      request_time: o.request_time_s,
      request_datetime,
      error: reason,
    };
  }
  return {
    success: false,
    embedding: [],
    completions: [EMPTY_COMPLETION],
    cached: false,
    request_datetime,
    error: o ? o.message : (reason ?? 'not sent'),
    // Never fatal here: a fatal failure stops our run before any file is written, as it stops HELM's.
    error_flags: { is_retriable: o ? o.retriable : false, is_fatal: false },
  };
}

const EMPTY_COMPLETION = Object.freeze({ text: '', logprob: 0, tokens: [] });
