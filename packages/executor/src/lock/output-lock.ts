/**
 * One run per output folder. Two runs writing one folder raced on its files and paid for the same requests twice;
 * now a run takes `DIR/.eval-factory.lock` (holding pid, host and start time) before it writes anything there, and a
 * second run stops with EF_OUTPUT_LOCKED naming the holder before it sends anything. `run_eval` takes it; suites and
 * shards that write one folder take the same lock through this function.
 *
 * The holder's pid and host are what a user needs to see, and a lock left by a killed run is recognised at once on
 * its own host (its pid is gone). From another host the pid cannot be checked, so the holder also refreshes the
 * file's mtime on a timer (a heartbeat): a retry on another host (a Kubernetes pod, a Slurm task) takes over a lock
 * whose heartbeat stopped. The rules are in lock-file.ts.
 */
import { readFileSync, rmSync, utimesSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { RUN_FILES } from '@eval-factory/types';
import {
  createLock,
  type Holder,
  isStale,
  LOCK_HEARTBEAT_MS,
  LOCK_STALE_AFTER_MS,
  type LockSnapshot,
  readLock,
  replaceStaleLock,
  sweepLeftovers,
} from './lock-file.js';

export type { Holder } from './lock-file.js';

const LOCK_FILE = RUN_FILES.lock;

export interface OutputLock {
  /** Removes the lock if it is still this process's; safe to call more than once. */
  release(): void;
  /** Refreshes the heartbeat (a timer calls it); false when the lock is no longer this process's. */
  heartbeat(): boolean;
}

/**
 * Takes the lock of `dir` (which must exist) or throws EF_OUTPUT_LOCKED naming its holder; a stale lock
 * (lock-file.ts) is taken over. The lock is also released when the process exits (signals included).
 * @example const lock = lockOutputDir('/results/run1'); try { … } finally { lock.release(); }
 */
export function lockOutputDir(dir: string): OutputLock {
  const file = join(dir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), started_at: new Date().toISOString() };
  const text = `${JSON.stringify(me)}\n`;
  let seen: LockSnapshot | null = null;
  // A few rounds: a lock released between the create and the read is simply created again.
  for (let round = 0; round < 3; round++) {
    if (createLock(file, text)) return held(file, text);
    seen = readLock(file);
    if (seen === null) continue;
    if (!isStale(seen, me.host)) break;
    if (replaceStaleLock(file, seen, text)) return held(file, text);
  }
  throw lockedError(dir, seen);
}

/**
 * The live process holding `dir`'s lock, or null when the folder is free, its lock is stale (by the rules that let
 * lockOutputDir take it over) or still being written. `eval-factory status` reads it to say which jobs are running.
 */
export function lockHolder(dir: string): Holder | null {
  const lock = readLock(join(dir, LOCK_FILE));
  return lock && !isStale(lock, hostname()) ? lock.holder : null;
}

function held(file: string, text: string): OutputLock {
  sweepLeftovers(file);
  const mine = () => readFileOrNull(file) === text;
  const heartbeat = () => {
    try {
      if (!mine()) return false;
      const now = new Date();
      utimesSync(file, now, now);
      return true;
    } catch {
      return false; // a missed beat; the next one tries again, well within the bound
    }
  };
  // unref: the heartbeat never keeps a process alive that has nothing else to do.
  const timer = setInterval(heartbeat, LOCK_HEARTBEAT_MS).unref();
  const release = () => {
    clearInterval(timer);
    if (mine()) rmSync(file, { force: true });
  };
  process.once('exit', release);
  return {
    heartbeat,
    release() {
      process.off('exit', release);
      release();
    },
  };
}

function lockedError(dir: string, lock: LockSnapshot | null): UserError {
  const holder = lock?.holder;
  const beat = lock ? `, last heartbeat ${Math.max(0, Math.round((Date.now() - lock.mtimeMs) / 1000))} s ago` : '';
  const who = holder ? `run pid ${holder.pid} on ${holder.host} (since ${holder.started_at}${beat})` : 'another run';
  return new UserError(
    'EF_OUTPUT_LOCKED',
    `${dir} is in use by ${who}`,
    `Wait for that run to end or choose another config.output_dir. ${LOCK_TAKE_OVER}`,
  );
}

/** How a lock left by a killed run is taken over (hints of EF_OUTPUT_LOCKED; docs/scale.md). */
export const LOCK_TAKE_OVER = `A lock left by a killed run is taken over at once on its own host, and from another host once its heartbeat is ${LOCK_STALE_AFTER_MS / 1000} s old.`;

function readFileOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
