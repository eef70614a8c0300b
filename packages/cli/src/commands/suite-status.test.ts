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
      join(job('c'), '.eval-factory.lock'),
      JSON.stringify({ pid: process.pid, host: hostname(), started_at: 'x' }),
    );
    writeFileSync(
      join(dir, 'suite.json'),
      JSON.stringify({
        suite: 's',
        jobs: ['a', 'b', 'c', 'd'].map((n) => ({ model: 'm', name: n, dir: join('m', n) })),
        not_run: ['typo_bench'],
      }),
    );
    const out = sink();
    expect(suiteStatusCommand({ dir }, out as unknown as NodeJS.WritableStream)).toBe(0);
    expect(out.text.split('\n')).toEqual([
      'suite s: 4 jobs — 1 done, 1 running, 1 failed, 1 left, 1 not run',
      '  done     m  a  (9 of 10 scored)',
      '  failed   m  b  (error: EF_FAILURE_RATE 9 of 10 instances failed)',
      '  running  m  c',
      '  left     m  d',
      '  not run  typo_bench  (no benchmark here)',
      '',
    ]);
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
