/** When the factory may lower an engine's CPU priority: only when it can raise it back (cpu-priority.ts). */
import { describe, expect, it } from '@jest/globals';
import { mayRaisePriority } from './cpu-priority.js';

const status = (capEff: string) =>
  `Name:\tnode\nCapInh:\t0000000000000000\nCapEff:\t${capEff}\nCapBnd:\t000001ffffffffff\n`;
const limits = (soft: string, hard = soft) =>
  `Limit                     Soft Limit           Hard Limit           Units     \nMax nice priority         ${soft}                    ${hard}                    \nMax realtime priority     0                    0                    \n`;

describe('mayRaisePriority', () => {
  it('is true with CAP_SYS_NICE in the effective set (root on a host, a container given it)', () => {
    expect(mayRaisePriority(status('000001fffeffffff'), limits('0'), 0)).toBe(true);
    expect(mayRaisePriority(status('0000000000800000'), limits('0'), 0)).toBe(true);
  });

  it('is false without it and with the default RLIMIT_NICE of 0 (an ordinary user, a container without it)', () => {
    expect(mayRaisePriority(status('0000000000000000'), limits('0'), 0)).toBe(false);
    // Every capability but CAP_SYS_NICE (bit 23).
    expect(mayRaisePriority(status('000001ffff7fffff'), limits('0'), 0)).toBe(false);
  });

  it('is true when RLIMIT_NICE lets the priority go back down to where it started (20 − limit ≤ start)', () => {
    expect(mayRaisePriority(status('0000000000000000'), limits('20'), 0)).toBe(true);
    expect(mayRaisePriority(status('0000000000000000'), limits('19'), 0)).toBe(false);
    expect(mayRaisePriority(status('0000000000000000'), limits('15'), 5)).toBe(true);
    expect(mayRaisePriority(status('0000000000000000'), limits('unlimited'), 0)).toBe(true);
  });

  it('does not count the capability inside a user namespace (the kernel checks it against the host)', () => {
    expect(mayRaisePriority(status('000001fffeffffff'), limits('0'), 0, '         0       1000          1\n')).toBe(
      false,
    );
    expect(mayRaisePriority(status('000001fffeffffff'), limits('0'), 0, '         0          0 4294967295\n')).toBe(
      true,
    );
    expect(mayRaisePriority(status('000001fffeffffff'), limits('20'), 0, '0 1000 1')).toBe(true);
  });

  it('is false when it cannot tell (no such lines)', () => {
    expect(mayRaisePriority('', '', 0)).toBe(false);
  });
});
