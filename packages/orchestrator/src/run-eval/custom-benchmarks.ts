/**
 * What `run_eval` adds for custom benchmarks (docs/custom-benchmarks.md): the resolve options (the run_config's
 * folder for relative paths, the benchmarks folder for names) and, for `--dry_run`, the first prompts exactly as
 * they would be sent, built by the engine's own dry run in a temporary folder.
 */
import { dirname, resolve } from 'node:path';
import {
  benchmarksDirFrom,
  loadFramework,
  scanBenchmarksDir,
  type CustomBenchmark,
  type ResolveInput,
} from '@eval-factory/config';
import { redact, terminalSafe } from '@eval-factory/errors';
import type { PreviewResult } from '@eval-factory/executor';
import type { Evaluation } from '@eval-factory/types';
import { findFrameworkFile, repoRoot } from '../framework-path.js';

/** How many prompts `--dry_run` shows for a custom benchmark. */
export const DRY_RUN_PROMPTS = 3;

export interface CustomArgs {
  readonly run_config?: string;
  readonly run_config_base?: string;
  readonly benchmarks_dir?: string;
}

/**
 * The extra `resolveEvaluation` inputs of a run: relative paths in the run_config resolve from its folder; names
 * not built in are looked up in the benchmarks folder, which is read only then (a built-in run never touches it).
 * @example resolveEvaluation({ framework, runConfig, flags, overrides, ...customResolveOptions(args) })
 */
export function customResolveOptions(
  args: CustomArgs,
  env: NodeJS.ProcessEnv = process.env,
): Pick<ResolveInput, 'runConfigDir' | 'customBenchmarks'> {
  const dir = benchmarksDirFrom(args.benchmarks_dir, env);
  return {
    runConfigDir: args.run_config_base
      ? resolve(args.run_config_base)
      : args.run_config
        ? dirname(resolve(args.run_config))
        : null,
    customBenchmarks: () => (dir ? scanBenchmarksDir(dir, builtinTypes(env)).benchmarks : []),
  };
}

/** Task types of framework.yml (a definition with one of these names is shadowed by the built-in). */
export function builtinTypes(env: NodeJS.ProcessEnv = process.env): string[] {
  const file = findFrameworkFile(env);
  return file
    ? loadFramework(file)
        .evaluations.filter((t) => t.type !== 'custom')
        .map((t) => t.type)
    : [];
}

/** The definitions of the benchmarks folder (flag or `EF_BENCHMARKS_DIR`), with the folder's warnings. */
export function customBenchmarksOf(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { benchmarks: readonly CustomBenchmark[]; warnings: readonly { code: string; message: string }[] } {
  const dir = benchmarksDirFrom(flag, env);
  return dir ? scanBenchmarksDir(dir, builtinTypes(env)) : { benchmarks: [], warnings: [] };
}

/**
 * For `--dry_run` of a custom benchmark: the text printed after §6.3's (`First prompts:` and the first prompts), ''
 * for a built-in task. Call it before printing anything, so that a broken definition fails the dry run cleanly. The
 * engine's own log line (instances, requests, prompt size) goes to `err`.
 * @example process.stdout.write(formatDryRun(evaluation, command) + (await customDryRunSection(resolved.customBenchmark, evaluation)))
 */
export async function customDryRunSection(
  definition: CustomBenchmark | null,
  evaluation: Evaluation,
  err: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (!definition) return '';
  // Loaded here, not at the top: `eval-factory ls` imports this module and must start fast.
  const [{ previewPrompts }, { writeModelConfigs }] = await Promise.all([
    import('@eval-factory/executor'),
    import('@eval-factory/model-configs'),
  ]);
  const preview = await previewPrompts({
    evaluation,
    prepare: async (dir) => {
      await writeModelConfigs(evaluation, dir);
    },
    count: DRY_RUN_PROMPTS,
    cwd: process.cwd(),
    repoRoot: repoRoot(),
  });
  if (preview.engineLog.trim())
    err.write(preview.engineLog.endsWith('\n') ? preview.engineLog : `${preview.engineLog}\n`);
  return formatPrompts(preview.prompts, preview.summary.requests);
}

/**
 * `First prompts:` then one block per prompt: a `--- prompt i of N (instance id) ---` line and the text sent (a chat
 * request with a system message shows each message under `[role]`).
 * @example formatPrompts([{ instanceId: 'q1', messages: [{ role: 'user', content: 'Hi' }] }], 9)
 *   // → '\nFirst prompts:\n\n--- prompt 1 of 9 (instance q1) ---\nHi\n'
 */
export function formatPrompts(prompts: PreviewResult['prompts'], totalRequests: number): string {
  const blocks = prompts.map((p, i) => {
    const text =
      p.messages.length === 1
        ? p.messages[0]!.content
        : p.messages.map((m) => `[${m.role ?? 'prompt'}]\n${m.content}`).join('\n');
    return terminalSafe(`--- prompt ${i + 1} of ${totalRequests} (instance ${p.instanceId}) ---\n${redact(text)}\n`);
  });
  return `\nFirst prompts:\n\n${blocks.length > 0 ? blocks.join('\n') : '(the benchmark builds no requests)\n'}`;
}
