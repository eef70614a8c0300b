import { describe, expect, it } from '@jest/globals';
import { bothWritten, WRITTEN } from './written.js';

/** A write the disk has not taken yet, settled by the test. */
function waiting(): { promise: Promise<void>; done: () => void; fail: (e: Error) => void } {
  let done = () => {};
  let fail: (e: Error) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    done = resolve;
    fail = reject;
  });
  promise.catch(() => undefined); // seen here too: a pair that dropped it would fail the test, not crash the suite
  return { promise, done, fail };
}

/** How `p` stands once every reaction already queued has run (a macrotask turn runs them all). */
async function stateOf(p: Promise<void>): Promise<'waits' | 'resolved' | 'rejected'> {
  let state: 'waits' | 'resolved' | 'rejected' = 'waits';
  p.then(
    () => {
      state = 'resolved';
    },
    () => {
      state = 'rejected';
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
}

describe('bothWritten', () => {
  // The writers' back-pressure and their errors travel through it: a pair that dropped a waiting or failed write
  // would let a run outrun the disk, or end with exit code 0 and its results lost.
  it('is WRITTEN itself when neither write waits (no promise made)', () => {
    expect(bothWritten(WRITTEN, WRITTEN)).toBe(WRITTEN);
  });

  it.each([
    ['(WRITTEN, failed)', 'second'],
    ['(failed, WRITTEN)', 'first'],
    ['(waiting, failed)', 'second'],
    ['(failed, waiting)', 'first'],
  ] as const)('rejects with the failed write: %s', async (_name, which) => {
    const failed = Promise.reject(new Error('ENOSPC: no space left on device'));
    failed.catch(() => undefined); // seen here too: a pair that dropped it would fail below, not crash the suite
    const other = _name.includes('waiting') ? waiting().promise : WRITTEN;
    const both = which === 'first' ? bothWritten(failed, other) : bothWritten(other, failed);
    expect(both).not.toBe(WRITTEN);
    await expect(both).rejects.toThrow('ENOSPC');
  });

  it.each([
    ['(WRITTEN, waiting)', false],
    ['(waiting, WRITTEN)', true],
  ])('waits for the one that waits: %s', async (_name, first) => {
    const w = waiting();
    const both = first ? bothWritten(w.promise, WRITTEN) : bothWritten(WRITTEN, w.promise);
    expect(await stateOf(both)).toBe('waits');
    w.done();
    expect(await stateOf(both)).toBe('resolved');
  });

  it('waits for both when both wait', async () => {
    const [a, b] = [waiting(), waiting()];
    const both = bothWritten(a.promise, b.promise);
    a.done();
    expect(await stateOf(both)).toBe('waits');
    b.done();
    expect(await stateOf(both)).toBe('resolved');
  });

  it('rejects when the second of two waiting writes fails', async () => {
    const [a, b] = [waiting(), waiting()];
    const both = bothWritten(a.promise, b.promise);
    a.done();
    b.fail(new Error('EIO'));
    await expect(both).rejects.toThrow('EIO');
  });
});
