import { describe, expect, it } from '@jest/globals';
import { RequestLimiter } from '../clients/index.js';
import { EngineSlotHandover, slotShare } from './slot-handover.js';

describe('slotShare (a suite job hands its slots to the next during its last requests)', () => {
  it.each<[string, number, number, number, number]>([
    // name, granted, unfinished → own, released
    ['not granted yet', 0, 400, 0, 0],
    ['first slots of a next job', 3, 400, 3, 0],
    ['sending, more requests than slots', 16, 400, 16, 0],
    ['as many requests left as slots', 16, 16, 16, 0],
    ['the last round: 5 unfinished keep 5', 16, 5, 5, 11],
    ['retries waiting still count as unfinished', 16, 2, 2, 14],
    ['every request finalised', 16, 0, 0, 16],
    ['a job with fewer requests than slots gives the rest up at once', 16, 3, 3, 13],
    ['a partial grant, fewer left than granted', 4, 1, 1, 3],
    ['a partial grant, more left than granted', 4, 9, 4, 0],
  ])('%s: granted %i, unfinished %i → own %i, released %i', (_name, granted, unfinished, own, released) => {
    const share = slotShare(granted, unfinished);
    expect(share).toEqual({ own, released });
    expect(share.own + share.released).toBe(granted);
  });

  it('released only grows while the grant grows and requests finalise', () => {
    let last = 0;
    for (const [granted, unfinished] of [
      [2, 10],
      [6, 8],
      [6, 5],
      [16, 5],
      [16, 1],
      [16, 0],
    ]) {
      const { released } = slotShare(granted, unfinished);
      expect(released).toBeGreaterThanOrEqual(last);
      last = released;
    }
    expect(last).toBe(16);
  });
});

describe('EngineSlotHandover', () => {
  const limiter = () => new RequestLimiter({ maxConcurrency: 4, requestsPerMinute: null, tokensPerMinute: null });

  it('opens at the first grant, sets the limiter to its share and reports each growth of what it gave up', async () => {
    const reports: number[] = [];
    let listening = 0;
    const share = new EngineSlotHandover(
      (n) => reports.push(n),
      () => listening++,
    );
    const l = limiter();
    share.bind(l, 4, 6);
    expect(listening).toBe(1);
    expect(l.currentLimit).toBe(0);
    let opened = false;
    void share.opened.then(() => (opened = true));
    share.give(2);
    await Promise.resolve();
    expect(opened).toBe(true);
    expect(l.currentLimit).toBe(2);
    share.give(1); // smaller than before: nothing changes
    expect(l.currentLimit).toBe(2);
    share.give('all');
    expect(l.currentLimit).toBe(4);
    for (let i = 0; i < 6; i++) share.finalised();
    // 6 requests, 4 slots: after the 3rd answer 3 are left (one given up), then 2, 1, 0.
    expect(reports).toEqual([1, 2, 3, 4]);
    expect(l.currentLimit).toBe(0);
  });

  it('the run entries before the last keep their slots (the next entry needs them back)', () => {
    const reports: number[] = [];
    const share = new EngineSlotHandover((n) => reports.push(n));
    share.give('all');
    share.expectRuns(2);
    const first = limiter();
    share.bind(first, 4, 2);
    share.finalised();
    share.finalised();
    expect(first.currentLimit).toBe(4);
    expect(reports).toEqual([]);
    const second = limiter();
    share.bind(second, 4, 2);
    expect(second.currentLimit).toBe(2);
    expect(reports).toEqual([2]);
  });
});
