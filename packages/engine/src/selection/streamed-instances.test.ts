import { describe, expect, it } from '@jest/globals';
import type { Instance } from '@eval-factory/types';
import { StreamedInstances } from './streamed-instances.js';

const instance = (id: string, split = 'test') => ({ id, split, input: { text: id }, references: [] }) as Instance;

/** A loader the test feeds by hand: `give` yields a batch of instances, `end` ends the file, `fail` throws in it. */
function handFed() {
  const queue: (Instance[] | Error | null)[] = [];
  let wake: () => void = () => undefined;
  async function* source(): AsyncGenerator<Instance[]> {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((r) => (wake = r));
      const next = queue.shift();
      if (next === null) return;
      if (next instanceof Error) throw next;
      yield next as Instance[];
    }
  }
  const push = (item: Instance[] | Error | null) => {
    queue.push(item);
    wake();
  };
  return { source: source(), give: (...items: Instance[]) => push(items), end: () => push(null), fail: push };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('StreamedInstances', () => {
  it('answers reach(i) as the loader reads: at once when read, false once the file ended before it', async () => {
    const fed = handFed();
    const stream = new StreamedInstances(fed.source, ['valid', 'test']);
    const third = stream.reach(2);
    expect(third).toBeInstanceOf(Promise);
    fed.give(instance('a'), instance('t', 'train'), instance('b'), instance('c'));
    expect(await third).toBe(true);
    // Train instances are not eval instances: they are not selected.
    expect(stream.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(stream.reach(1)).toBe(true);
    const past = stream.reach(3);
    fed.end();
    expect(await past).toBe(false);
    await stream.ended();
    expect(stream.reach(3)).toBe(false);
  });

  it("throws the loader's error from the moment it is known, even for an instance already read", async () => {
    const fed = handFed();
    const stream = new StreamedInstances(fed.source, ['test']);
    fed.give(instance('a'));
    await turn();
    const waiting = stream.reach(5);
    fed.fail(new Error('EF_DATA_FORMAT at PMID 9'));
    await expect(waiting).rejects.toThrow('PMID 9');
    expect(() => stream.reach(0)).toThrow('PMID 9');
    await expect(stream.ended()).rejects.toThrow('PMID 9');
  });

  it('mapAll replaces the instances read so far and each one read later (secrets scrubbed once registered)', async () => {
    const fed = handFed();
    const stream = new StreamedInstances(fed.source, ['test']);
    fed.give(instance('a'));
    await turn();
    stream.mapAll((i) => ({ ...i, id: i.id.toUpperCase() }));
    fed.give(instance('b'));
    fed.end();
    await stream.ended();
    expect(stream.items.map((i) => i.id)).toEqual(['A', 'B']);
  });

  it('mapAll a second time is an internal error: instances read later would get the second transform only', () => {
    const stream = new StreamedInstances(handFed().source, ['test']);
    stream.mapAll((i) => i);
    expect(() => stream.mapAll((i) => i)).toThrow(expect.objectContaining({ name: 'InternalError' }));
  });

  it('stops at its first `lead` instances until released, or until the run asks for one past them', async () => {
    const pulled: number[] = [];
    async function* counting(): AsyncGenerator<Instance[]> {
      for (let i = 0; i < 10; i++) {
        pulled.push(i);
        yield [instance(`i${i}`)];
      }
    }
    const held = new StreamedInstances(counting(), ['test'], 3);
    for (let k = 0; k < 5; k++) await turn();
    expect(held.items).toHaveLength(3);
    expect(pulled).toEqual([0, 1, 2]); // the loader is not even asked for the fourth
    held.release();
    await held.ended();
    expect(held.items).toHaveLength(10);

    pulled.length = 0;
    const asked = new StreamedInstances(counting(), ['test'], 3);
    const following = asked.reach(5, false); // a reader that follows the load does not end the wait
    for (let k = 0; k < 5; k++) await turn();
    expect(pulled).toEqual([0, 1, 2]);
    expect(await asked.reach(2)).toBe(true);
    expect(pulled).toEqual([0, 1, 2]);
    expect(await asked.reach(7)).toBe(true); // past the first three: it reads on
    expect(await following).toBe(true);
    await asked.ended();
    expect(asked.items).toHaveLength(10);
  });
});
