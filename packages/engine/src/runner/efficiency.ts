import type { EngineSummary, RequestCounts } from '@eval-factory/types';
import { percentile } from '@eval-factory/metrics';
import type { ModelCallRecord } from '../clients/index.js';

/** A running sum, count and maximum of the values present (the sums run in arrival order from 0, as a reduce would). */
class Running {
  sum = 0;
  n = 0;
  max = -Infinity;
  add(x: number | null | undefined): void {
    if (typeof x !== 'number') return;
    this.sum += x;
    this.n++;
    if (x > this.max) this.max = x;
  }
  get mean(): number | null {
    return this.n ? this.sum / this.n : null;
  }
  get total(): number | null {
    return this.n ? this.sum : null;
  }
  get maximum(): number | null {
    return this.n ? this.max : null;
  }
}

/** `{name: n}` when n > 0, else nothing: the optional counts appear only when they say something. */
function optionalCount(name: 'duplicates' | 'not_sent', n: number): Partial<RequestCounts> {
  return n > 0 ? { [name]: n } : {};
}

/**
 * Request counts, token usage and latency over live requests only (docs/architecture.md); cache hits are counted
 * apart. Records are added one at a time and not kept (only live latencies are, for the percentiles), so a run
 * drops each answer once it is written.
 */
export class EfficiencyTally {
  private total = 0;
  private sent = 0;
  private ok = 0;
  private live = 0;
  private retried = 0;
  private duplicates = 0;
  private readonly latencies: number[] = [];
  private readonly prompt = new Running();
  private readonly completion = new Running();
  private readonly totalTokens = new Running();
  private readonly finish: Record<string, number> = {};
  private readonly codes: Record<string, number> = {};

  /** One request's final record; undefined when it was never sent. */
  add(r: ModelCallRecord | undefined): void {
    this.total++;
    if (r === undefined) return;
    this.sent++;
    if (r.retries.length > 0) this.retried++;
    const o = r.outcome;
    const code = o.ok ? (o.cached ? 'cached' : '200') : String(o.status_code ?? o.error_kind);
    this.codes[code] = (this.codes[code] ?? 0) + 1;
    if (!o.ok) return;
    this.ok++;
    if (r.duplicate === true) this.duplicates++;
    if (!o.cached) {
      this.live++;
      this.latencies.push(o.request_time_s);
    }
    this.prompt.add(o.usage?.prompt_tokens);
    this.completion.add(o.usage?.completion_tokens);
    this.totalTokens.add(o.usage?.total_tokens);
    for (const c of o.completions) {
      const reason = c.finish_reason ?? 'unknown';
      this.finish[reason] = (this.finish[reason] ?? 0) + 1;
    }
  }

  stats(): {
    requests: RequestCounts;
    efficiency: EngineSummary['efficiency'];
    response_stats: EngineSummary['response_stats'];
  } {
    const latencies = this.latencies.sort((a, b) => a - b);
    let latencySum = 0;
    let latencyMax = -Infinity;
    for (const x of this.latencies) {
      latencySum += x;
      if (x > latencyMax) latencyMax = x;
    }
    const meanLatency = latencies.length ? latencySum / latencies.length : null;
    return {
      requests: {
        total: this.total,
        succeeded: this.ok,
        failed: this.sent - this.ok,
        retried: this.retried,
        cached: this.ok - this.live,
        ...optionalCount('duplicates', this.duplicates),
        ...optionalCount('not_sent', this.total - this.sent),
      },
      efficiency: {
        num_prompt_tokens: { sum: this.prompt.total, mean: this.prompt.mean },
        num_completion_tokens: { sum: this.completion.total, mean: this.completion.mean },
        inference_runtime: {
          mean: meanLatency,
          p50: latencies.length ? percentile(latencies, 50) : null,
          p90: latencies.length ? percentile(latencies, 90) : null,
          p99: latencies.length ? percentile(latencies, 99) : null,
        },
        cached_requests: this.ok - this.live,
      },
      response_stats: {
        count: this.sent,
        successful_count: this.ok,
        avg_prompt_tokens: this.prompt.mean,
        max_prompt_tokens: this.prompt.maximum,
        avg_completion_tokens: this.completion.mean,
        max_completion_tokens: this.completion.maximum,
        avg_total_tokens: this.totalTokens.mean,
        max_total_tokens: this.totalTokens.maximum,
        avg_latency_ms: meanLatency === null ? null : meanLatency * 1000,
        max_latency_ms: latencies.length ? latencyMax * 1000 : null,
        finish_reason: this.finish,
        status_codes: this.codes,
      },
    };
  }
}
