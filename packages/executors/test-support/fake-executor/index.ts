/**
 * An executor that is not in the registry, for the test that adds one (packages/orchestrator's
 * executor-registry.test.ts): everything an executor is lives in this one folder. It hands a suite to no
 * scheduler: it records what it was given, as a queue would receive it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import type { RunSuiteArgs } from '@eval-factory/suite';
import type { Executor, FlagValues, SuiteSubmission } from '../../src/index.js';

const FAKE_FLAGS = {
  'fake-queue': { type: 'string', describe: 'fake: the queue the units go to' },
} as const;

type FakeArgs = RunSuiteArgs & FlagValues<typeof FAKE_FLAGS>;

/** What the fake queue received: each call, with the units it was handed. */
export const received: { call: 'plan' | 'submit'; queue?: string; units: number; suiteDir: string }[] = [];

async function record(call: 'plan' | 'submit', suite: SuiteSubmission): Promise<number> {
  const plan = await suite.units();
  received.push({
    call,
    queue: (suite.args as FakeArgs)['fake-queue'],
    units: plan.units.length,
    suiteDir: suite.suiteDir,
  });
  return 0;
}

export const fake: Executor = {
  name: 'fake',
  describe: 'on a fake queue',
  flags: FAKE_FLAGS,
  runsHere: false,
  check: (args) => {
    if ((args as FakeArgs)['fake-queue'] === 'closed')
      throw new UserError('EF_CLUSTER_VALUE', '--fake-queue closed takes no units', 'Name an open queue.');
  },
  plan: (suite) => record('plan', suite),
  submit: (suite) => record('submit', suite),
  status: (suiteDir) => (existsSync(join(suiteDir, 'units.json')) ? 'fake queue: the units are queued' : null),
};
