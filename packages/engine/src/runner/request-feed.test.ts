import { describe, expect, it } from '@jest/globals';
import type { PromptRequest } from '@eval-factory/types';
import type { RequestPlan } from '../adapters/index.js';
import { RequestFeed } from './request-feed.js';

/** A plan of `length` requests that counts how many it has built. */
function countingPlan(length: number): RequestPlan & { built: number } {
  const plan = {
    length,
    built: 0,
    at(index: number) {
      plan.built++;
      return { instance_id: `id${index}` } as PromptRequest;
    },
  };
  return plan;
}

describe('RequestFeed', () => {
  it('hands out the first request of a million after looking up one block, building at most two blocks', async () => {
    const plan = countingPlan(1_000_000);
    const looked: string[][] = [];
    const feed = new RequestFeed(plan, async (batch) => void looked.push(batch.map((r) => r.instance_id)), 100);
    expect((await feed.get(0)).instance_id).toBe('id0');
    await new Promise((resolve) => setImmediate(resolve));
    // Block 0, then block 1 read ahead; nothing else of the million.
    expect(looked.map((b) => [b[0], b.length])).toEqual([
      ['id0', 100],
      ['id100', 100],
    ]);
    expect(plan.built).toBeLessThanOrEqual(201);
  });

  it('looks each block up once, in order, before any of its requests is handed out', async () => {
    const plan = countingPlan(250);
    const events: string[] = [];
    let release: () => void = () => undefined;
    const feed = new RequestFeed(
      plan,
      (batch) => {
        events.push(`lookup ${batch[0]?.instance_id}`);
        // Block 1's lookup is held until the test lets it go.
        return batch[0]?.instance_id === 'id100' ? new Promise<void>((r) => (release = r)) : Promise.resolve();
      },
      100,
    );
    const handed = (i: number) => feed.get(i).then((r) => void events.push(`got ${r.instance_id}`));
    await handed(0);
    await handed(99);
    const waiting = handed(100);
    await new Promise((resolve) => setImmediate(resolve));
    // Block 1 is read ahead while block 0 is handed out; its requests wait for its lookup.
    expect(events).toEqual(['lookup id0', 'lookup id100', 'got id0', 'got id99']);
    release();
    await waiting;
    await handed(249);
    expect(events.filter((e) => e.startsWith('lookup'))).toEqual(['lookup id0', 'lookup id100', 'lookup id200']);
    expect(events.indexOf('got id100')).toBeGreaterThan(events.indexOf('lookup id100'));
  });

  it('prime looks the first block up before any request is asked for (a suite job waiting for its turn)', async () => {
    const looked: number[] = [];
    const feed = new RequestFeed(countingPlan(30), async (batch) => void looked.push(batch.length), 10);
    feed.prime();
    await new Promise((resolve) => setImmediate(resolve));
    expect(looked).toEqual([10]);
    await feed.get(0);
    expect(looked).toEqual([10, 10]);
  });

  it('without a cache, builds each request when it is asked for and looks nothing up', async () => {
    const plan = countingPlan(10);
    const feed = new RequestFeed(plan, null, 4);
    expect((await feed.get(7)).instance_id).toBe('id7');
    expect(plan.built).toBe(1);
  });

  it('a failed lookup is thrown to the request that needs its block', async () => {
    const feed = new RequestFeed(countingPlan(20), async () => Promise.reject(new Error('disk gone')), 10);
    await expect(feed.get(0)).rejects.toThrow('disk gone');
  });

  it('a growing plan (a streamed load): each block is looked up once it is read whole or the load ended in it', async () => {
    const instances: string[] = [];
    let ended = false;
    const waiting: (() => void)[] = [];
    const reach = async (index: number): Promise<boolean> => {
      while (index >= instances.length && !ended) await new Promise<void>((r) => waiting.push(r));
      return index < instances.length;
    };
    const read = (n: number, end = false) => {
      for (let i = 0; i < n; i++) instances.push(`id${instances.length}`);
      ended = end;
      for (const wake of waiting.splice(0)) wake();
    };
    const plan: RequestPlan = {
      get length() {
        return instances.length;
      },
      at: (index) => ({ instance_id: instances[index] }) as PromptRequest,
      reach,
    };
    const looked: string[][] = [];
    const feed = new RequestFeed(plan, async (batch) => void looked.push(batch.map((r) => r.instance_id)), 10);
    expect(feed.length).toBe(Number.MAX_SAFE_INTEGER); // not known until the load ends
    const first = feed.get(0);
    read(4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(looked).toEqual([]); // block 0 is not read whole yet
    read(8);
    expect((await first)?.instance_id).toBe('id0');
    expect(looked).toEqual([['id0', 'id1', 'id2', 'id3', 'id4', 'id5', 'id6', 'id7', 'id8', 'id9']]);
    const last = feed.get(11);
    const past = feed.get(14);
    read(2, true); // the file ends at 14 instances, inside block 1
    expect((await last)?.instance_id).toBe('id11');
    expect(await past).toBeNull();
    expect(feed.ended).toBe(true);
    expect(looked[1]).toEqual(['id10', 'id11', 'id12', 'id13']);
  });

  it("a growing plan's loader error is thrown to the requests asked for after it", async () => {
    const plan: RequestPlan = {
      length: 3,
      at: (index) => ({ instance_id: `id${index}` }) as PromptRequest,
      reach: () => {
        throw new Error('EF_DATA_FORMAT in the middle');
      },
    };
    await expect(new RequestFeed(plan, null).get(0)).rejects.toThrow('EF_DATA_FORMAT in the middle');
  });
});
