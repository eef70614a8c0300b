import { findFrameworkFile } from '../framework-path.js';
import { builtinTypes, customBenchmarksOf } from './custom-benchmarks.js';
import { lsCommand } from './ls.js';

/**
 * `eval-factory ls` with the custom benchmarks of `--benchmarks_dir` / `EF_BENCHMARKS_DIR` (docs/custom-benchmarks.md):
 * the built-in lines exactly as `lsCommand` prints them, then `  * <name> (custom)` per definition, in file-name
 * order, under the framework that runs them. Files that are not listed and name clashes are warnings on stderr.
 */
export function lsWithCustomCommand(
  args: { readonly benchmarks_dir?: string } = {},
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): void {
  // Read the folder first: a missing folder fails the command before anything is printed.
  const framework = findFrameworkFile();
  const { benchmarks, warnings } = framework
    ? customBenchmarksOf(args.benchmarks_dir)
    : { benchmarks: [], warnings: [] };
  lsCommand(out, err);
  // A definition named like a built-in task is shadowed by it (warned about), so it is not listed as runnable.
  const builtins = new Set(framework && benchmarks.length > 0 ? builtinTypes() : []);
  const names = [...new Set(benchmarks.map((b) => b.name))].filter((name) => !builtins.has(name));
  if (names.length > 0) out.write(names.map((name) => `  * ${name} (custom)\n`).join(''));
  for (const w of warnings) err.write(`warning[${w.code}]: ${w.message}\n`);
}
