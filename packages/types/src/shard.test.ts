import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { assignShards, formatShard, parseShard, shardDirName, shardRoots } from './shard.js';

describe('shard names', () => {
  it.each([
    [{ index: 0, count: 1 }, '0-of-1', '0/1'],
    [{ index: 2, count: 7 }, '2-of-7', '2/7'],
  ])('%o is the folder %s and the flag value %s, which parses back', (shard, folder, flag) => {
    expect(shardDirName(shard)).toBe(folder);
    expect(formatShard(shard)).toBe(flag);
    expect(parseShard(flag)).toEqual(shard);
  });

  it.each([
    [' 1/3 ', { index: 1, count: 3 }],
    ['3/3', null], // K must be below N
    ['0/0', null],
    ['-1/3', null],
    ['1.5/3', null],
    ['1/3/5', null],
    ['1-of-3', null],
    ['', null],
  ])('parseShard(%j) is %o', (text, expected) => {
    expect(parseShard(text)).toEqual(expected);
  });
});

describe('shardRoots: the ids placed by their own hash', () => {
  it.each([
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
    [
      ['a', 'c-a', 'b'],
      ['a', 'b'],
    ], // a twin goes with its instance
    [
      ['c-x', 'b'],
      ['c-x', 'b'],
    ], // a corrected instance without its namesake is placed by its own hash
    [['a', 'c-a', 'c-c-a'], ['a']],
    [
      ['a', 'a', 'b'],
      ['a', 'b'],
    ], // duplicates count once
  ])('%j → %j', (ids, roots) => {
    expect(shardRoots(ids)).toEqual(roots);
  });
});

describe('assignShards', () => {
  const ids = Array.from({ length: 10 }, (_, i) => `id${i}`);

  it.each([1, 2, 3, 4, 10])('cuts 10 ids into %i shards of equal size (±1), none empty', (count) => {
    const shards = assignShards(ids, count);
    expect([...shards.keys()].sort()).toEqual([...ids].sort());
    const sizes = Array.from({ length: count }, (_, k) => [...shards.values()].filter((s) => s === k).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
  });

  it('does not depend on the order the ids come in', () => {
    expect(Object.fromEntries(assignShards([...ids].reverse(), 3))).toEqual(Object.fromEntries(assignShards(ids, 3)));
  });

  it('orders ids by the sha256 of each id, not by the id: 10 shards of 10 ids are the ids in hash order', () => {
    const sha256 = (id: string) => createHash('sha256').update(id).digest('hex');
    const byHash = [...ids].sort((a, b) => (sha256(a) < sha256(b) ? -1 : 1));
    expect(byHash).not.toEqual(ids);
    const shards = assignShards(ids, 10);
    expect(byHash.map((id) => shards.get(id))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('puts corrected twins (and twins of twins) in their instance’s shard', () => {
    const shards = assignShards([...ids, 'c-id4', 'c-c-id4', 'c-id9'], 4);
    expect(shards.get('c-id4')).toBe(shards.get('id4'));
    expect(shards.get('c-c-id4')).toBe(shards.get('id4'));
    expect(shards.get('c-id9')).toBe(shards.get('id9'));
  });
});
