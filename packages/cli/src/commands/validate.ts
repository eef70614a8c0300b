import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchmarksDirFrom, configError, definitionByName, isDefinitionPath } from '@eval-factory/config';
import { terminalSafe } from '@eval-factory/errors';
import { runEngineTool } from '@eval-factory/executor';
import { repoRoot } from '@eval-factory/orchestrator';
import { customBenchmarksOf } from '@eval-factory/orchestrator';

export interface ValidateArgs {
  /** A definition file, or the name of a definition in the benchmarks folder. */
  readonly benchmark: string;
  readonly benchmarks_dir?: string;
}

/**
 * `eval-factory validate BENCHMARK.yml` (docs/custom-benchmarks.md): the engine's `ef-bench validate` checks the
 * definition and its data without calling any model; its output and exit code pass through unchanged
 * (stdout `ok: <name>: <N> instances` and the first prompt; coded errors on stderr, exit 1).
 */
export async function validateCommand(
  args: ValidateArgs,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const file = definitionFile(args);
  const result = await runEngineTool(['validate', file], { cwd: process.cwd(), repoRoot: repoRoot() });
  // Prompts and data values are printed: none may drive the terminal.
  out.write(terminalSafe(result.stdout));
  err.write(terminalSafe(result.stderr));
  return result.exitCode;
}

/** A path is used as given (the engine reports a missing or unreadable file); a bare name is looked up by name. */
function definitionFile(args: ValidateArgs): string {
  const given = args.benchmark;
  if (isDefinitionPath(given) || isFile(given)) return resolve(given);
  const dir = benchmarksDirFrom(args.benchmarks_dir);
  if (!dir) {
    throw configError(
      'EF_CUSTOM_BENCHMARK_NOT_FOUND',
      `'${given}' is not a file, and no benchmarks folder is set (--benchmarks_dir or EF_BENCHMARKS_DIR) to look it up by name`,
    );
  }
  const match = definitionByName(customBenchmarksOf(args.benchmarks_dir).benchmarks, given);
  if (!match)
    throw configError(
      'EF_CUSTOM_BENCHMARK_NOT_FOUND',
      `'${given}' is not a file, and ${dir} has no benchmark definition of that name`,
    );
  return match.file;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
