import { describe, expect, it } from '@jest/globals';
import { completedRequests, formatDuration, halfwayDone } from './engine-progress.js';

describe('completedRequests: answered, cached, repeated and failed', () => {
  it.each([
    [{ done: 0, cached: 0, failed: 0 }, 0],
    [{ done: 3, cached: 2, failed: 1 }, 6],
    [{ done: 3, cached: 2, duplicates: 4, failed: 1 }, 10],
    [{ done: 1, cached: 0, duplicates: 0, failed: 0 }, 1],
  ])('%o → %i', (counts, n) => {
    expect(completedRequests(counts)).toBe(n);
  });
});

describe('halfwayDone', () => {
  it.each([
    [0, 10, false],
    [4, 10, false],
    [5, 10, true],
    [6, 10, true],
    [4, 9, false],
    [5, 9, true],
    [0, 0, true], // a run with nothing to send is as far as it gets
  ])('%i of %i: %s', (completed, total, expected) => {
    expect(halfwayDone(completed, total)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [-5, '0s'],
    [42.4, '42s'],
    [59.6, '1m 00s'],
    [185, '3m 05s'],
    [3599, '59m 59s'],
    [3600, '1h 00m'],
    [3720, '1h 02m'],
    [90_000, '25h 00m'],
  ])('%d s is %j', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
