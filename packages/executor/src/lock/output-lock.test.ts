import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { RUN_FILES } from '@eval-factory/types';
import {
  EMPTY_LOCK_STALE_AFTER_MS,
  LOCK_STALE_AFTER_MS,
  readLock,
  replaceStaleLock,
  sweepLeftovers,
} from './lock-file.js';
import { lockHolder, lockOutputDir } from './output-lock.js';

const LOCK_FILE = RUN_FILES.lock;

const folder = () => mkdtempSync(join(tmpdir(), 'ef-lock-'));
/** The pid of a process that has already ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

/** A lock as a run on another host writes it, its heartbeat (the file's mtime) at `heartbeatMs`. */
function writeForeignLock(dir: string, heartbeatMs: number): void {
  const file = join(dir, LOCK_FILE);
  writeFileSync(file, JSON.stringify({ pid: deadPid(), host: 'node-17.cluster', started_at: '2026-01-01T00:00:00Z' }));
  utimesSync(file, new Date(heartbeatMs), new Date(heartbeatMs));
}

function caught(run: () => unknown): { code?: string; message: string } {
  try {
    run();
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('did not throw');
}

describe('lockOutputDir', () => {
  it('holds the folder: a second taker gets EF_OUTPUT_LOCKED naming pid, host and start; release frees it', () => {
    const dir = folder();
    const lock = lockOutputDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    const error = caught(() => lockOutputDir(dir));
    expect(error.code).toBe('EF_OUTPUT_LOCKED');
    expect(error.message).toContain(`run pid ${process.pid} on ${hostname()} (since `);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockOutputDir(dir).release();
  });

  it('takes over a lock left by a process that is gone from this host', () => {
    const dir = folder();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: deadPid(), host: hostname(), started_at: '2026-01-01T00:00:00Z' }),
    );
    const lock = lockOutputDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('27.4 takes over a lock of another host whose heartbeat is older than the bound; lockHolder agrees', () => {
    const dir = folder();
    writeForeignLock(dir, Date.now() - LOCK_STALE_AFTER_MS - 5_000);
    expect(lockHolder(dir)).toBeNull();
    const lock = lockOutputDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('27.4 never takes over a lock of another host with a fresh heartbeat (its process cannot be checked from here)', () => {
    const dir = folder();
    writeForeignLock(dir, Date.now() - 1_000);
    expect(caught(() => lockOutputDir(dir)).message).toMatch(/in use by run pid \d+ on node-17\.cluster/);
    expect(lockHolder(dir)?.host).toBe('node-17.cluster');
  });

  it('27.4 a holder that is a zombie process is dead on its own host', async () => {
    // `sleep 0` ends at once, and its parent (exec'd into `sleep 30`) never reaps it: a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (c) => resolve(`${c}`))));
      while (!readFileSync(`/proc/${zombie}/stat`, 'utf8').match(/\) Z /)) await new Promise((r) => setTimeout(r, 10));
      const dir = folder();
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: zombie, host: hostname(), started_at: 'x' }));
      expect(lockHolder(dir)).toBeNull();
      lockOutputDir(dir).release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('27.4 an empty lock older than a few seconds is stale; a fresh one is not (its taker may be mid-write)', () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), '');
    expect(caught(() => lockOutputDir(dir)).code).toBe('EF_OUTPUT_LOCKED');
    const old = new Date(Date.now() - EMPTY_LOCK_STALE_AFTER_MS - 1_000);
    utimesSync(join(dir, LOCK_FILE), old, old);
    lockOutputDir(dir).release();
  });

  it('27.4 a holder keeps its heartbeat fresh; on its own host a live holder keeps the lock even with a late beat', () => {
    const dir = folder();
    const lock = lockOutputDir(dir);
    const old = new Date(Date.now() - LOCK_STALE_AFTER_MS - 5_000);
    utimesSync(join(dir, LOCK_FILE), old, old);
    expect(caught(() => lockOutputDir(dir)).code).toBe('EF_OUTPUT_LOCKED');
    expect(lock.heartbeat()).toBe(true);
    expect(Date.now() - statSync(join(dir, LOCK_FILE)).mtimeMs).toBeLessThan(LOCK_STALE_AFTER_MS);
    lock.release();
  });

  it('27.4 two takers of one stale lock: the one that finds it already taken over leaves the new lock alone', () => {
    const dir = folder();
    const file = join(dir, LOCK_FILE);
    writeForeignLock(dir, Date.now() - LOCK_STALE_AFTER_MS - 5_000);
    const seenBySlowTaker = readLock(file);
    const winner = lockOutputDir(dir);
    const winnerText = readFileSync(file, 'utf8');
    expect(replaceStaleLock(file, seenBySlowTaker!, '{"pid":1,"host":"slow","started_at":"x"}\n')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(winnerText);
    winner.release();
  });

  it('release leaves a lock that is no longer its own alone', () => {
    const dir = folder();
    const lock = lockOutputDir(dir);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: 'other', started_at: 'x' }));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });

  it('removes the files a taker killed mid-takeover left beside the lock, once they are older than the bound, and no other file', () => {
    const dir = folder();
    const file = join(dir, LOCK_FILE);
    const leftovers = [`${LOCK_FILE}.new-4242-deadbeef`, `${LOCK_FILE}.stale-4242-cafebabe`];
    for (const name of [...leftovers, 'results.jsonl', `${LOCK_FILE}.other`]) writeFileSync(join(dir, name), 'x');
    sweepLeftovers(file, Date.now());
    expect(leftovers.every((name) => existsSync(join(dir, name)))).toBe(true); // a live taker's, for all we know
    sweepLeftovers(file, Date.now() + LOCK_STALE_AFTER_MS + 1_000);
    expect(leftovers.some((name) => existsSync(join(dir, name)))).toBe(false);
    expect(existsSync(join(dir, 'results.jsonl')) && existsSync(join(dir, `${LOCK_FILE}.other`))).toBe(true);
  });
});
