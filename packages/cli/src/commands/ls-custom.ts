import { benchmarksDirFrom } from '@eval-factory/config';
import { findFrameworkFile } from '../framework-path.js';
import { builtinTypes, customBenchmarksOf } from './custom-benchmarks.js';
import { lsCommand } from './ls.js';

/**
 * `eval-factory ls` with the custom benchmarks of `--benchmarks_dir` / `EF_BENCHMARKS_DIR` (docs/custom-benchmarks.md):
 * the built-in lines exactly as `lsCommand` prints them, then `  * <name>` per definition (NeMo's line shape: a
 * pipeline can pass the name straight to `--eval_type`), in file-name order, under the framework that runs them.
 * Which names are custom, unlisted files and name clashes are said on stderr.
 */
export function lsWithCustomCommand(
  args: { readonly benchmarks_dir?: string; readonly debug?: boolean } = {},
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): void {
  // Read the folder first: a missing folder fails the command before anything is printed.
  const framework = findFrameworkFile();
  const { benchmarks, warnings } = framework
    ? customBenchmarksOf(args.benchmarks_dir)
    : { benchmarks: [], warnings: [] };
  lsCommand(out, err, args.debug === true);
  // A definition named like a built-in task is shadowed by it (warned about), so it is not listed as runnable.
  const builtins = new Set(framework && benchmarks.length > 0 ? builtinTypes() : []);
  const names = [...new Set(benchmarks.map((b) => b.name))].filter((name) => !builtins.has(name));
  if (names.length > 0) {
    out.write(names.map((name) => `  * ${name}\n`).join(''));
    err.write(
      `note: custom benchmarks (${benchmarksDirFrom(args.benchmarks_dir, process.env)}): ${names.join(', ')}\n`,
    );
  }
  for (const w of warnings) err.write(`warning[${w.code}]: ${w.message}\n`);
}
