/**
 * One run per output folder (issue 12.2). Two runs writing one folder raced on its files and paid for the same
 * requests twice; now a run takes `DIR/.eval-factory.lock` (created exclusively, holding pid, host and start time)
 * before it writes anything there, and a second run stops with EF_OUTPUT_LOCKED naming the holder before it sends
 * anything. `run_eval` takes it; suites and shards that write one folder take the same lock through this function.
 *
 * A plain O_EXCL file rather than an mtime-refreshed lock (proper-lockfile): the holder's pid and host are what a
 * user needs to see, and a lock left by a killed run is recognised at once on the same host (its pid is gone)
 * instead of after a staleness timeout. From another host liveness cannot be checked: the message says so.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UserError } from '@eval-factory/errors';
import { RUN_FILES } from '@eval-factory/types';

const LOCK_FILE = RUN_FILES.lock;

export interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly started_at: string;
}

export interface OutputLock {
  /** Removes the lock if it is still this process's; safe to call more than once. */
  release(): void;
}

/**
 * Takes the lock of `dir` (which must exist) or throws EF_OUTPUT_LOCKED naming its holder; a lock whose process is
 * gone from this host is taken over. The lock is also released when the process exits (signals included).
 * @example const lock = lockOutputDir('/results/run1'); try { … } finally { lock.release(); }
 */
export function lockOutputDir(dir: string): OutputLock {
  const file = join(dir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), started_at: new Date().toISOString() };
  const text = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, text, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const seen = readFileOrNull(file);
      const holder = parseHolder(seen);
      if (attempt === 0 && seen !== null && holder !== null && holder.host === me.host && !isAlive(holder.pid)) {
        // Taken over only if it is still the stale lock just read (another run may have taken it meanwhile).
        if (readFileOrNull(file) === seen) rmSync(file, { force: true });
        continue;
      }
      throw lockedError(dir, holder);
    }
  }
  const release = () => {
    if (readFileOrNull(file) === text) rmSync(file, { force: true });
  };
  process.once('exit', release);
  return {
    release() {
      process.off('exit', release);
      release();
    },
  };
}

/**
 * The live process holding `dir`'s lock, or null when the folder is free or its lock is stale (on this host).
 * `eval-factory status` reads it to say which jobs are running.
 */
export function lockHolder(dir: string): Holder | null {
  const holder = parseHolder(readFileOrNull(join(dir, LOCK_FILE)));
  return holder && (holder.host !== hostname() || isAlive(holder.pid)) ? holder : null;
}

function lockedError(dir: string, holder: Holder | null): UserError {
  const who = holder ? `run pid ${holder.pid} on ${holder.host} (since ${holder.started_at})` : 'another run';
  return new UserError(
    'EF_OUTPUT_LOCKED',
    `${dir} is in use by ${who}`,
    `Wait for that run to end or choose another config.output_dir. A lock left by a killed run is taken over on its own host; from another host, delete ${join(dir, LOCK_FILE)} once that run is gone.`,
  );
}

function readFileOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function parseHolder(text: string | null): Holder | null {
  try {
    const value = JSON.parse(text ?? '') as Holder;
    return typeof value.pid === 'number' && typeof value.host === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Signal 0 checks existence; EPERM means the process exists but belongs to someone else. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
