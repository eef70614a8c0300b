import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { RUN_SUITE_FLAGS, type RunSuiteArgs, THIS_RUN_ONLY } from '@eval-factory/suite';
import { EXECUTORS } from '../registry.js';
import { taskArguments } from './task-command.js';

describe("a cluster task's run_suite arguments", () => {
  it('carry --judges (as an absolute path): a task resolves the same jury as the submitter', () => {
    const args = {
      'conf-paths': 'c.conf',
      suite: 's',
      output_dir: 'out',
      'models-to-run': 'a/b',
      'local-path': 'prod_env',
      judges: 'jury.yaml',
    } as RunSuiteArgs;
    const out = taskArguments(args, { confPaths: '/c.conf', outputDir: '/out' });
    expect(out.slice(out.indexOf('--judges'), out.indexOf('--judges') + 2)).toEqual(['--judges', resolve('jury.yaml')]);
  });
});

describe("a cluster task's flags come from run_suite's flag table", () => {
  it('every flag that shapes the suite reaches the task; what only says what this command does does not', () => {
    const args = Object.fromEntries(
      Object.entries(RUN_SUITE_FLAGS).map(([flag, spec]) => [
        flag,
        spec.type === 'boolean' ? true : spec.type === 'number' ? 1 : 'x',
      ]),
    ) as unknown as RunSuiteArgs;
    const out = taskArguments(args, { confPaths: '/c.conf', outputDir: '/out' });
    const given = out.filter((word) => word.startsWith('--')).map((word) => word.slice(2));
    expect(given.sort()).toEqual(
      Object.keys(RUN_SUITE_FLAGS)
        .filter((flag) => !THIS_RUN_ONLY.has(flag))
        .sort(),
    );
  });

  it("no executor's own flag reaches a task (a task runs its unit, it never submits again)", () => {
    const clusterFlags = EXECUTORS.flatMap((e) => Object.keys(e.flags));
    expect(clusterFlags.length).toBeGreaterThan(0);
    expect(clusterFlags.filter((flag) => flag in RUN_SUITE_FLAGS)).toEqual([]);
  });
});
