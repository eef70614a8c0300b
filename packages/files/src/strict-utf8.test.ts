import { describe, expect, it } from '@jest/globals';
import { StrictUtf8 } from './strict-utf8.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('StrictUtf8', () => {
  it('decodes whole, keeping a BOM as U+FEFF (Python’s utf-8 codec keeps it)', () => {
    expect(new StrictUtf8('f').decode(bytes('\uFEFFé'))).toBe('\uFEFFé');
  });

  it('joins a character cut between two pieces', () => {
    const [first, second] = [bytes('é').subarray(0, 1), bytes('é').subarray(1)];
    const utf8 = new StrictUtf8('f');
    expect(utf8.decode(first, true) + utf8.decode(second, true) + utf8.decode()).toBe('é');
  });

  it.each([
    ['invalid bytes', (u: StrictUtf8) => u.decode(Uint8Array.of(0x61, 0xff))],
    ['a character still cut at the end', (u: StrictUtf8) => u.decode(bytes('é').subarray(0, 1), true) + u.decode()],
  ])('%s: EF_DATA_FORMAT naming the file', (_, decode) => {
    expect(() => decode(new StrictUtf8('data/x.json'))).toThrow(
      expect.objectContaining({ code: 'EF_DATA_FORMAT', message: expect.stringContaining('data/x.json') }),
    );
  });
});
