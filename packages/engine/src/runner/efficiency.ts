import type { EngineSummary, RequestCounts } from '@eval-factory/types';
import { percentile } from '@eval-factory/metrics';
import type { ModelCallRecord } from '../clients/index.js';

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const sum = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) : null);
// Not Math.max(...xs): spreading >~125,000 arguments overflows the call stack after every request was paid for.
const max = (xs: number[]) => (xs.length ? xs.reduce((a, b) => (b > a ? b : a), -Infinity) : null);
const present = (xs: (number | null | undefined)[]) => xs.filter((x): x is number => typeof x === 'number');

/** `{name: n}` when n > 0, else nothing: the optional counts appear only when they say something. */
function optionalCount(name: 'duplicates' | 'not_sent', n: number): Partial<RequestCounts> {
  return n > 0 ? { [name]: n } : {};
}

/** Request counts, token usage and latency over live requests only (docs/architecture.md); cache hits are counted apart. */
export function efficiencyStats(records: readonly (ModelCallRecord | undefined)[]): {
  requests: RequestCounts;
  efficiency: EngineSummary['efficiency'];
  response_stats: EngineSummary['response_stats'];
} {
  const sent = records.filter((r): r is ModelCallRecord => r !== undefined);
  const ok = sent.map((r) => r.outcome).filter((o) => o.ok);
  const live = ok.filter((o) => !o.cached);
  const latencies = live.map((o) => o.request_time_s).sort((a, b) => a - b);
  const prompt = present(ok.map((o) => o.usage?.prompt_tokens));
  const completion = present(ok.map((o) => o.usage?.completion_tokens));
  const total = present(ok.map((o) => o.usage?.total_tokens));
  const finish: Record<string, number> = {};
  for (const o of ok)
    for (const c of o.completions)
      finish[c.finish_reason ?? 'unknown'] = (finish[c.finish_reason ?? 'unknown'] ?? 0) + 1;
  const codes: Record<string, number> = {};
  for (const r of sent) {
    const code = r.outcome.ok
      ? r.outcome.cached
        ? 'cached'
        : '200'
      : String(r.outcome.status_code ?? r.outcome.error_kind);
    codes[code] = (codes[code] ?? 0) + 1;
  }
  return {
    requests: {
      total: records.length,
      succeeded: ok.length,
      failed: sent.length - ok.length,
      retried: sent.filter((r) => r.retries.length > 0).length,
      cached: ok.length - live.length,
      ...optionalCount('duplicates', sent.filter((r) => r.duplicate === true && r.outcome.ok).length),
      ...optionalCount('not_sent', records.length - sent.length),
    },
    efficiency: {
      num_prompt_tokens: { sum: sum(prompt), mean: mean(prompt) },
      num_completion_tokens: { sum: sum(completion), mean: mean(completion) },
      inference_runtime: {
        mean: mean(latencies),
        p50: latencies.length ? percentile(latencies, 50) : null,
        p90: latencies.length ? percentile(latencies, 90) : null,
        p99: latencies.length ? percentile(latencies, 99) : null,
      },
      cached_requests: ok.length - live.length,
    },
    response_stats: {
      count: sent.length,
      successful_count: ok.length,
      avg_prompt_tokens: mean(prompt),
      max_prompt_tokens: max(prompt),
      avg_completion_tokens: mean(completion),
      max_completion_tokens: max(completion),
      avg_total_tokens: mean(total),
      max_total_tokens: max(total),
      avg_latency_ms: latencies.length ? (mean(latencies) as number) * 1000 : null,
      max_latency_ms: latencies.length ? (max(latencies) as number) * 1000 : null,
      finish_reason: finish,
      status_codes: codes,
    },
  };
}
