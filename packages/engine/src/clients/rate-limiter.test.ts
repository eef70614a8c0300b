import { describe, expect, it } from '@jest/globals';
import { RequestLimiter } from './rate-limiter.js';

/** A virtual clock: sleeping advances time instantly, so pacing is measured, not waited for. */
function clock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms), elapsed: () => t };
}

describe('RequestLimiter', () => {
  it('paces requests to requests_per_minute', async () => {
    const c = clock();
    const limiter = new RequestLimiter({
      maxConcurrency: 8,
      requestsPerMinute: 120,
      tokensPerMinute: null,
      now: c.now,
      sleep: c.sleep,
    });
    for (let i = 0; i < 11; i++) (await limiter.acquire(0))('ok');
    // A burst of one second's worth (2), then 2 per second: the 9 others need 4.5 s.
    expect(c.elapsed()).toBeGreaterThanOrEqual(4400);
    expect(c.elapsed()).toBeLessThanOrEqual(4600);
  });

  it('paces estimated tokens to tokens_per_minute', async () => {
    const c = clock();
    const limiter = new RequestLimiter({
      maxConcurrency: 8,
      requestsPerMinute: null,
      tokensPerMinute: 60_000,
      now: c.now,
      sleep: c.sleep,
    });
    for (let i = 0; i < 5; i++) (await limiter.acquire(2000))('ok');
    // 1,000 tokens per second, one request's worth of burst: the 4 others need 2 s each.
    expect(c.elapsed()).toBeGreaterThanOrEqual(7900);
    expect(c.elapsed()).toBeLessThanOrEqual(8100);
  });

  it('never lets more than the adaptive limit in flight, halves it on a 429 and grows it back', async () => {
    const c = clock();
    const limiter = new RequestLimiter({
      maxConcurrency: 8,
      requestsPerMinute: null,
      tokensPerMinute: null,
      now: c.now,
      sleep: c.sleep,
    });
    const held = await Promise.all(Array.from({ length: 8 }, () => limiter.acquire(0)));
    let ninthAdmitted = false;
    const ninth = limiter.acquire(0).then((release) => {
      ninthAdmitted = true;
      return release;
    });
    await Promise.resolve();
    expect(ninthAdmitted).toBe(false);
    held[0]('rate_limited');
    expect(limiter.currentLimit).toBe(4);
    held.slice(1, 5).forEach((r) => r('error'));
    await Promise.resolve();
    expect(ninthAdmitted).toBe(false); // still 3 in flight + ... limit 4: one slot frees only below 4
    held.slice(5).forEach((r) => r('ok'));
    (await ninth)('ok');
    for (let i = 0; i < 40; i++) (await limiter.acquire(0))('ok');
    expect(limiter.currentLimit).toBe(8);
  });
  it('counts tokens only with a tokens-per-minute limit', () => {
    expect(new RequestLimiter({ maxConcurrency: 2, requestsPerMinute: 60, tokensPerMinute: null }).countsTokens).toBe(
      false,
    );
    expect(new RequestLimiter({ maxConcurrency: 2, requestsPerMinute: null, tokensPerMinute: 1000 }).countsTokens).toBe(
      true,
    );
  });
});
