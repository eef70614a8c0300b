import { describe, expect, it } from '@jest/globals';
import { endOnClosedPipe } from './closed-pipe.js';

describe('endOnClosedPipe', () => {
  const setup = () => {
    const listeners: ((e: NodeJS.ErrnoException) => void)[] = [];
    const stream = {
      on: (_event: string, fn: (e: NodeJS.ErrnoException) => void) => listeners.push(fn),
    } as unknown as NodeJS.WriteStream;
    const exits: number[] = [];
    endOnClosedPipe(stream, (code) => exits.push(code));
    return { emit: (code: string) => listeners[0](Object.assign(new Error(`write ${code}`), { code })), exits };
  };

  it('turns EPIPE on stdout into a quiet exit with the current exit code', () => {
    const { emit, exits } = setup();
    emit('EPIPE');
    expect(exits).toEqual([0]);
  });

  it('rethrows any other stream error', () => {
    const { emit, exits } = setup();
    expect(() => emit('ENOSPC')).toThrow('write ENOSPC');
    expect(exits).toEqual([]);
  });
});
