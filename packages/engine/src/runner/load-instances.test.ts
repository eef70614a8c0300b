/**
 * A run that takes every instance of a streamed load reads, before its first answer, only what its first requests
 * need (load-instances.ts): with the cache on, two of the request feed's blocks; with it off, one instance per lane
 * of the sender (execute-requests.ts), which has more lanes than requests in flight.
 */
import { describe, expect, it } from '@jest/globals';
import type { AdapterSpec, Instance, PromptRequest, StreamedData } from '@eval-factory/types';
import { Diagnostics } from './diagnostics.js';
import { laneCount } from './execute-requests.js';
import { loadSelection } from './load-instances.js';
import type { PrepareOptions } from './options.js';
import { runIndexed } from './pool.js';
import { RequestFeed } from './request-feed.js';
import type { ResolvedRun } from './resolve-run.js';

const BATCH = 10;
const BATCHES = 200;

/** A streamed benchmark of BATCHES batches of BATCH instances; `pulled` counts the batches the run asked for. */
function streamedRun() {
  const counts = { pulled: 0 };
  async function* batches(): AsyncGenerator<Instance[]> {
    for (let b = 0; b < BATCHES; b++) {
      counts.pulled++;
      yield Array.from(
        { length: BATCH },
        (_, i) => ({ id: `i${b * BATCH + i}`, split: 'test', input: { text: 'q' }, references: [] }) as Instance,
      );
    }
  }
  const streamed: StreamedData = {
    instances: batches(),
    ended: () => ({ data: { num_rows: BATCHES * BATCH }, resources: {}, partial: false }) as never,
  };
  const benchmark = { name: 'streamed', args: [], loadStream: async () => streamed };
  const run = { benchmark, scenarioArgs: {}, maxEvalInstances: null, evalSplit: null } as unknown as ResolvedRun;
  return { run, counts };
}

const options = (disableCache: boolean, parallelism: number) =>
  ({
    dataPath: null,
    dataCacheDir: '/nowhere',
    allowDataDrift: false,
    dryRun: false,
    disableCache,
    parallelism,
  }) as unknown as PrepareOptions;
const adapter = { max_train_instances: 0 } as AdapterSpec;
const settle = async () => {
  for (let k = 0; k < 20; k++) await new Promise((resolve) => setImmediate(resolve));
};

describe('a streamed load before the first answer', () => {
  it.each([
    [false, 32, 1000 / BATCH],
    [true, 32, Math.ceil(laneCount(32) / BATCH)],
    [true, 1, 1],
  ])('with the cache disabled %s at parallelism %d reads %d batches, then the rest once released', async (off, p, batches) => {
    const { run, counts } = streamedRun();
    const selection = await loadSelection(run, options(off, p), new Diagnostics(), adapter);
    await settle();
    expect(counts.pulled).toBe(batches);
    selection.stream?.release();
    await selection.stream?.ended();
    expect(selection.selected).toHaveLength(BATCHES * BATCH);
  });
});

describe('a streamed load without a cache, sent through the request feed by every lane', () => {
  it.each([1, 8, 32])('at parallelism %d reads one instance per lane before the first answer', async (p) => {
    const { run, counts } = streamedRun();
    const { stream } = await loadSelection(run, options(true, p), new Diagnostics(), adapter);
    if (!stream) throw new Error('not streamed');
    const plan = {
      get length() {
        return stream.items.length;
      },
      at: (index: number) => ({ id: `r${index}` }) as unknown as PromptRequest,
      reach: (index: number) => stream.reach(index),
    };
    const feed = new RequestFeed(plan, null);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const asked: number[] = [];
    let stop = false;
    // Each lane takes its request from the feed, as execute-requests.ts does, and waits for the first answer.
    const sending = runIndexed(
      feed.length,
      laneCount(p),
      async (index) => {
        if ((await feed.get(index)) !== null) asked.push(index);
        await answered;
      },
      () => stop,
    );
    await settle();
    expect(asked).toHaveLength(laneCount(p));
    expect(counts.pulled).toBe(Math.ceil(laneCount(p) / BATCH));
    stop = true;
    answer();
    stream.release();
    await sending;
    await stream.ended();
    expect(stream.items.length).toBe(BATCHES * BATCH);
  });
});
