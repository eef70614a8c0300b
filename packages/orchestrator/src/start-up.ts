/**
 * What the CLI reads before any command runs (docs/architecture.md, "Start-up"): the flag tables its parser is
 * built from, the version and where framework.yml is. None of it loads the run_eval or run_suite pipeline.
 */
export { findFrameworkFile, repoRoot, requireFrameworkFile } from './framework-path.js';
export { EF_VERSION } from './version.js';
export {
  BOOTSTRAP_FLAGS,
  bootstrapFromArgs,
  SUMMARIZE_FLAGS,
  type BootstrapArgs,
  type SummarizeArgs,
} from './summarize.js';
import { EXECUTORS, type Executor, executorFlags } from '@eval-factory/executors';
import { RUN_SUITE_FLAGS as SUITE_FLAGS } from '@eval-factory/suite/run-suite-flags';

/** run_suite's flags: the suite's own, then `--executor` and each executor's (its registry line). */
export function runSuiteFlags(executors: readonly Executor[] = EXECUTORS) {
  return { ...SUITE_FLAGS, ...executorFlags(executors) };
}

export const RUN_SUITE_FLAGS = runSuiteFlags();
