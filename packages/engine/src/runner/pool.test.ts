import { connect, createServer, type AddressInfo } from 'node:net';
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

  it('lets the loop poll once the first item has started, before the other lanes start theirs (its request leaves first)', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let connected = false;
    const seenBySecond: boolean[] = [];
    let release: () => void = () => undefined;
    const othersStarted = new Promise<void>((resolve) => (release = resolve));
    try {
      await runIndexed(
        3,
        3,
        async (index) => {
          if (index > 0) {
            seenBySecond.push(connected);
            release();
            return;
          }
          // A loopback connection is open as soon as the loop polls: node:http writes a request's bytes then.
          const socket = connect(port, '127.0.0.1', () => (connected = true));
          socket.on('error', () => undefined);
          await othersStarted;
          socket.destroy();
        },
        () => false,
      );
    } finally {
      server.close();
    }
    expect(seenBySecond).toEqual([true, true]);
  });
});
