import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

export interface EngineExit {
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The program could not be started at all (ENOENT). */
  readonly notFound: boolean;
}

/** A running engine as runEngine drives it, however it was spawned. */
export interface EngineProcess {
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  kill(signal: NodeJS.Signals): void;
  readonly exited: Promise<EngineExit>;
  /** The process's id, when it has one (a suite sets its engines' CPU priority: cpu-priority.ts). */
  readonly pid?: number;
}

/** How `child` ended (after its output is read), or that it could not be started. */
export function exitOf(child: ChildProcess): Promise<EngineExit> {
  return new Promise<EngineExit>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ exitCode: null, signal: null, notFound: error.code === 'ENOENT' }),
    );
    child.once('close', (code, signal) => resolve({ exitCode: code, signal, notFound: false }));
  });
}
