/** Which folder of custom benchmark definitions a command reads (benchmarks-dir.ts reads it). */
import { resolve } from 'node:path';

/** The environment variable naming the folder when no `--benchmarks_dir` is given. */
export const BENCHMARKS_DIR_ENV = 'EF_BENCHMARKS_DIR';

/**
 * The folder to scan: the flag, else `EF_BENCHMARKS_DIR`, else none. Relative to the working directory.
 * @example benchmarksDirFrom(undefined, { EF_BENCHMARKS_DIR: 'benchmarks' }) // → '/cwd/benchmarks'
 */
export function benchmarksDirFrom(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | null {
  const value = flag ?? env[BENCHMARKS_DIR_ENV];
  return value === undefined || value.trim() === '' ? null : resolve(value);
}
