/** The Slurm executor: a job array of the suite's units and a merge job after them (docs/scale.md). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Executor } from '../executor.js';
import { SLURM_FLAGS, type SlurmArgs } from './flags.js';

export const slurm: Executor = {
  name: 'slurm',
  describe: 'as a Slurm job array',
  flags: SLURM_FLAGS,
  runsHere: false,
  // The checks' and the scripts' code load only when a suite goes to Slurm.
  check: async (args, keyNames) => (await import('../cluster/submit.js')).checkSubmission(args as SlurmArgs, keyNames),
  plan: async (suite) => (await import('./submit.js')).planSlurm(suite),
  submit: async (suite) => (await import('./submit.js')).submitSlurm(suite),
  status: (suiteDir) => {
    const logs = join(suiteDir, 'slurm');
    return existsSync(join(logs, 'run_suite.sbatch')) ? `submitted to Slurm: task logs in ${logs}` : null;
  },
};
