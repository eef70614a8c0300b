/**
 * The send pool's first request leaves before the other lanes build theirs (runIndexed in pool.ts): seen on a real
 * loopback connection, with the pool started from an I/O callback as the engine's is (from stdin's).
 */
import { readFile } from 'node:fs';
import { type AddressInfo, connect, createServer } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { runIndexed } from './pool.js';

/**
 * What the other lanes of a 3-lane pool, started from an I/O callback, see as they start: whether the first item's
 * loopback connection is open. The first item waits for `lookup` (its block's cache lookup, or its data) first.
 */
async function firstConnectedBeforeOthers(lookup: Promise<void>): Promise<boolean[]> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let connected = false;
  const seenByOthers: boolean[] = [];
  let release: () => void = () => undefined;
  const othersStarted = new Promise<void>((resolve) => (release = resolve));
  let handedOut: () => void = () => undefined;
  const firstHandedOut = new Promise<void>((resolve) => (handedOut = resolve));
  const worker = async (index: number) => {
    if (index > 0) {
      seenByOthers.push(connected);
      release();
      return;
    }
    await lookup;
    // A loopback connection is open as soon as the loop polls: node:http writes a request's bytes then.
    const socket = connect(port, '127.0.0.1', () => (connected = true));
    socket.on('error', () => undefined);
    handedOut();
    await othersStarted;
    socket.destroy();
  };
  try {
    await new Promise<void>((resolve, reject) =>
      readFile(new URL(import.meta.url), () => {
        runIndexed(3, 3, worker, () => false, firstHandedOut).then(() => resolve(), reject);
      }),
    );
  } finally {
    server.close();
  }
  return seenByOthers;
}

describe('runIndexed', () => {
  it('starts the other lanes once the first item has opened its connection (the loop polled)', async () => {
    expect(await firstConnectedBeforeOthers(Promise.resolve())).toEqual([true, true]);
  });

  it('waits for the first item to hand its work out when it waited for a lookup first', async () => {
    const lookup = new Promise<void>((resolve) => setTimeout(resolve, 20));
    expect(await firstConnectedBeforeOthers(lookup)).toEqual([true, true]);
  });
});
