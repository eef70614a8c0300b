import { describe, expect, it } from '@jest/globals';
import { formatError, fromDiskFull, reportError } from './user-error.js';

describe("a full disk is the user's error, not a bug", () => {
  it.each([
    [
      Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        path: '/out/results.jsonl',
      }),
      'cannot write /out/results.jsonl: no space left on the device (ENOSPC)',
    ],
    [
      Object.assign(new Error('EDQUOT: disk quota exceeded'), { code: 'EDQUOT' }),
      'cannot write to the output folder: no space left on the device (EDQUOT)',
    ],
    [Object.assign(new Error('SQLITE_FULL: database or disk is full'), { code: 'SQLITE_FULL' }), '(SQLITE_FULL)'],
  ])('%s → EF_OUTPUT_WRITE', (error, message) => {
    expect(fromDiskFull(error)).toMatchObject({ code: 'EF_OUTPUT_WRITE' });
    expect(formatError(error)).toContain(`error[EF_OUTPUT_WRITE]: ${message.startsWith('(') ? '' : message}`);
    expect(formatError(error)).toContain(message);
    const sink = {
      text: '',
      write(t: string) {
        this.text += t;
        return true;
      },
    };
    expect(reportError(error, false, sink as unknown as NodeJS.WritableStream)).toBe(1);
    expect(sink.text).not.toContain('EF_INTERNAL');
  });

  it('other errors pass through', () => {
    const other = Object.assign(new Error('boom'), { code: 'EPIPE' });
    expect(fromDiskFull(other)).toBe(other);
  });
});
