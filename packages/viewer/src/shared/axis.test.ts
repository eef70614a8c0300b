import { describe, expect, it } from '@jest/globals';
import { axisTicks, domainOf, niceStep, tickLabel } from './axis.js';

const rows = (...values: number[]) => values.map((value) => ({ value, interval: null }));

describe('chart axes', () => {
  it('a declared range is the domain: a 1–5 jury score runs 1–5, not 0–4.2', () => {
    expect(domainOf(rows(2.1, 3.3, 4.0), [1, 5])).toEqual([1, 5]);
    expect(axisTicks([1, 5]).map(tickLabel)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('a value outside its declared range widens the domain rather than being cut off', () => {
    expect(domainOf(rows(0.5, 3), [1, 5])).toEqual([0.5, 5]);
  });

  it('0/1 metrics keep [0, 1] with quarter ticks', () => {
    expect(domainOf(rows(0.2, 0.9))).toEqual([0, 1]);
    expect(axisTicks([0, 1]).map(tickLabel)).toEqual(['0', '0.25', '0.5', '0.75', '1']);
  });

  it('without a declared range the domain is rounded out to whole steps, with round ticks', () => {
    expect(domainOf(rows(1.2, 4.2))).toEqual([0, 6]);
    expect(axisTicks(domainOf(rows(1.2, 4.2))).map(tickLabel)).toEqual(['0', '2', '4', '6']);
    expect(axisTicks(domainOf(rows(12, 87))).map(tickLabel)).toEqual(['0', '25', '50', '75', '100']);
    expect(axisTicks([-1, 1]).map(tickLabel)).toEqual(['-1', '-0.5', '0', '0.5', '1']);
  });

  it('niceStep gives 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([niceStep(4), niceStep(1), niceStep(100), niceStep(7), niceStep(0.3)]).toEqual([1, 0.25, 25, 2, 0.1]);
  });
});
