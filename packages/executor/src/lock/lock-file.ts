/**
 * An output folder's lock file as any host sees it, and the rules that make it stale. The holder refreshes the
 * file's mtime (its heartbeat) every LOCK_HEARTBEAT_MS. A lock is stale, on its holder's own host, when its process
 * is gone or a zombie (checked at once); from another host (a pod or Slurm task killed -9 elsewhere), when its
 * heartbeat is older than LOCK_STALE_AFTER_MS; and anywhere when it is empty or unreadable and older than
 * EMPTY_LOCK_STALE_AFTER_MS.
 * Comparing a heartbeat written on another host with this host's clock needs clocks in step (NTP), which the bound
 * leaves ample room for; docs/scale.md says so.
 */
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import {
  closeSync,
  fstatSync,
  linkSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';

/** How often a holder refreshes its heartbeat. */
export const LOCK_HEARTBEAT_MS = 10_000;
/** A heartbeat older than this is a dead holder's, seen from another host (six missed beats: a busy loop is not dead). */
export const LOCK_STALE_AFTER_MS = 60_000;
/** An empty or unreadable lock younger than this may be a taker's still being written. */
export const EMPTY_LOCK_STALE_AFTER_MS = 5_000;

export interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly started_at: string;
}

/** One reading of the lock file: its text (null when unreadable), identity and heartbeat. */
export interface LockSnapshot {
  readonly text: string | null;
  readonly holder: Holder | null;
  readonly ino: number;
  readonly mtimeMs: number;
}

/**
 * Reads the lock through one open file descriptor (on NFS, opening revalidates the file's attributes, so the
 * heartbeat seen is current); null when there is no lock file.
 */
export function readLock(file: string): LockSnapshot | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    const stat = statOrNull(file);
    return stat && { text: null, holder: null, ino: stat.ino, mtimeMs: stat.mtimeMs };
  }
  try {
    const { ino, mtimeMs } = fstatSync(fd);
    const text = readTextOrNull(fd);
    return { text, holder: parseHolder(text), ino, mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/** Whether the lock seen is a dead holder's (module comment); `host` is this host's name. */
export function isStale(lock: LockSnapshot, host: string, now = Date.now()): boolean {
  const age = now - lock.mtimeMs;
  if (lock.holder === null) return age > EMPTY_LOCK_STALE_AFTER_MS;
  // On its own host the process is checked, which is exact: a live holder keeps its lock even when its event loop
  // was too busy to beat (a long leaderboard), and a dead one loses it at once.
  if (lock.holder.host === host) return !isAlive(lock.holder.pid);
  return age > LOCK_STALE_AFTER_MS;
}

/**
 * Creates the lock holding `text`, complete from its first instant (written aside, then hard-linked into place,
 * which fails if a lock exists); false when one exists. A file system without hard links gets an exclusive create.
 */
export function createLock(file: string, text: string): boolean {
  const aside = `${file}.new-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(aside, text, { flag: 'wx' });
    linkSync(aside, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code ?? '')) throw error;
    return createExclusive(file, text);
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Replaces the stale lock `seen` with `text`; false when another taker got there first. Two takers never both win:
 * the stale file is renamed aside (only one rename of it succeeds) and checked to be the very file seen (inode,
 * heartbeat, text). A taker that moved a newer lock instead puts it back, never over one made meanwhile. The stale
 * file stays aside until the new lock exists, so the new lock cannot reuse its inode and pass that check.
 */
export function replaceStaleLock(file: string, seen: LockSnapshot, text: string): boolean {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = readLock(aside);
  if (!moved || moved.ino !== seen.ino || moved.mtimeMs !== seen.mtimeMs || moved.text !== seen.text) {
    try {
      linkSync(aside, file);
    } catch {
      // A lock made meanwhile stays; the one moved aside lost its place (its holder's heartbeat sees it).
    }
    rmSync(aside, { force: true });
    return false;
  }
  const created = createLock(file, text);
  rmSync(aside, { force: true });
  return created;
}

/**
 * Removes the files a taker writes beside `file` for a moment (`.new-*`, `.stale-*`) that a taker killed mid-way
 * left behind. A file counts as left behind once its ctime, which a rename sets, is older than LOCK_STALE_AFTER_MS:
 * a live taker holds one for milliseconds, while a `.stale-*` file keeps the old lock's mtime (so mtime cannot tell).
 */
export function sweepLeftovers(file: string, now = Date.now()): void {
  const prefixes = [`${basename(file)}.new-`, `${basename(file)}.stale-`];
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return;
  }
  for (const name of names) {
    if (!prefixes.some((prefix) => name.startsWith(prefix))) continue;
    const path = join(dirname(file), name);
    try {
      if (now - lstatSync(path).ctimeMs > LOCK_STALE_AFTER_MS) rmSync(path, { force: true });
    } catch {
      // gone meanwhile, or not ours to remove: the next holder tries again
    }
  }
}

function createExclusive(file: string, text: string): boolean {
  try {
    writeFileSync(file, text, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function statOrNull(file: string): { ino: number; mtimeMs: number } | null {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

function readTextOrNull(fd: number): string | null {
  try {
    return readFileSync(fd, 'utf8');
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

/**
 * Signal 0 checks existence (EPERM: it exists but belongs to someone else). A zombie (state Z or X in
 * /proc/<pid>/stat: ended, not yet reaped by its parent) still answers signal 0 but holds nothing.
 */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S …": comm may hold spaces and parentheses, so the state follows the last ')'.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false; // no /proc (not Linux): signal 0 is all there is
  }
}
