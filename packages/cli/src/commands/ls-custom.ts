import { benchmarksDirFrom } from '@eval-factory/config/listing';
import { findFrameworkFile } from '@eval-factory/orchestrator/start-up';
import { lsCommand } from './ls.js';

/**
 * `eval-factory ls` with the custom benchmarks of `--benchmarks_dir` / `EF_BENCHMARKS_DIR` (docs/custom-benchmarks.md):
 * the built-in lines exactly as `lsCommand` prints them, then `  * <name>` per definition (NeMo's line shape: a
 * pipeline can pass the name straight to `--eval_type`), in file-name order, under the framework that runs them.
 * Which names are custom, unlisted files and name clashes are said on stderr.
 */
export async function lsWithCustomCommand(
  args: { readonly benchmarks_dir?: string; readonly debug?: boolean } = {},
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<void> {
  const framework = findFrameworkFile();
  const dir = framework ? benchmarksDirFrom(args.benchmarks_dir, process.env) : null;
  // Without a benchmarks folder, `ls` loads no YAML parser or schema (start-up time).
  const custom = dir ? await import('@eval-factory/orchestrator') : null;
  // Read the folder first: a missing folder fails the command before anything is printed.
  const { benchmarks, warnings } = custom?.customBenchmarksOf(args.benchmarks_dir) ?? { benchmarks: [], warnings: [] };
  await lsCommand(out, err, args.debug === true);
  // A definition named like a built-in task is shadowed by it (warned about), so it is not listed as runnable.
  const builtins = new Set(custom && benchmarks.length > 0 ? custom.builtinTypes() : []);
  const names = [...new Set(benchmarks.map((b) => b.name))].filter((name) => !builtins.has(name));
  if (names.length > 0) {
    out.write(names.map((name) => `  * ${name}\n`).join(''));
    err.write(`note: custom benchmarks (${dir}): ${names.join(', ')}\n`);
  }
  for (const w of warnings) err.write(`warning[${w.code}]: ${w.message}\n`);
}
