import { describe, expect, it } from '@jest/globals';
import type { SlotGrant } from '@eval-factory/types';
import { FactorySlotHandover } from './slot-handover.js';

describe("FactorySlotHandover (a suite job's slots, as the job before gives them up)", () => {
  it('tells each watcher the grant so far and every growth; full once it has all', async () => {
    const turn = new FactorySlotHandover();
    const early: SlotGrant[] = [];
    turn.watch((g) => early.push(g));
    turn.give(0);
    turn.give(2);
    turn.give(2);
    const late: SlotGrant[] = [];
    turn.watch((g) => late.push(g));
    let full = false;
    void turn.full.then(() => (full = true));
    turn.give(1);
    turn.give(5);
    await Promise.resolve();
    expect(full).toBe(false);
    turn.giveAll();
    turn.give(9);
    turn.giveAll();
    await Promise.resolve();
    expect(full).toBe(true);
    expect(early).toEqual([2, 5, 'all']);
    expect(late).toEqual([2, 5, 'all']);
  });

  it('the first job of an endpoint has everything at once', async () => {
    const seen: SlotGrant[] = [];
    const turn = FactorySlotHandover.whole();
    turn.watch((g) => seen.push(g));
    await turn.full;
    expect(seen).toEqual(['all']);
  });
});
