import { describe, expect, it } from '@jest/globals';
import { prng } from '@eval-factory/testkit';
import { InOrderResults, MAX_WAITING } from './in-order-results.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Results are `r<index>`; `sunk` is what reached the sink, in order, with the index it was handed with. */
function make(size: number, fail: number | null = null) {
  const scored: number[] = [];
  const sunk: string[] = [];
  const ordered = new InOrderResults(
    size,
    (i) => {
      if (i === fail) throw new Error(`cannot score ${i}`);
      scored.push(i);
      return `r${i}`;
    },
    (r, i) => void sunk.push(`${i}:${r}`),
  );
  return { ordered, scored, sunk };
}

describe('InOrderResults', () => {
  it('scores answers after the current turn and hands results on in request order only', async () => {
    const { ordered, scored, sunk } = make(4);
    ordered.add(2);
    ordered.add(0);
    expect(scored).toEqual([]); // nothing runs in the caller's turn
    await tick();
    expect(scored).toEqual([2, 0]);
    expect(sunk).toEqual(['0:r0']); // 2 waits for 1
    ordered.add(1);
    await tick();
    expect(sunk).toEqual(['0:r0', '1:r1', '2:r2']);
    ordered.finish(); // 3 never arrived: scored at finish
    expect(sunk).toEqual(['0:r0', '1:r1', '2:r2', '3:r3']);
  });

  it('gives the same results and order as scoring everything at the end, for any arrival order', async () => {
    const random = prng(3);
    const n = 200;
    const order = Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5);
    const { ordered, scored, sunk } = make(n);
    for (const [k, i] of order.entries()) {
      ordered.add(i);
      if (k % 7 === 0) await tick();
    }
    ordered.finish();
    expect(sunk).toEqual(Array.from({ length: n }, (_, i) => `${i}:r${i}`));
    expect([...scored].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i)); // each scored once
  });

  it('works in batches, so answers arriving meanwhile are not held up by a long backlog', async () => {
    const { ordered, scored } = make(100);
    for (let i = 0; i < 100; i++) ordered.add(i);
    await tick();
    expect(scored.length).toBeGreaterThan(0);
    expect(scored.length).toBeLessThan(100);
    ordered.finish();
    expect(scored).toHaveLength(100);
  });

  it('scores the oldest answers at once when more than MAX_WAITING wait (cached answers arrive without I/O)', async () => {
    const n = MAX_WAITING * 4;
    const { ordered, scored, sunk } = make(n);
    for (let i = 0; i < n; i++) ordered.add(i); // one turn of the event loop, as a block of cached answers
    expect(scored).toEqual(Array.from({ length: n - MAX_WAITING }, (_, i) => i));
    expect(sunk).toHaveLength(n - MAX_WAITING);
    await tick();
    ordered.finish();
    expect(sunk).toEqual(Array.from({ length: n }, (_, i) => `${i}:r${i}`));
  });

  it("keeps an error of scoring in the caller's turn for finish as well", () => {
    const { ordered } = make(MAX_WAITING + 2, 0);
    for (let i = 0; i < MAX_WAITING + 2; i++) ordered.add(i);
    expect(() => ordered.finish()).toThrow('cannot score 0');
  });

  it('keeps a scoring error for finish instead of throwing it from the event loop', async () => {
    const { ordered } = make(3, 1);
    ordered.add(1);
    await tick();
    expect(() => ordered.finish()).toThrow('cannot score 1');
  });

  it('takes results past the size it was made with (a streamed load), and finish(size) scores the rest', async () => {
    const { ordered, sunk } = make(2);
    ordered.add(0);
    ordered.add(3);
    ordered.add(1);
    await tick();
    expect(sunk).toEqual(['0:r0', '1:r1']); // 3 waits for 2
    ordered.finish(5); // the load ended at 5 requests: 2 and 4 never answered
    expect(sunk).toEqual(['0:r0', '1:r1', '2:r2', '3:r3', '4:r4']);
  });
});
