import { describe, expect, it } from '@jest/globals';
import type { ModelCallRecord } from '../clients/index.js';
import { EfficiencyTally } from './efficiency.js';

const record = (i: number): ModelCallRecord => ({
  body: {},
  outcome: {
    ok: true,
    completions: [{ text: 'A', finish_reason: 'stop' }],
    usage: { prompt_tokens: i % 1000, completion_tokens: 1, total_tokens: (i % 1000) + 1 },
    cached: false,
    request_time_s: (i % 997) / 1000,
    attempts: 1,
  },
  retries: [],
  request_datetime: '2026-01-01T00:00:00.000Z',
});

/** The tally over a whole list at once (a run adds each record as its result is written). */
function efficiencyStats(records: readonly (ModelCallRecord | undefined)[]): ReturnType<EfficiencyTally['stats']> {
  const tally = new EfficiencyTally();
  for (const r of records) tally.add(r);
  return tally.stats();
}

describe('EfficiencyTally', () => {
  it('handles runs larger than a spread argument list (200,000 answered requests)', () => {
    const stats = efficiencyStats(Array.from({ length: 200_000 }, (_, i) => record(i)));
    expect(stats.requests).toMatchObject({ total: 200_000, succeeded: 200_000 });
    expect(stats.response_stats).toMatchObject({ max_prompt_tokens: 999, max_total_tokens: 1000, max_latency_ms: 996 });
  });

  it('gives null maxima when nothing was answered', () => {
    expect(efficiencyStats([undefined]).response_stats).toMatchObject({
      max_prompt_tokens: null,
      max_latency_ms: null,
    });
  });

  it('counts duplicate prompts answered once and requests never sent apart from failures', () => {
    const hit = (duplicate: boolean): ModelCallRecord => ({
      ...record(1),
      outcome: { ...(record(1).outcome as object), cached: true } as ModelCallRecord['outcome'],
      ...(duplicate ? { duplicate: true } : {}),
    });
    const stats = efficiencyStats([record(0), hit(true), hit(true), hit(false), undefined, undefined]);
    expect(stats.requests).toEqual({
      total: 6,
      succeeded: 4,
      failed: 0,
      retried: 0,
      cached: 3,
      duplicates: 2,
      not_sent: 2,
    });
    expect(efficiencyStats([record(0)]).requests).toEqual({ total: 1, succeeded: 1, failed: 0, retried: 0, cached: 0 });
  });
});
