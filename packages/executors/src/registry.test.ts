import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { UserError } from '@eval-factory/errors';
import { EXECUTORS, executorFlags, executorNamed, executorNames } from './registry.js';

describe('the executor registry', () => {
  it('names each executor once, the default (run here) first', () => {
    expect(new Set(executorNames()).size).toBe(EXECUTORS.length);
    expect(executorNamed(undefined).runsHere).toBe(true);
  });

  it("gives --executor its choices and every executor's flags; a flag two executors share is the same flag", () => {
    const flags = executorFlags();
    expect(flags.executor!.choices).toEqual(executorNames());
    for (const e of EXECUTORS) for (const [name, spec] of Object.entries(e.flags)) expect(flags[name]).toEqual(spec);
  });

  it('refuses a name that is none of them as EF_SUITE_CONF, saying where it was given and what is known', () => {
    let error: unknown;
    try {
      executorNamed('lsf', 'suite.yml: execution.type');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).code).toBe('EF_SUITE_CONF');
    expect((error as UserError).message).toBe(`suite.yml: execution.type: "lsf" is not ${executorNames().join(', ')}`);
  });
});

describe("each executor's line in `eval-factory status`", () => {
  it('is there only for a suite folder it submitted: the Slurm logs, the Kubernetes Job file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ef-executor-status-'));
    try {
      const lines = () => EXECUTORS.flatMap((e) => e.status(dir) ?? []);
      expect(lines()).toEqual([]);
      mkdirSync(join(dir, 'slurm'));
      writeFileSync(join(dir, 'slurm', 'run_suite.sbatch'), '#!/bin/bash\n');
      mkdirSync(join(dir, 'kubernetes'));
      writeFileSync(join(dir, 'kubernetes', 'job.yaml'), 'kind: Job\n');
      expect(lines()).toEqual([
        `submitted to Slurm: task logs in ${join(dir, 'slurm')}`,
        `Kubernetes Job: ${join(dir, 'kubernetes', 'job.yaml')} (kubectl get -f ${join(dir, 'kubernetes', 'job.yaml')})`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
