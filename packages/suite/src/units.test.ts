import { describe, expect, it } from '@jest/globals';
import { plannedUnits, planUnits, type JobSize } from './units.js';
import type { SuiteJob } from './expand.js';

const job = (model: string, benchmark: string): SuiteJob => ({
  model,
  benchmark,
  extra: {},
  name: benchmark,
  entry: `${benchmark}:model=${model}`,
});
const ids = (n: number, prefix = 'id') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('planUnits', () => {
  const jobs = [job('org/a', 'pubmed_qa'), job('org/a', 'head_qa'), job('org/b', 'pubmed_qa')];
  const sizes = new Map<string, JobSize>([
    ['pubmed_qa', { instanceIds: ids(40) }],
    ['head_qa', { instanceIds: ids(5) }],
  ]);

  it("one unit per job without a limit, the job's folder as its folder", () => {
    const units = planUnits(jobs, null, new Map());
    expect(units.map((u) => [u.index, u.dir, u.shard, u.instances])).toEqual([
      [0, 'org_a/pubmed_qa', null, null],
      [1, 'org_a/head_qa', null, null],
      [2, 'org_b/pubmed_qa', null, null],
    ]);
  });

  it('splits only jobs above the limit, into ceil(n / limit) shards whose sizes add up to the job', () => {
    const units = planUnits(jobs, 6, sizes);
    const a = units.filter((u) => u.model === 'org/a' && u.job === 'pubmed_qa');
    expect(a.every((u) => u.shard?.count === 7)).toBe(true);
    expect(a.reduce((s, u) => s + (u.instances ?? 0), 0)).toBe(40);
    expect(a.map((u) => u.dir)).toEqual(a.map((u) => `org_a/pubmed_qa/units/${u.shard!.index}-of-7`));
    const head = units.filter((u) => u.job === 'head_qa');
    expect(head).toEqual([expect.objectContaining({ shard: null, instances: 5, dir: 'org_a/head_qa' })]);
    expect(units.map((u) => u.index)).toEqual(units.map((_u, i) => i));
  });

  it('is a pure function of the ids: the same plan whatever order the ids come in', () => {
    const shuffled = new Map<string, JobSize>([
      ['pubmed_qa', { instanceIds: [...ids(40)].reverse() }],
      ['head_qa', { instanceIds: ids(5) }],
    ]);
    expect(planUnits(jobs, 6, shuffled)).toEqual(planUnits(jobs, 6, sizes));
  });

  it('shards of equal size (±1), never empty, and corrected twins counted with their instance', () => {
    const twins = new Map<string, JobSize>([
      ['pubmed_qa', { instanceIds: [...ids(9), ...ids(9).map((i) => `c-${i}`)] }],
    ]);
    const units = planUnits([job('m', 'pubmed_qa')], 4, twins); // 18 instances, limit 4 → 5 shards of 9 HELM ids
    expect(units.map((u) => u.instances)).toEqual([4, 4, 4, 4, 2]);
    const tiny = planUnits([job('m', 'pubmed_qa')], 1, new Map([['pubmed_qa', { instanceIds: ['a', 'c-a'] }]]));
    expect(tiny.map((u) => [u.shard, u.instances])).toEqual([[{ index: 0, count: 1 }, 2]]);
  });

  it('27.10 corrected instances without a namesake (an independent selection) are counted in a shard', () => {
    const mts = ['id0', 'id1', 'id2', 'id3', 'id4', 'c-id0', 'c-id1', 'c-id2', 'c-id3', 'c-id4', 'c-id5', 'c-id6'];
    const units = planUnits(
      [job('m', 'mtsamples_replicate')],
      5,
      new Map([['mtsamples_replicate', { instanceIds: mts }]]),
    );
    expect(units.map((u) => u.instances!).reduce((a, b) => a + b, 0)).toBe(12);
    expect(units).toHaveLength(3);
  });
});

describe('plannedUnits (a plan read from units.json or --units-plan)', () => {
  const jobs = [job('org/a', 'pubmed_qa'), job('org/a', 'head_qa')];
  const planned = planUnits(jobs, 20, new Map([['pubmed_qa', { instanceIds: ids(40) }]]));
  const plan = { suite: 's', max_instances_per_unit: 20, units: planned };

  it('a plan as planUnits wrote it reads back unchanged', () => {
    expect(plannedUnits(JSON.parse(JSON.stringify(plan)))).toEqual(plan);
  });

  it("27.6 a unit's dir and job_dir are recomputed from its own fields: ../.. never leaves the suite folder", () => {
    const edited = {
      ...plan,
      units: plan.units.map((u) => ({ ...u, dir: '../../elsewhere', job_dir: '/etc' })),
    };
    const units = plannedUnits(edited).units;
    expect(units.map((u) => [u.job_dir, u.dir])).toEqual(planned.map((u) => [u.job_dir, u.dir]));
    expect(units.every((u) => !u.dir.startsWith('..') && !u.job_dir.startsWith('/'))).toBe(true);
  });

  it.each([
    ['no units list', { suite: 's' }],
    ['an index out of place', { units: [{ ...planned[1]!, index: 0 }, planned[0]] }],
    ['a model that is not text', { units: [{ ...planned[0]!, model: ['..'] }] }],
    ['a shard index past its count', { units: [{ ...planned[0]!, shard: { index: 2, count: 2 } }] }],
  ])('refuses %s', (_, raw) => {
    expect(() => plannedUnits(raw)).toThrow();
  });
});
