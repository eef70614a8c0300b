import { describe, expect, it } from '@jest/globals';
import { terminalSafe } from './terminal-safe.js';
import { formatError, UserError } from './user-error.js';

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

describe('27.15 formatError: a message quoting a name from a file', () => {
  it('shows its control characters instead of sending them to the terminal', () => {
    const e = new UserError('EF_SUITE_CONF', 'entry head_qa,foo=\x1b[2Jbar\x07: bad', 'fix the \x9b entry');
    expect(formatError(e)).toBe(
      'error[EF_SUITE_CONF]: entry head_qa,foo=\\x1b[2Jbar\\x07: bad\nhint: fix the \\x9b entry',
    );
    expect(formatError(new Error('raw \x1b]0;x'))).toContain('raw \\x1b]0;x');
  });
});
