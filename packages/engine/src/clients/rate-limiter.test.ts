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

describe('RequestLimiter.setShare (the slots of a suite job change during its run)', () => {
  it('holds every request at a share of 0, lets waiters in as it grows, and never stops what is in flight', async () => {
    const limiter = new RequestLimiter({ maxConcurrency: 4, requestsPerMinute: null, tokensPerMinute: null });
    limiter.setShare(0);
    let admitted = 0;
    const pending = Array.from({ length: 4 }, () => limiter.acquire(0).then((release) => (admitted++, release)));
    await new Promise((r) => setImmediate(r));
    expect(admitted).toBe(0);
    limiter.setShare(2);
    await new Promise((r) => setImmediate(r));
    expect(admitted).toBe(2);
    limiter.setShare(9); // above maxConcurrency: the whole of it
    expect(limiter.currentLimit).toBe(4);
    const releases = await Promise.all(pending);
    expect(admitted).toBe(4);
    limiter.setShare(1);
    let fifth = false;
    const next = limiter.acquire(0).then((release) => ((fifth = true), release));
    releases.slice(0, 3).forEach((r) => r('ok'));
    await new Promise((r) => setImmediate(r));
    expect(fifth).toBe(false); // 1 still in flight, share 1
    releases[3]('ok');
    (await next)('ok');
    expect(fifth).toBe(true);
  });
});
