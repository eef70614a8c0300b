export type { Executor, FlagSpec, FlagTable, FlagValues, SuiteSubmission } from './executor.js';
export { EXECUTORS, executorFlags, executorNamed, executorNames } from './registry.js';
