/**
 * A folder of custom benchmark definitions (`--benchmarks_dir` or `EF_BENCHMARKS_DIR`): every `*.yml` / `*.yaml`
 * file directly inside it with a top-level `name` is a benchmark that `eval-factory ls` lists and `config.type`
 * resolves by that name.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CodedMessage } from '@eval-factory/types';
import { configError } from '../codes.js';
import { isDefinitionPath, readDefinitionHeader, type CustomBenchmark } from './definition-header.js';

import { BENCHMARKS_DIR_ENV } from './benchmarks-dir-flag.js';

export { BENCHMARKS_DIR_ENV, benchmarksDirFrom } from './benchmarks-dir-flag.js';

export interface BenchmarksDirScan {
  /** Named definitions in file-name order (a name defined twice appears twice; resolving it is an error). */
  readonly benchmarks: readonly CustomBenchmark[];
  /** Files that could not be read or have no `name`, and names defined twice or shadowing a built-in. */
  readonly warnings: readonly CodedMessage[];
}

/**
 * Reads the name of every definition in `dir`. A folder that does not exist is `EF_BENCHMARKS_DIR_NOT_FOUND`; a broken file is a
 * warning (so one bad file does not hide the others), never an error. `builtins` are the framework's task types.
 * @example scanBenchmarksDir('/abs/benchmarks', ['pubmed_qa']).benchmarks.map((b) => b.name) // → ['clinical_quiz']
 */
export function scanBenchmarksDir(dir: string, builtins: readonly string[] = []): BenchmarksDirScan {
  const benchmarks: CustomBenchmark[] = [];
  const warnings: CodedMessage[] = [];
  for (const name of definitionFiles(dir)) {
    const file = join(dir, name);
    try {
      const header = readDefinitionHeader(file, 'the benchmarks folder');
      if (header.named) benchmarks.push(header);
      else
        warnings.push({
          code: 'EF_CUSTOM_DEFINITION_SKIPPED',
          message: `${file}: not listed: no top-level 'name' (is it a benchmark definition?)`,
        });
    } catch (e) {
      warnings.push({ code: 'EF_CUSTOM_DEFINITION_SKIPPED', message: `${file}: not listed: ${(e as Error).message}` });
    }
  }
  return { benchmarks, warnings: [...warnings, ...nameClashes(benchmarks, builtins)] };
}

function definitionFiles(dir: string): string[] {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
    names = readdirSync(dir);
  } catch {
    throw configError(
      'EF_BENCHMARKS_DIR_NOT_FOUND',
      `Custom benchmarks folder not found: ${dir} (from --benchmarks_dir or ${BENCHMARKS_DIR_ENV})`,
    );
  }
  return names.filter((n) => isDefinitionPath(n) && !n.startsWith('.')).sort();
}

function nameClashes(benchmarks: readonly CustomBenchmark[], builtins: readonly string[]): CodedMessage[] {
  const warnings: CodedMessage[] = [];
  const seen = new Map<string, string>();
  for (const b of benchmarks) {
    const first = seen.get(b.name);
    if (first !== undefined) {
      warnings.push({
        code: 'EF_CUSTOM_NAME_CLASH',
        message: `custom benchmark '${b.name}' is defined twice: ${first} and ${b.file}; rename one`,
      });
    } else if (builtins.includes(b.name)) {
      warnings.push({
        code: 'EF_CUSTOM_NAME_CLASH',
        message: `custom benchmark '${b.name}' (${b.file}) has the name of a built-in task, which wins; rename it or run it by path`,
      });
    }
    if (first === undefined) seen.set(b.name, b.file);
  }
  return warnings;
}
