import { execa, type ResultPromise } from 'execa';

/** The engine's program name, as framework.yml's command template starts. */
export const ENGINE_PROGRAM = 'ef-bench';

/** The engine draws a live bar only when our own stderr is a terminal (and not in CI). */
function progressModeFor(stream: NodeJS.WritableStream): 'tty' | 'plain' {
  return (stream as NodeJS.WriteStream).isTTY === true && process.env.CI !== 'true' ? 'tty' : 'plain';
}

/**
 * Spawns an engine process (no shell) with its output piped to the factory, which streams stderr to the terminal
 * and the log. stdin is piped only for an engine that waits for its argv there (prestart.ts).
 */
export function spawnEngineProcess(file: string, args: readonly string[], opts: { cwd?: string; echo: NodeJS.WritableStream; stdin: 'ignore' | 'pipe' }): ResultPromise {
  return execa(file, args, {
    cwd: opts.cwd, reject: false, stdin: opts.stdin, stdout: 'pipe', stderr: 'pipe', forceKillAfterDelay: false, cleanup: true,
    env: { EF_PROGRESS: progressModeFor(opts.echo), EF_COLUMNS: String((opts.echo as NodeJS.WriteStream).columns ?? '') },
  });
}
