/**
 * What the installed bin (bin/eval-factory.js) runs first, as dist/bundle/early-start.cjs: one CommonJS file, read
 * and run in ~3 ms, where the bundle's entry reaches the same spawn through a chain of ES modules (the entry, its
 * chunks, the executor's spawn code: ~12–15 ms). `run_eval`'s engine is started from here, so it loads that much
 * sooner; the bundle's entry (bin.ts) then takes it over (docs/architecture.md, "Start-up").
 */
import { staleBundleInput } from '@eval-factory/types/bundle-stamp';
import { leaveEarlyEngine, prestartIfRun } from './early-engine.js';

/**
 * Whether the bundle in `bundle` (a folder URL ending in `/`) is fresh; when it is, a command that runs the engine
 * has it started now. A stale bundle starts nothing here: tsc's output, which the bin runs then, starts its own.
 */
export async function startEarly(argv: readonly string[], bundle: URL): Promise<boolean> {
  if (staleBundleInput(bundle) !== null) return false;
  leaveEarlyEngine(await prestartIfRun(argv));
  return true;
}
