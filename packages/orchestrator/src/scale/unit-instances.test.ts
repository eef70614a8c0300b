import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkUnit } from '@eval-factory/suite';
import { cleanupTempDirs, makeTempDir } from '@eval-factory/testkit';
import { assignShards } from '@eval-factory/types';
import { checkUnitInstances, otherShardRun, readResultIds } from './unit-instances.js';

afterAll(cleanupTempDirs);

const IDS = Array.from({ length: 9 }, (_, i) => `id${i}`);
const shardOf = assignShards(IDS, 3);
const idsOf = (k: number) => IDS.filter((id) => shardOf.get(id) === k);

/** A suite folder with unit k of 3 holding `held[k]`'s instances, each line ok unless listed in `unanswered`. */
async function suiteWith(held: readonly (readonly string[])[], shardRan = (k: number) => `${k}/3`) {
  const suite = (await makeTempDir('ef-units-')).path;
  const units: WorkUnit[] = held.map((_, k) => ({
    index: k,
    model: 'm',
    job: 'j',
    job_dir: 'm/j',
    dir: `m/j/units/${k}-of-3`,
    shard: { index: k, count: 3 },
    instances: null,
  }));
  held.forEach((ids, k) => {
    const dir = join(suite, units[k]!.dir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'results.jsonl'), ids.map((id) => `{"instance_id":"${id}","status":"ok"}\n`).join(''));
    writeFileSync(join(dir, 'run_config.yml'), `config:\n  params:\n    extra:\n      shard: ${shardRan(k)}\n`);
  });
  const states = units.map((u) => ({ unit: u.index, dir: u.dir, state: 'done' }));
  return { suite, units, states };
}

describe('27.18 a unit is done only with its own shard', () => {
  const merged = (unanswered: string[] = []) => ({ ids: new Set(IDS), unanswered: new Set(unanswered) });

  it('each unit holding its shard: all done', async () => {
    const { suite, units, states } = await suiteWith([idsOf(0), idsOf(1), idsOf(2)]);
    expect(checkUnitInstances(suite, units, states, merged()).map((s) => s.state)).toEqual(['done', 'done', 'done']);
  });

  it("a unit holding another shard's instances (same shard named in its run_config) is not done", async () => {
    const { suite, units, states } = await suiteWith([idsOf(0), idsOf(0), idsOf(2)]);
    const checked = checkUnitInstances(suite, units, states, merged());
    expect(checked[1]!.state).toBe(
      `not its shard's instances (0 of its ${idsOf(1).length}, ${idsOf(0).length} of others)`,
    );
    expect([checked[0]!.state, checked[2]!.state]).toEqual(['done', 'done']);
  });

  it('a unit missing one of its instances, or whose cache did not answer one, is not done', async () => {
    const { suite, units, states } = await suiteWith([idsOf(0), idsOf(1).slice(1), idsOf(2)]);
    expect(checkUnitInstances(suite, units, states, merged())[1]!.state).toMatch(/^not its shard's instances/);
    const whole = await suiteWith([idsOf(0), idsOf(1), idsOf(2)]);
    const lost = checkUnitInstances(whole.suite, whole.units, whole.states, merged([idsOf(2)[0]!]));
    expect(lost[2]!.state).toBe(`1 of its ${idsOf(2).length} instances not in its cache.db`);
  });

  it("a folder whose run_config ran another shard is named before any merge; results.jsonl's EF_UNIT_MISSING lines are read", async () => {
    const { suite, units } = await suiteWith([idsOf(0), idsOf(0), idsOf(2)], (k) => (k === 1 ? '0/3' : `${k}/3`));
    expect(units.map((u) => otherShardRun(join(suite, u.dir)))).toEqual([null, '0/3', null]);
    const run = join(suite, 'merged');
    mkdirSync(run);
    writeFileSync(
      join(run, 'results.jsonl'),
      '{"instance_id":"a","status":"ok"}\n{"instance_id":"b","status":"failed","reason":"unknown: EF_UNIT_MISSING: no unit answered this request"}\n',
    );
    expect(readResultIds(run)).toEqual({ ids: new Set(['a', 'b']), unanswered: new Set(['b']) });
  });
});
