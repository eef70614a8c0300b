import { redact } from '@eval-factory/errors';
import { ENGINE_PROGRAM } from './engine-process.js';
import { engineNotFound } from './engine-not-found.js';
import { resolveEngine } from './resolve-bin.js';

export interface EngineToolResult {
  /** The engine's exit code (1 when it died of a signal). */
  readonly exitCode: number;
  /** Redacted. */
  readonly stdout: string;
  /** Redacted. */
  readonly stderr: string;
}

export interface EngineToolOptions {
  readonly cwd?: string;
  /** The eval-factory checkout, searched after `cwd` for the engine bin (as for a run). */
  readonly repoRoot?: string;
  /** Default `ef-bench`. */
  readonly program?: string;
  /** Extra environment for the engine (e.g. `EF_OFFLINE=1` for a size estimate that must not download). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Runs one short engine command (`ef-bench validate FILE`, `ef-bench list …`) to completion, with the same program
 * resolution as a run (resolve-bin.ts) and no shell; its output is captured, not streamed (these commands are quick
 * and print a few lines). A program that cannot be started is `EF_ENGINE_NOT_FOUND`.
 * @example const { exitCode, stdout } = await runEngineTool(['validate', '/abs/quiz.yml'], { repoRoot })
 */
export async function runEngineTool(args: readonly string[], opts: EngineToolOptions = {}): Promise<EngineToolResult> {
  const program = opts.program ?? ENGINE_PROGRAM;
  const cwd = opts.cwd ?? process.cwd();
  const { file, prefixArgs } = resolveEngine(program, cwd, opts.repoRoot);
  // Imported on use: `eval-factory run_eval` loads this module but needs execa only for a dry run (start-up time).
  const { execa } = await import('execa');
  const result = await execa(file, [...prefixArgs, ...args], {
    cwd,
    reject: false,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    cleanup: true,
    stripFinalNewline: false,
    env: { EF_PROGRESS: 'off', ...opts.env },
  });
  if ((result as { code?: string }).code === 'ENOENT') throw engineNotFound(program);
  return {
    exitCode: result.exitCode ?? 1,
    stdout: redact(String(result.stdout ?? '')),
    stderr: redact(String(result.stderr ?? '')),
  };
}
