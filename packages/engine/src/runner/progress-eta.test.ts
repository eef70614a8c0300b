import { describe, expect, it } from '@jest/globals';
import { EtaEstimator } from './progress-eta.js';
import { formatDuration } from '@eval-factory/types';
import { formatProgressLine, type ProgressState } from './progress-line.js';

/** Completions every `everyMs` from `from` to `to` (ms), observed one by one. */
function feed(eta: EtaEstimator, from: number, to: number, everyMs: number): number {
  let n = 0;
  for (let t = from + everyMs; t <= to; t += everyMs, n++) eta.observe(t);
  return n;
}

describe('EtaEstimator', () => {
  it('knows nothing before a measured interval, then reports the steady rate and remaining / rate', () => {
    const eta = new EtaEstimator(0);
    expect(eta.estimate(0, 100)).toEqual({ rate: null, etaS: null, stalled: false });
    feed(eta, 0, 20_000, 100); // 10 per second for 20 s
    const e = eta.estimate(20_000, 300);
    expect(e.rate).toBeCloseTo(10, 5);
    expect(e.etaS).toBeCloseTo(30, 5);
    expect(e.stalled).toBe(false);
  });

  it('a short burst of back-off moves the ETA a little, not 20 s → 1 m 10 s → 20 s', () => {
    const eta = new EtaEstimator(0);
    feed(eta, 0, 30_000, 100); // 10/s
    const before = eta.estimate(30_000, 500).etaS!;
    eta.observe(33_000); // one completion after a 3 s back-off pause
    feed(eta, 33_000, 36_000, 100);
    const after = eta.estimate(36_000, 470).etaS!;
    expect(before).toBeCloseTo(50, 0);
    // The run's average rate would say 47 + x; the smoothed one stays within a quarter of the steady estimate.
    expect(Math.abs(after - 47)).toBeLessThan(47 * 0.25);
  });

  it('follows a lasting change of rate within a few half-lives', () => {
    const eta = new EtaEstimator(0, { halfLifeS: 5 });
    feed(eta, 0, 30_000, 100); // 10/s
    feed(eta, 30_000, 60_000, 500); // then 2/s for 30 s (6 half-lives)
    expect(eta.estimate(60_000, 100).rate!).toBeCloseTo(2, 0);
  });

  it('pools completions that arrive together (no division by a zero interval)', () => {
    const eta = new EtaEstimator(0);
    for (let i = 0; i < 50; i++) eta.observe(200);
    expect(eta.estimate(200, 50).rate).toBeNull();
    eta.observe(1_000);
    const e = eta.estimate(1_000, 50);
    expect(e.rate).toBeCloseTo(51, 5);
    expect(Number.isFinite(e.etaS)).toBe(true);
  });

  it('999/1000 with the last request retrying: not "ETA 1s" for 8 s, but stalled', () => {
    const eta = new EtaEstimator(0);
    feed(eta, 0, 99_900, 100); // 999 done at 10/s
    expect(eta.estimate(100_000, 1).etaS).toBeLessThanOrEqual(1);
    const later = eta.estimate(108_000, 1);
    expect(later.stalled).toBe(true);
    expect(later.etaS).toBeNull();
  });

  it('counts the time already waited towards the next completion, never below one interval', () => {
    const eta = new EtaEstimator(0);
    feed(eta, 0, 10_000, 100);
    expect(eta.estimate(10_200, 10).etaS).toBeCloseTo(1 - 0.2, 5);
    expect(eta.estimate(10_000, 0).etaS).toBe(0);
  });
});

const state = (over: Partial<ProgressState> = {}): ProgressState => ({
  label: 'pubmed_qa',
  total: 1000,
  done: 100,
  cached: 15,
  failed: 5,
  retrying: 0,
  throttled: 0,
  estimate: { rate: 14.24, etaS: 62, stalled: false },
  ...over,
});

describe('formatProgressLine', () => {
  it('counts, smoothed rate and ETA', () => {
    expect(formatProgressLine(state())).toBe(
      'pubmed_qa 120/1000 (done 100, cached 15, failed 5) 14.2 req/s | ETA 1m 02s',
    );
  });

  it('retrying and throttled counts appear when non-zero', () => {
    expect(formatProgressLine(state({ retrying: 3, throttled: 12 }))).toBe(
      'pubmed_qa 120/1000 (done 100, cached 15, failed 5; retrying 3, throttled 12) 14.2 req/s | ETA 1m 02s',
    );
    expect(formatProgressLine(state({ throttled: 2 }))).toContain('; throttled 2)');
  });

  it('a stalled tail says what it waits on instead of a number', () => {
    const stalled = { rate: 10, etaS: null, stalled: true };
    expect(formatProgressLine(state({ done: 999, cached: 0, failed: 0, retrying: 1, estimate: stalled }))).toBe(
      'pubmed_qa 999/1000 (done 999, cached 0, failed 0; retrying 1) 10.0 req/s | ETA — (waiting on retries)',
    );
    expect(formatProgressLine(state({ done: 998, cached: 0, failed: 0, estimate: stalled }))).toContain(
      'ETA — (waiting on the last 2)',
    );
  });

  it('no ETA before a rate exists, none when complete; the last failure cause once there are failures', () => {
    expect(
      formatProgressLine(
        state({ done: 0, cached: 0, failed: 0, estimate: { rate: null, etaS: null, stalled: false } }),
      ),
    ).toBe('pubmed_qa 0/1000 (done 0, cached 0, failed 0)');
    expect(
      formatProgressLine(state({ done: 995, cached: 0, failed: 5, lastFailure: 'connection refused (ECONNREFUSED)' })),
    ).toBe(
      'pubmed_qa 1000/1000 (done 995, cached 0, failed 5) 14.2 req/s | last failure: connection refused (ECONNREFUSED)',
    );
  });

  it('formatDuration', () => {
    expect([formatDuration(42.4), formatDuration(185), formatDuration(3720), formatDuration(-1)]).toEqual([
      '42s',
      '3m 05s',
      '1h 02m',
      '0s',
    ]);
  });
});

describe('formatProgressLine: duplicate prompts', () => {
  it('a repeat of a prompt answered earlier in the run is shown apart from the cache of an earlier run', () => {
    expect(formatProgressLine(state({ done: 92, cached: 0, duplicates: 8, failed: 0, total: 100 }))).toBe(
      'pubmed_qa 100/100 (done 92, cached 0, duplicate prompts 8, failed 0) 14.2 req/s',
    );
  });
});
