import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { RunSuiteArgs } from '../suite-job-args.js';
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
