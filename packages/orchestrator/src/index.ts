export * from './start-up.js';
export { runEvalCommand, resolutionInput, type RunEvalArgs, type RunEvalHooks } from './run-eval/run-eval.js';
export { builtinTypes, customBenchmarksOf } from './run-eval/custom-benchmarks.js';
export { writeOutputFiles } from './run-eval/output-files.js';
export { summarizeCommand } from './summarize.js';
export { runSuiteCommand } from './suite/run-suite.js';
export { mergeCommand } from './suite/merge.js';
export { suiteStatusCommand } from './suite/suite-status.js';
