import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import type { Instance } from '@eval-factory/types';
import { instancesOfShard, shardOfId } from './shard.js';

const inst = (id: string, variant?: 'corrected'): Instance => ({ id, split: 'test', input: { text: id }, references: [], ...(variant ? { variant } : {}) }) as unknown as Instance;

describe('instance shards', () => {
  const ids = Array.from({ length: 200 }, (_, i) => `id${i}`);
  it('is sha256(id)\'s first four bytes modulo the count', () => {
    const expected = Number.parseInt(createHash('sha256').update('id7').digest('hex').slice(0, 8), 16) % 7;
    expect(shardOfId('id7', 7)).toBe(expected);
  });
  it('the shards of a job partition its selection, in selection order, whatever the load order', () => {
    const selected = ids.map((id) => inst(id));
    const shards = Array.from({ length: 7 }, (_, index) => instancesOfShard(selected, { index, count: 7 }).map((i) => i.id));
    expect(shards.flat().sort()).toEqual([...ids].sort());
    for (const shard of shards) expect(shard).toEqual(ids.filter((id) => shard.includes(id)));
    const reversed = instancesOfShard([...selected].reverse(), { index: 3, count: 7 }).map((i) => i.id);
    expect([...reversed].reverse()).toEqual(shards[3]);
  });
  it('a corrected twin stays with its HELM instance', () => {
    const selected = [...ids.map((id) => inst(id)), ...ids.map((id) => inst(`c-${id}`, 'corrected'))];
    for (let index = 0; index < 5; index++) {
      const shard = instancesOfShard(selected, { index, count: 5 }).map((i) => i.id);
      const helm = shard.filter((id) => !id.startsWith('c-'));
      expect(shard.filter((id) => id.startsWith('c-'))).toEqual(helm.map((id) => `c-${id}`));
    }
  });
  it('no shard = everything', () => expect(instancesOfShard(ids.map((id) => inst(id)), null)).toHaveLength(200));
});
