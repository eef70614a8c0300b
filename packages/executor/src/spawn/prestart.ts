import { ENGINE_ARGV_ON_STDIN, ENGINE_SEND_GATE_ENV, START_MARKS, type ParsedFile } from '@eval-factory/types';
import { spawnNodeScript, type EngineProcess } from './engine-process.js';
import { resolveEngine } from './resolve-bin.js';
import { forwardGrants, type FactorySlotHandover } from './slot-handover.js';

/** An engine process started before its command line was known (docs/architecture.md, "Start-up"). */
export interface PrestartedEngine {
  /** The program name it was resolved from (`ef-bench`): only a command starting with it can use this process. */
  readonly program: string;
  /** Started with ENGINE_SEND_GATE_ENV: after its arguments it waits for slots ("go") before its first request. */
  readonly gated: boolean;
  /**
   * Hands over the arguments (after the program name); the engine then runs as if started with them. Once. A gated
   * engine gets the slots of `turn` as they come (all at once without one), `go N` lines then `go`. `parsed`: files
   * the factory wrote for it, with their parse (ParsedFile in @eval-factory/types).
   */
  start(args: readonly string[], turn?: FactorySlotHandover, parsed?: readonly ParsedFile[]): EngineProcess;
  /** An engine that was not started exits on its own (end of stdin); a no-op after `start`. */
  dispose(): void;
  /**
   * A suite's engine (engine-pool.ts): its job has every answer, so what it still does (scoring, files) runs at a
   * lower CPU priority than the jobs still sending, until its next job sends (cpu-priority.ts).
   */
  background?(): void;
}

/** Where and how engines started ahead of their command line run. */
export interface EarlyEngineOptions {
  readonly cwd?: string;
  readonly repoRoot?: string;
  readonly echo?: NodeJS.WritableStream;
  /** Extra environment, fixed now (a suite's `EF_PROGRESS=events`); runEngine's `env` must then be the same. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The JavaScript file `program` resolves to, run by this Node: only such an engine can take its command line on
 * stdin. Null for anything else (then the run spawns it the ordinary way, which also reports a missing engine).
 */
export function engineScript(program: string, cwd: string, repoRoot?: string): string | null {
  const { file, prefixArgs } = resolveEngine(program, cwd, repoRoot);
  return file === process.execPath && prefixArgs.length === 1 ? prefixArgs[0] : null;
}

/**
 * Starts `program --argv-on-stdin` now, so the engine loads its modules (~0.3 s) while the factory still resolves
 * the config and writes model configs; `runEngine` then gives it the rendered command line on stdin. Signals,
 * output and exit code are those of an ordinary engine process. Null when `program` does not resolve to a
 * JavaScript file (then the run spawns it the ordinary way, which also reports a missing engine).
 * @example const early = prestartEngine('ef-bench', { cwd: process.cwd(), repoRoot }); … runEngine({ argv, logFile, prestarted: early })
 */
export function prestartEngine(program: string, opts: EarlyEngineOptions = {}): PrestartedEngine | null {
  const cwd = opts.cwd ?? process.cwd();
  const script = engineScript(program, cwd, opts.repoRoot);
  if (script === null) return null;
  const child = spawnNodeScript(script, [ENGINE_ARGV_ON_STDIN], {
    cwd,
    echo: opts.echo ?? process.stderr,
    stdin: 'pipe',
    env: opts.env,
  });
  performance.mark(START_MARKS.engineStarted);
  // An engine that died early reports through `exited`; writing to it must not throw as well.
  child.stdin?.on('error', () => {});
  let used = false;
  const gated = opts.env?.[ENGINE_SEND_GATE_ENV] === '1';
  return {
    program,
    gated,
    start(args, turn, parsed) {
      if (used) throw new Error('prestarted engine already used');
      used = true;
      performance.mark(START_MARKS.commandHandedOver);
      const argvLine = child.commandLine(args, parsed);
      if (!gated) child.stdin?.end(argvLine);
      else {
        child.stdin?.write(argvLine);
        forwardGrants(turn, (line, last) => (last ? child.stdin?.end(line) : child.stdin?.write(line)));
      }
      return child;
    },
    dispose() {
      if (used) return;
      used = true;
      child.stdin?.end();
    },
  };
}
