import { describe, it, expect } from '@jest/globals';
import { formatEvalFactoryMetrics } from './metrics-json.js';
import { loadEngineSummary } from './fixtures/sample.js';

describe('formatEvalFactoryMetrics', () => {
  it('writes the §7.6 evaluation block from the factory times and the engine usage', () => {
    const text = formatEvalFactoryMetrics(loadEngineSummary(), {
      startedAt: '2025-03-01T09:59:00Z',
      endedAt: '2025-03-01T10:02:00Z',
      factoryPeakMemoryBytes: 50,
    });
    expect(text.endsWith('}\n')).toBe(true);
    const doc = JSON.parse(text);
    expect(Object.keys(doc)).toEqual(['evaluation', 'response_stats']);
    expect(doc.evaluation).toEqual({
      start_time: '2025-03-01T09:59:00Z',
      end_time: '2025-03-01T10:02:00Z',
      runtime_seconds: 180,
      token_usage: { total_tokens: 2950, prompt_tokens: 2400, completion_tokens: 550, total_cached_requests: 3 },
      peak_memory_bytes: 104857600,
    });
    expect(doc.response_stats.finish_reason).toEqual({ stop: 10, length: 1 });
    expect(doc.response_stats.status_codes).toEqual({ '200': 11, '500': 2 });
  });

  it('writes token_usage null when the endpoint reported no usage, and a partial total as null', () => {
    const summary = loadEngineSummary();
    const noUsage = {
      ...summary,
      efficiency: {
        ...summary.efficiency,
        num_prompt_tokens: { sum: null, mean: null },
        num_completion_tokens: { sum: null, mean: null },
      },
    };
    expect(
      JSON.parse(formatEvalFactoryMetrics(noUsage, { startedAt: null, endedAt: null })).evaluation.token_usage,
    ).toBeNull();
    const promptOnly = {
      ...summary,
      efficiency: { ...summary.efficiency, num_completion_tokens: { sum: null, mean: null } },
    };
    expect(
      JSON.parse(formatEvalFactoryMetrics(promptOnly, { startedAt: null, endedAt: null })).evaluation.token_usage,
    ).toEqual({ total_tokens: null, prompt_tokens: 2400, completion_tokens: null, total_cached_requests: 3 });
  });

  it('works without a summary and can leave response_stats out', () => {
    const doc = JSON.parse(
      formatEvalFactoryMetrics(null, {
        startedAt: '2025-03-01T10:00:00Z',
        endedAt: '2025-03-01T10:00:01Z',
        factoryPeakMemoryBytes: 7,
      }),
    );
    expect(doc.evaluation).toEqual({
      start_time: '2025-03-01T10:00:00Z',
      end_time: '2025-03-01T10:00:01Z',
      runtime_seconds: 1,
      token_usage: null,
      peak_memory_bytes: 7,
    });
    expect(doc.response_stats).toMatchObject({
      count: 0,
      successful_count: 0,
      avg_latency_ms: null,
      finish_reason: {},
    });
    const off = JSON.parse(
      formatEvalFactoryMetrics(loadEngineSummary(), { startedAt: null, endedAt: null, trackResponseStats: false }),
    );
    expect(off).not.toHaveProperty('response_stats');
    expect(off.evaluation.runtime_seconds).toBe(90);
  });

  it('never writes NaN', () => {
    const summary = loadEngineSummary();
    const stats = { ...summary.response_stats, avg_latency_ms: Number.NaN };
    const text = formatEvalFactoryMetrics({ ...summary, response_stats: stats }, { startedAt: null, endedAt: null });
    expect(text).not.toMatch(/NaN|Infinity/);
    expect(JSON.parse(text).response_stats.avg_latency_ms).toBeNull();
  });
});
