import { spawn } from 'node:child_process';
import { engineCommandLine, envChangesSince, type ParsedFile } from '@eval-factory/types';
import { debugNote, engineNodeArgs } from './engine-snapshot.js';
import { type EngineProcess, exitOf } from './engine-exit.js';
import { withSnapshotFallback } from './snapshot-fallback.js';

export type { EngineExit, EngineProcess } from './engine-exit.js';

/** The engine's program name, as framework.yml's command template starts. */
export const ENGINE_PROGRAM = 'ef-bench';

/** What an engine needs in its environment to report to `onProgress` (give it to prestartEngine as well). */
export const EVENTS_ENV: Readonly<Record<string, string>> = { EF_PROGRESS: 'events' };

/** An engine started on its own (`--argv-on-stdin`), before its command line was known. */
export interface EarlyEngineProcess extends EngineProcess {
  /**
   * The stdin line that hands it a command line (ENGINE_ARGV_ON_STDIN), with whatever changed in the environment it
   * would be started with now since it was started, or since its last command line (a suite's prod_env sets the
   * keys it read from credentials.conf after its first engines started), and the files `parsed` for it.
   */
  commandLine(args: readonly string[], parsed?: readonly ParsedFile[]): string;
}

/** The engine draws a live bar only when our own stderr is a terminal (and not in CI). */
export function engineEnv(echo: NodeJS.WritableStream, node: boolean): Record<string, string> {
  const tty = (echo as NodeJS.WriteStream).isTTY === true && process.env.CI !== 'true';
  return {
    EF_PROGRESS: tty ? 'tty' : 'plain',
    EF_COLUMNS: String((echo as NodeJS.WriteStream).columns ?? ''),
    // For our Node engine only (a custom command's program keeps its own malloc): glibc gives each thread that
    // allocates (libuv's pool: file writes, SQLite) its own arena, up to 8 per core, and memory freed in one is not
    // reused by another: 60–90 MB of a 300k-instance run's RSS. Two arenas keep that near 50 MB (bench/scale.mjs);
    // other C libraries ignore the variable, and a user's own value wins.
    ...(node ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' } : {}),
  };
}

/**
 * Runs a JavaScript bin with this Node through node:child_process (no shell). The prestarted engine is spawned this
 * way rather than through execa: it is started before anything else loads, and importing execa alone costs
 * ~0.1 s. What execa would add here is not needed: the program is `process.execPath`, and the child is killed when
 * this process exits, as execa's `cleanup` does. The engine's bin starts from its start-up snapshot when it has a
 * usable one (engine-snapshot.ts).
 */
export function spawnNodeScript(
  script: string,
  args: readonly string[],
  opts: {
    cwd?: string;
    echo: NodeJS.WritableStream;
    stdin: 'ignore' | 'pipe';
    /** Over engineEnv's (a suite's `EF_PROGRESS=events`). */
    env?: Readonly<Record<string, string>>;
  },
): EarlyEngineProcess {
  const envNow = () => ({ ...process.env, ...engineEnv(opts.echo, true), ...opts.env });
  let env = envNow();
  const start = (nodeArgs: string[]) =>
    spawn(process.execPath, [...nodeArgs, ...args], {
      cwd: opts.cwd,
      stdio: [opts.stdin, 'pipe', 'pipe'],
      env,
      windowsHide: true,
    });
  const nodeArgs = engineNodeArgs(script, env);
  const first = start(nodeArgs);
  // A blob Node refuses (engine-snapshot.ts checks what it can, not V8's own tag or a blob cut short): the bundle.
  const child =
    nodeArgs[0] === script
      ? {
          pid: first.pid,
          stdin: first.stdin,
          stdout: first.stdout,
          stderr: first.stderr,
          kill: (signal: NodeJS.Signals) => void first.kill(signal),
          exited: exitOf(first),
        }
      : withSnapshotFallback(
          first,
          () => start([script]),
          (why) => debugNote(env, why),
        );
  const cleanup = () => child.kill('SIGTERM');
  process.on('exit', cleanup);
  const exited = child.exited.finally(() => process.off('exit', cleanup));
  return {
    get pid() {
      return child.pid;
    },
    stdin: child.stdin,
    stdout: child.stdout,
    stderr: child.stderr,
    kill: child.kill,
    exited,
    commandLine(commandArgs, parsed = []) {
      const now = envNow();
      const changes = envChangesSince(env, now);
      env = now;
      return engineCommandLine(commandArgs, changes, parsed);
    },
  };
}
