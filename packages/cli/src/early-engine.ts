import { fileURLToPath } from 'node:url';

const NO_ENGINE_FLAG = /^(-h|--help|--version|--dry[_-]?run(=.*)?|--dryRun(=.*)?)$/;

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
  return prestartEngine(ENGINE_PROGRAM, { repoRoot: fileURLToPath(new URL('../../../', import.meta.url)) });
}
