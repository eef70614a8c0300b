import type { Executor } from '../executor.js';

/** The units run in this process, one engine pool per endpoint (the orchestrator's own scheduling). */
export const local: Executor = {
  name: 'local',
  describe: 'here',
  flags: {},
  runsHere: true,
  check: () => undefined,
  plan: (suite) => suite.previewHere(),
  submit: (suite) => suite.runHere(),
  status: () => null,
};
