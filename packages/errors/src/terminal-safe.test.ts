import { describe, expect, it } from '@jest/globals';
import { terminalSafe } from './terminal-safe.js';

describe('terminalSafe', () => {
  it.each([
    ['plain text and layout stay', 'a\tb\nc é 中', 'a\tb\nc é 中'],
    ['ANSI clear screen', 'x\x1b[2Jy', 'x\\x1b[2Jy'],
    ['OSC window title with BEL', '\x1b]0;pwned\x07', '\\x1b]0;pwned\\x07'],
    ['carriage return overwrite', 'safe\rEVIL', 'safe\\x0dEVIL'],
    ['C1 CSI and DEL', '\x9b31m\x7f', '\\x9b31m\\x7f'],
    ['NUL', 'a\x00b', 'a\\x00b'],
  ])('%s', (_, input, expected) => {
    expect(terminalSafe(input)).toBe(expected);
  });
});
