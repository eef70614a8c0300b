import { createHook } from 'node:async_hooks';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { Instance } from '@eval-factory/types';
import { StreamedInstances } from '../selection/streamed-instances.js';
import { instanceLine, writeInstancesFile } from './dry-run.js';

const LINES = 2000;
const instances = Array.from(
  { length: LINES },
  (_, n) => ({ id: `id${n}`, split: 'test', input: { text: `q${n}` }, references: [] }) as Instance,
);
const expected = instances.map((i) => `${JSON.stringify(instanceLine(i))}\n`).join('');

/** How many promises `work` creates: work counted, not timed (an await per line makes one or more per line). */
async function promisesMade(work: () => Promise<unknown>): Promise<number> {
  let made = 0;
  const hook = createHook({ init: (_id, type) => void (type === 'PROMISE' && made++) });
  hook.enable();
  try {
    await work();
  } finally {
    hook.disable();
  }
  return made;
}

/** A loader reading a batch per turn of the event loop: the file is written while it reads. */
async function* inBatches(size: number): AsyncGenerator<Instance[]> {
  for (let start = 0; start < LINES; start += size) {
    await new Promise((resolve) => setImmediate(resolve));
    yield instances.slice(start, start + size);
  }
}

describe('instances.jsonl beside a run', () => {
  it('instances already in memory: every line, without an await per line', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-instances-')), 'instances.jsonl');
    const made = await promisesMade(() => writeInstancesFile(file, instances));
    expect(readFileSync(file, 'utf8')).toBe(expected);
    expect(made).toBeLessThan(LINES / 10);
  });

  it('a streamed selection still read: every line, awaiting only instances not read yet', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ef-instances-')), 'instances.jsonl');
    const stream = new StreamedInstances(inBatches(100), ['test']);
    const made = await promisesMade(() =>
      writeInstancesFile(file, stream.items, (index) => stream.reach(index, false)),
    );
    expect(readFileSync(file, 'utf8')).toBe(expected);
    // The loader's own promises count too (a few per batch of 100); an await per line made 6 a line.
    expect(made).toBeLessThan(LINES / 4);
  });

  it('a reach that says an instance is read which the list lacks: an internal error, not a loop', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ef-instances-'));
    let asked = 0;
    // True a few times only, so that the loop it would cause ends (as an empty file) and the test fails, not hangs.
    const write = writeInstancesFile(join(folder, 'instances.jsonl'), [], () => asked++ < 3);
    await expect(write).rejects.toMatchObject({ name: 'InternalError' });
    expect(existsSync(join(folder, 'instances.jsonl'))).toBe(false);
    expect(readdirSync(folder)).toEqual([]);
  });
});
