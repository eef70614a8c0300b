import { fileURLToPath } from 'node:url';

const NO_ENGINE_FLAG = /^(-h|--help|--version|--dry[_-]?run(=.*)?|--dryRun(=.*)?)$/;
/** run_suite flags after which no engine of this process runs: a listing, one cluster task (run_eval's). */
const NO_SUITE_ENGINE_FLAG = /^--(list-units|unit)(=.*)?$/;

/**
 * Whether this command line will run the engine: `run_eval` without `--dry_run`, `--help` or `--version`. It is
 * read before yargs loads; a wrong guess costs only an engine process that exits unused.
 */
export function runsEngine(argv: readonly string[]): boolean {
  const positionals = argv.filter((a) => !a.startsWith('-'));
  return positionals[0] === 'run_eval' && !argv.some((a) => NO_ENGINE_FLAG.test(a));
}

/**
 * Starts the engine before the rest of the CLI loads (docs/architecture.md, "Start-up"): only the executor's spawn
 * code is imported for it. The checkout's root (where node_modules/.bin holds the engine bin) is worked out here,
 * from this file's place as the orchestrator's `repoRoot()` does from its own (packages/<pkg>/dist → root), rather
 * than imported: the orchestrator's start-up module brings the flag tables, which the engine need not wait for.
 */
export async function prestartIfRun(argv: readonly string[]) {
  if (!runsEngine(argv)) return null;
  // The engine starts before yargs reads --debug: it learns of it from its environment (per-request log lines).
  if (argv.includes('--debug')) process.env.EF_LOG_LEVEL = 'DEBUG';
  const { prestartEngine, ENGINE_PROGRAM } = await import('@eval-factory/executor/prestart');
  return prestartEngine(ENGINE_PROGRAM, { repoRoot: checkoutRoot() });
}

/**
 * Where early-start.ts leaves the engine it started for the bundle's entry to take. A global, not a module variable:
 * early-start runs from a bundle of its own, whose copy of this module is not the entry's.
 */
const EARLY_ENGINE = Symbol.for('eval-factory.early-engine');
type EarlyEngine = Awaited<ReturnType<typeof prestartIfRun>>;
type Slot = { [EARLY_ENGINE]?: EarlyEngine };

/** Leaves `engine` (null: the command runs none) for `takeEarlyEngine`. */
export function leaveEarlyEngine(engine: EarlyEngine): void {
  (globalThis as Slot)[EARLY_ENGINE] = engine;
}

/** The engine early-start.ts started (null: none is needed), once; undefined when it did not run. */
export function takeEarlyEngine(): EarlyEngine | undefined {
  const slot = globalThis as Slot;
  const engine = slot[EARLY_ENGINE];
  delete slot[EARLY_ENGINE];
  return engine;
}

/** packages/cli/dist → the checkout's root, as the orchestrator's `repoRoot()` finds it from its own place. */
function checkoutRoot(): string {
  return fileURLToPath(new URL('../../../', import.meta.url));
}

/**
 * The endpoints a `run_suite` command line will run here: its --models-to-run models, none for a dry run, a listing,
 * one cluster task (`--unit`), another executor, or models named only by a suite YAML. Read before yargs loads; a
 * wrong guess costs only engines that exit unused.
 */
export function suiteEndpoints(argv: readonly string[]): number {
  const positionals = argv.filter((a) => !a.startsWith('-'));
  if (positionals[0] !== 'run_suite' || argv.some((a) => NO_ENGINE_FLAG.test(a) || NO_SUITE_ENGINE_FLAG.test(a)))
    return 0;
  // Another executor than `local` runs the jobs elsewhere.
  if ((flagValue(argv, '--executor') ?? 'local') !== 'local') return 0;
  const models = (flagValue(argv, '--models-to-run') ?? '').split(',').map((m) => m.trim());
  return new Set(models.filter(Boolean)).size;
}

/** The value of `--flag value` or `--flag=value`, the first one given. */
function flagValue(argv: readonly string[], flag: string): string | undefined {
  const at = argv.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (at < 0) return undefined;
  return argv[at] === flag ? argv[at + 1] : argv[at].slice(flag.length + 1);
}

/**
 * Starts a `run_suite`'s first engine of each endpoint before the rest of the CLI loads (the suite's schedule takes
 * them); returns what lets go of any it never took.
 */
export async function warmSuiteIfRun(argv: readonly string[]): Promise<() => void> {
  const endpoints = suiteEndpoints(argv);
  if (endpoints === 0) return () => undefined;
  const { warmSuiteEngines } = await import('@eval-factory/executor/prestart');
  return warmSuiteEngines(endpoints, checkoutRoot());
}
