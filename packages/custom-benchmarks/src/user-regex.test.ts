import { describe, expect, it } from '@jest/globals';
import { compileUserPattern } from './user-regex.js';

describe('compileUserPattern', () => {
  it.each([
    ['answer:\\s*([A-E])', 'i', 'Final Answer: c', 1, 'c'],
    ['answer:\\s*([A-E])', '', 'Final Answer: c', 1, null],
    ['^final: (.+)$', 'm', 'reasoning\nfinal: yes\n', 1, 'yes'],
    ['a.b', 's', 'a\nb', 0, 'a\nb'],
    ['a.b', '', 'a\nb', 0, null],
    ['(x)?y', 'u', 'y', 1, null],
    ['(\\d+)', 'g', 'n=42 and 7', 1, '42'],
    ['é(\\w)', 'u', 'café1', 1, '1'],
  ] as const)('%s /%s on %j, group %i → %j', (pattern, flags, text, group, expected) => {
    expect(compileUserPattern(pattern, flags).extract(text, group)).toBe(expected);
  });

  it('counts capture groups', () => {
    expect(compileUserPattern('(a)(?:b)(c)', '').groupCount).toBe(2);
    expect(compileUserPattern('abc', '').groupCount).toBe(0);
  });

  it('refuses what RE2 cannot run, saying why', () => {
    expect(() => compileUserPattern('(a)\\1', '')).toThrow(/RE2/);
    expect(() => compileUserPattern('a(?=b)', '')).toThrow(/RE2/);
    expect(() => compileUserPattern('(unclosed', '')).toThrow();
    expect(() => compileUserPattern('a', 'y')).toThrow(/flag 'y'/);
  });

  it('matches a catastrophic-backtracking pattern in linear time (V8 would take years on this input)', () => {
    // `^(a+)+$` against 100k × "a" + "!" is exponential for a backtracking engine; RE2 answers at once.
    const pattern = compileUserPattern('^(a+)+$', '');
    const started = process.hrtime.bigint();
    expect(pattern.extract(`${'a'.repeat(100_000)}!`, 1)).toBeNull();
    // Not a timing test of speed, a guard against a hang: even a slow machine finishes linear work in seconds.
    expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(20);
  });
});
