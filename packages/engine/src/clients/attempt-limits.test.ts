import { describe, expect, it } from '@jest/globals';
import { getEventListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Deadlines, Stops } from './attempt-limits.js';
import { attemptSignal } from './retry.js';

describe('Deadlines: one timer for every deadline of a fetch', () => {
  it('fires each deadline once, in deadline order, shorter timeouts included, and never a cancelled one', async () => {
    const deadlines = new Deadlines();
    const fired: string[] = [];
    const now = Date.now();
    deadlines.add(now + 40, () => fired.push('b'));
    const cancelC = deadlines.add(now + 45, () => fired.push('c'));
    deadlines.add(now + 60, () => fired.push('d'));
    deadlines.add(now + 10, () => fired.push('a')); // a shorter timeout after a longer one
    cancelC();
    await sleep(120);
    expect(fired).toEqual(['a', 'b', 'd']);
  });

  it('a cancel after the deadline fired changes nothing, and a cancelled run leaves the next deadlines working', async () => {
    const deadlines = new Deadlines();
    const fired: number[] = [];
    const cancels = Array.from({ length: 5 }, (_, i) => deadlines.add(Date.now() + 5, () => fired.push(i)));
    for (const cancel of cancels.slice(0, 4)) cancel();
    await sleep(40);
    cancels[4]();
    deadlines.add(Date.now() + 5, () => fired.push(9));
    await sleep(40);
    expect(fired).toEqual([4, 9]);
  });
});

describe('Deadlines: what a long run holds', () => {
  it('holds about the deadlines in flight, not every cancelled one, while requests are always in flight', () => {
    const deadlines = new Deadlines();
    const inFlight: (() => void)[] = [];
    const fired: number[] = [];
    // 100,000 requests, 32 at a time, each ending in the order it was sent (the timeout: 600 s).
    for (let i = 0; i < 100_000; i++) {
      inFlight.push(deadlines.add(Date.now() + 600_000, () => fired.push(i)));
      if (inFlight.length > 32) (inFlight.shift() as () => void)();
    }
    expect(deadlines.size).toBeLessThan(32 + 2048);
    // One that ends late (a slow answer) keeps what follows it until it ends.
    const slow = inFlight.shift() as () => void;
    for (let i = 0; i < 10_000; i++) {
      inFlight.push(deadlines.add(Date.now() + 600_000, () => fired.push(i)));
      (inFlight.shift() as () => void)();
    }
    expect(deadlines.size).toBeGreaterThan(10_000);
    slow();
    expect(deadlines.size).toBeLessThan(32 + 2048);
    for (const cancel of inFlight) cancel();
    expect(deadlines.size).toBe(0);
    expect(fired).toEqual([]);
  });
});

describe('Stops: one listener per stop signal for every request waiting on it', () => {
  it('holds one listener while requests wait, none once they end, and fires every waiting one on abort', () => {
    const stops = new Stops();
    const run = new AbortController();
    const fired: number[] = [];
    const cancels = [0, 1, 2].map((i) => stops.add(run.signal, () => fired.push(i)));
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    cancels[0]();
    cancels[0](); // twice: harmless
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    run.abort();
    expect(fired).toEqual([1, 2]);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('removes its listener when the last waiting request ends, and adds it again for the next', () => {
    const stops = new Stops();
    const run = new AbortController();
    const fired: string[] = [];
    stops.add(run.signal, () => fired.push('first'))();
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
    stops.add(run.signal, () => fired.push('second'));
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    run.abort();
    expect(fired).toEqual(['second']);
  });
});

describe('attemptSignal: the run’s stop with a grace, wired once per run', () => {
  it('gives every attempt the same twin, aborted only the grace after the run, with one listener on the run', async () => {
    const run = new AbortController();
    const twins = [0, 1, 2].map(() => attemptSignal(run.signal, 30));
    expect(new Set(twins).size).toBe(1);
    expect(twins[0]).not.toBe(run.signal);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    run.abort();
    expect(twins[0]?.aborted).toBe(false); // answers on the wire may still arrive
    expect(attemptSignal(run.signal, 30)).toBe(run.signal); // a new attempt is cut at once
    await sleep(60);
    expect(twins[0]?.aborted).toBe(true);
  });

  it('without a grace (or a run signal) is the run’s signal itself', () => {
    const run = new AbortController();
    expect(attemptSignal(run.signal)).toBe(run.signal);
    expect(attemptSignal(run.signal, 0)).toBe(run.signal);
    expect(attemptSignal(undefined, 30)).toBeUndefined();
  });
});
