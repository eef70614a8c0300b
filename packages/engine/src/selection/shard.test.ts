import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { assignShards, type Instance } from '@eval-factory/types';
import { instancesOfShard } from './shard.js';

const inst = (id: string, variant?: 'corrected'): Instance =>
  ({ id, split: 'test', input: { text: id }, references: [], ...(variant ? { variant } : {}) }) as unknown as Instance;
const sha = (id: string) => createHash('sha256').update(id).digest('hex');

describe('instance shards', () => {
  const ids = Array.from({ length: 40 }, (_, i) => `id${i}`);
  const selected = ids.map((id) => inst(id));
  const shards = Array.from({ length: 7 }, (_, index) =>
    instancesOfShard(selected, { index, count: 7 }).map((i) => i.id),
  );

  it('partition the selection into shards of equal size (±1), each in selection order', () => {
    expect(shards.flat().sort()).toEqual([...ids].sort());
    expect(shards.map((s) => s.length).sort()).toEqual([5, 6, 6, 6, 6, 6, 5].sort());
    for (const shard of shards) expect(shard).toEqual(ids.filter((id) => shard.includes(id)));
  });
  it('cut the ids ordered by sha256 into consecutive runs', () => {
    const bySha = [...ids].sort((a, b) => (sha(a) < sha(b) ? -1 : 1));
    expect(shards.flatMap((s) => [...s].sort((a, b) => (sha(a) < sha(b) ? -1 : 1)))).toEqual(bySha);
  });
  it('do not depend on the order the data was loaded in', () => {
    const reversed = instancesOfShard([...selected].reverse(), { index: 3, count: 7 }).map((i) => i.id);
    expect([...reversed].reverse()).toEqual(shards[3]);
  });
  it('keep a corrected twin with its HELM instance', () => {
    const both = [...selected, ...ids.map((id) => inst(`c-${id}`, 'corrected'))];
    for (let index = 0; index < 5; index++) {
      const shard = instancesOfShard(both, { index, count: 5 }).map((i) => i.id);
      const helm = shard.filter((id) => !id.startsWith('c-'));
      expect(helm).toEqual(instancesOfShard(selected, { index, count: 5 }).map((i) => i.id));
      expect(shard.filter((id) => id.startsWith('c-'))).toEqual(helm.map((id) => `c-${id}`));
    }
  });
  it('27.10 an independently selected corrected set is sharded too: every instance in exactly one shard', () => {
    // mtsamples_replicate: 5 HELM instances, 7 corrected ones from their own selection (c-id5, c-id6 have no namesake).
    const job = [
      ...ids.slice(0, 5).map((id) => inst(id)),
      ...Array.from({ length: 7 }, (_, i) => inst(`c-id${i}`, 'corrected')),
    ];
    const parts = Array.from({ length: 3 }, (_, index) => instancesOfShard(job, { index, count: 3 }).map((i) => i.id));
    expect(parts.flat().sort()).toEqual(job.map((i) => i.id).sort());
    for (const part of parts) expect(part.length).toBeGreaterThan(0);
    // The planner's sizes (the same contract, on the ids alone) are these shards.
    const planned = assignShards(
      job.map((i) => i.id),
      3,
    );
    expect(parts.map((part) => part.every((id) => planned.get(id) === parts.indexOf(part)))).toEqual([
      true,
      true,
      true,
    ]);
    // A paired twin still goes with its instance.
    expect(planned.get('c-id0')).toBe(planned.get('id0'));
  });
  it('no shard = everything', () => expect(instancesOfShard(selected, null)).toHaveLength(40));
});
