import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { LOCK_FILE, lockOutputDir } from './output-lock.js';

const folder = () => mkdtempSync(join(tmpdir(), 'ef-lock-'));
/** The pid of a process that has already ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

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

  it('never takes over a lock of another host (its process cannot be checked from here)', () => {
    const dir = folder();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: deadPid(), host: 'node-17.cluster', started_at: '2026-01-01T00:00:00Z' }),
    );
    expect(caught(() => lockOutputDir(dir)).message).toMatch(/in use by run pid \d+ on node-17\.cluster/);
  });

  it('release leaves a lock that is no longer its own alone', () => {
    const dir = folder();
    const lock = lockOutputDir(dir);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: 'other', started_at: 'x' }));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });
});
