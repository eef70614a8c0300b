import { createWriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { makeOutputDirSync } from '@eval-factory/files';
import { engineNotFound } from './engine-not-found.js';
import type { EngineProgressEvent, ParsedFile } from '@eval-factory/types';
import { resolveEngine } from './resolve-bin.js';
import { engineEnv, EVENTS_ENV, spawnNodeScript, type EngineProcess } from './engine-process.js';
import type { PrestartedEngine } from './prestart.js';
import { engineStderr } from './engine-stderr.js';
import type { FactorySlotHandover } from './slot-handover.js';

export { EVENTS_ENV } from './engine-process.js';

export interface EngineRun {
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The engine's last stdout JSON line: `{status, run_dir, counts}`. */
  readonly final: { status: string; run_dir: string; counts: unknown } | null;
  readonly stderrTail: readonly string[];
  readonly interrupted: boolean;
  /** The signal that stopped the run (SIGINT: exit 130, SIGTERM: exit 143). */
  readonly stopSignal?: NodeJS.Signals;
}

/**
 * How long a stopped engine has to write what it has before it is killed: its answers in flight get 10 s
 * (STOP_GRACE_MS in the engine), the rest is writing. The 30 s a Kubernetes pod or a Slurm task gets after SIGTERM.
 */
const ENGINE_STOP_GRACE_MS = 30_000;

/**
 * Spawns the engine with argv (no shell), streams its stderr to the terminal and the redacted log file, and forwards
 * SIGINT/SIGTERM (ENGINE_STOP_GRACE_MS before the engine is killed).
 */
export async function runEngine(opts: {
  argv: readonly string[];
  logFile: string;
  cwd?: string;
  repoRoot?: string;
  echo?: NodeJS.WritableStream;
  /** An engine already started for this program (prestart.ts); used when the command starts with its program. */
  prestarted?: PrestartedEngine | null;
  /** Extra environment for an engine spawned here (a prestarted one got its own at its start). */
  env?: Readonly<Record<string, string>>;
  /**
   * A suite's turn on the endpoint: a gated prestarted engine prepares and then sends with the slots the turn gives
   * it as they come; any other engine is started only once the turn is full.
   */
  slotHandover?: FactorySlotHandover;
  /** A suite's view: the engine runs with `EF_PROGRESS=events` and its events come here (engine-stderr.ts). */
  onProgress?: (event: EngineProgressEvent) => void;
  /** A gated engine's slots given up so far (its `@ef-slots N` lines), for the next job of the endpoint. */
  onSlots?: (released: number) => void;
  /**
   * Files written for the engine, with their parse: handed to a prestarted engine with its command line. Asked only
   * then (an engine spawned here reads its files itself).
   */
  parsed?: () => readonly ParsedFile[];
}): Promise<EngineRun> {
  const [program, ...args] = opts.argv;
  let interrupted: NodeJS.Signals | null = null;
  let child: EngineProcess | null = null;
  // Installed before the engine starts (and before the first await, so no signal falls between the caller's
  // handlers and these): a signal while a suite's job waits for its turn stops it there.
  const forward = (sig: NodeJS.Signals) => () => {
    interrupted ??= sig;
    child?.kill(sig);
    setTimeout(() => child?.kill('SIGKILL'), ENGINE_STOP_GRACE_MS).unref();
  };
  const onInt = forward('SIGINT');
  const onTerm = forward('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  makeOutputDirSync(dirname(opts.logFile));
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  const echo = opts.echo ?? process.stderr;
  const prestarted = opts.prestarted?.program === program ? opts.prestarted : null;
  // Only a gated engine can wait for its turn itself; any other waits here, before it starts.
  if (opts.slotHandover && !prestarted?.gated) await opts.slotHandover.full;
  if (interrupted && !prestarted?.gated) {
    opts.prestarted?.dispose();
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    await new Promise<void>((resolve) => log.end(() => resolve()));
    return { exitCode: null, signal: null, final: null, stderrTail: [], interrupted: true, stopSignal: interrupted };
  }
  child = prestarted
    ? prestarted.start(args, opts.slotHandover, opts.parsed?.())
    : await spawnNow(program, args, { ...opts, env: { ...(opts.onProgress ? EVENTS_ENV : {}), ...opts.env } }, echo);
  const stderr = engineStderr(echo, log, opts.onProgress, opts.onSlots);
  child.stderr?.on('data', (chunk: Buffer) => stderr.write(chunk));
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const result = await child.exited;
  stderr.end();
  process.off('SIGINT', onInt);
  process.off('SIGTERM', onTerm);
  await new Promise<void>((resolve) => log.end(() => resolve()));
  if (result.notFound) throw engineNotFound(program);
  return {
    exitCode: result.exitCode,
    signal: result.signal,
    final: lastJsonLine(stdout),
    stderrTail: stderr.tail,
    interrupted: interrupted !== null,
    ...(interrupted ? { stopSignal: interrupted } : {}),
  };
}

/**
 * An engine command spawned: a JavaScript bin with this Node (spawnNodeScript: the engine's from its start-up
 * snapshot when it has one), any other program through execa (a custom command may name an executable; execa finds
 * it as a shell would on every platform, without a shell). execa is imported here, on use, because the run path of a
 * prestarted engine never needs it (start-up time, engine-process.ts).
 */
async function spawnNow(
  program: string,
  args: readonly string[],
  opts: {
    cwd?: string;
    repoRoot?: string;
    prestarted?: PrestartedEngine | null;
    env?: Readonly<Record<string, string>>;
  },
  echo: NodeJS.WritableStream,
): Promise<EngineProcess> {
  opts.prestarted?.dispose(); // started for another program than the command's
  const { file, prefixArgs } = resolveEngine(program, opts.cwd ?? process.cwd(), opts.repoRoot);
  // A JavaScript bin runs with this Node, the engine's from its start-up snapshot when it has one (engine-snapshot.ts).
  if (file === process.execPath)
    return spawnNodeScript(prefixArgs[0], [...prefixArgs.slice(1), ...args], { ...opts, echo, stdin: 'ignore' });
  const { execa } = await import('execa');
  const child = execa(file, [...prefixArgs, ...args], {
    cwd: opts.cwd,
    reject: false,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    forceKillAfterDelay: false,
    cleanup: true,
    env: { ...engineEnv(echo, false), ...opts.env },
  });
  const exited = child.then((r) => {
    const notFound = r.exitCode === undefined && (r as { code?: string }).code === 'ENOENT';
    return { exitCode: r.exitCode ?? null, signal: r.signal ?? null, notFound };
  });
  return { stdin: null, stdout: child.stdout, stderr: child.stderr, kill: (signal) => void child.kill(signal), exited };
}

function lastJsonLine(stdout: string): EngineRun['final'] {
  const lines = stdout
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const parsed = JSON.parse(lines[i]);
      if (parsed && typeof parsed.run_dir === 'string') return parsed;
    } catch {
      // not the summary line
    }
  }
  return null;
}
