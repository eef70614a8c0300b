import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { suiteStatusCommand } from './suite-status.js';

const sink = () => ({
  text: '',
  write(t: string) {
    this.text += t;
    return true;
  },
});

describe('eval-factory status', () => {
  it('done, running (a live lock), failed with its first error, left (in suite.json, not started), not run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-status-'));
    const job = (name: string) => {
      mkdirSync(join(dir, 'm', name), { recursive: true });
      return join(dir, 'm', name);
    };
    writeFileSync(
      join(job('a'), 'evaluation_config.yaml'),
      'status: success\ncounts: {instances: {scored: 9, evaluated: 10}}\n',
    );
    writeFileSync(
      join(job('b'), 'evaluation_config.yaml'),
      'status: error\nerrors: [{code: EF_FAILURE_RATE, message: "9 of 10 instances failed"}]\n',
    );
    writeFileSync(
      join(job('e'), 'evaluation_config.yaml'),
      'status: partial\ncounts: {instances: {scored: 8, evaluated: 10}}\n',
    );
    // Failed before its run wrote anything: the suite's failures.json says why.
    job('f');
    writeFileSync(
      join(dir, 'failures.json'),
      JSON.stringify({ [join('m', 'f')]: { code: 'EF_OUTPUT_WRITE', message: 'cannot write m/f' } }),
    );
    writeFileSync(
      join(job('c'), '.eval-factory.lock'),
      JSON.stringify({ pid: process.pid, host: hostname(), started_at: 'x' }),
    );
    writeFileSync(
      join(dir, 'suite.json'),
      JSON.stringify({
        suite: 's',
        jobs: ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => ({ model: 'm', name: n, dir: join('m', n) })),
        not_run: ['typo_bench'],
      }),
    );
    const out = sink();
    expect(suiteStatusCommand({ dir }, out as unknown as NodeJS.WritableStream)).toBe(0);
    expect(out.text.split('\n')).toEqual([
      'suite s: 6 jobs — 1 done, 1 partial, 1 running, 2 failed, 1 left, 1 not run',
      '  done     m  a  (9 of 10 scored)',
      '  failed   m  b  (error: EF_FAILURE_RATE 9 of 10 instances failed)',
      '  running  m  c',
      '  left     m  d',
      '  partial  m  e  (8 of 10 scored; re-run to retry the failed instances)',
      '  failed   m  f  (EF_OUTPUT_WRITE cannot write m/f)',
      '  not run  typo_bench  (no benchmark here)',
      '',
    ]);
  });

  it('a job run in shards, before merge: its units/ tell how far it is (docs/scale.md)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-status-units-'));
    const unit = (k: number) => {
      const d = join(dir, 'm', 'a', 'units', `${k}-of-3`);
      mkdirSync(d, { recursive: true });
      return d;
    };
    writeFileSync(join(unit(0), 'evaluation_config.yaml'), 'status: success\n');
    writeFileSync(join(unit(1), 'evaluation_config.yaml'), 'status: partial\n');
    writeFileSync(
      join(dir, 'suite.json'),
      JSON.stringify({ suite: 's', jobs: [{ model: 'm', name: 'a', dir: join('m', 'a') }], not_run: [] }),
    );
    const plan = (k: number) => ({
      index: k,
      model: 'm',
      job: 'a',
      job_dir: join('m', 'a'),
      dir: join('m', 'a', 'units', `${k}-of-3`),
      shard: { index: k, count: 3 },
      instances: 4,
    });
    writeFileSync(
      join(dir, 'units.json'),
      JSON.stringify({ suite: 's', max_instances_per_unit: 4, units: [0, 1, 2].map(plan) }),
    );
    const out = sink();
    suiteStatusCommand({ dir }, out as unknown as NodeJS.WritableStream);
    expect(out.text).toContain('  left     m  a  (2 of 3 units done)');
    writeFileSync(
      join(unit(2), 'evaluation_config.yaml'),
      'status: error\nerrors: [{code: EF_ENDPOINT_DOWN, message: x}]\n',
    );
    const again = sink();
    suiteStatusCommand({ dir }, again as unknown as NodeJS.WritableStream);
    expect(again.text).toContain('  failed   m  a  (2 of 3 units done, 1 failed)');
  });

  it('an interrupted run is left to do, not failed, and says how to go on', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-status-'));
    mkdirSync(join(dir, 'run'));
    writeFileSync(
      join(dir, 'run', 'evaluation_config.yaml'),
      'status: interrupted\ncounts: {instances: {scored: 3, evaluated: 10}}\nerrors: [{code: EF_INTERRUPTED, message: stopped}]\n',
    );
    const out = sink();
    suiteStatusCommand({ dir }, out as unknown as NodeJS.WritableStream);
    expect(out.text).toContain('1 jobs — 0 done, 0 running, 0 failed, 1 left');
    expect(out.text).toContain('  left     run  (interrupted: 3 of 10 scored; re-run to resume)');
  });

  it('a missing folder is EF_FILE_NOT_FOUND', () => {
    expect(() => suiteStatusCommand({ dir: join(tmpdir(), 'ef-no-such-suite') })).toThrow(
      expect.objectContaining({ code: 'EF_FILE_NOT_FOUND' }),
    );
  });
});

describe('eval-factory status on a damaged suite.json', () => {
  it('is EF_SUITE_CONF with a hint, not an internal error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-status-'));
    writeFileSync(join(dir, 'suite.json'), '{"suite": "s", "jobs": [');
    expect(() => suiteStatusCommand({ dir })).toThrow(
      expect.objectContaining({ code: 'EF_SUITE_CONF', hint: expect.stringContaining('Re-run') }),
    );
  });
});
