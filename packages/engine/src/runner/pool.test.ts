import { describe, expect, it } from '@jest/globals';
import { runIndexed } from './pool.js';

describe('runIndexed', () => {
  it('a failed item stops every lane from taking more, and the pool rejects only once the items in flight end', async () => {
    const started: number[] = [];
    let inFlight = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const run = runIndexed(
      100,
      2,
      async (index) => {
        started.push(index);
        // Item 1 fails (a cache lookup that cannot be read) while item 0 is still on the wire.
        if (index === 1) throw new Error('lookup failed');
        inFlight++;
        await gate;
        inFlight--;
      },
      () => false,
    );
    setImmediate(release);
    await expect(run).rejects.toThrow('lookup failed');
    // The caller closes the cache and the responses log next: nothing may still be sending.
    expect(inFlight).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
  });

  it('runs every item when none fails', async () => {
    const seen: number[] = [];
    const { started } = await runIndexed(
      5,
      2,
      async (index) => void seen.push(index),
      () => false,
    );
    expect(started).toBe(5);
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4]);
  });
});
