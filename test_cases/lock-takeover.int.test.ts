/**
 * Retries racing for one stale lock (a Kubernetes Job whose pods start together after a node died): exactly one
 * takes it over, every other one gets EF_OUTPUT_LOCKED naming the winner.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { REPO_ROOT, tempDir } from './support.js';

const EXECUTOR = join(REPO_ROOT, 'packages/executor/dist/index.js');

/** A process that waits for `go`, tries the lock, prints `won` or the error code, and holds on until stdin ends. */
const TAKER = `
import { existsSync } from 'node:fs';
const { lockOutputDir } = await import(process.env.EXECUTOR);
while (!existsSync(process.env.GO)) await new Promise((r) => setTimeout(r, 1));
try { lockOutputDir(process.env.DIR); console.log('won'); } catch (e) { console.log(e.code); }
process.stdin.resume();
`;

describe('racing takers of a stale lock', () => {
  it('27.4 eight processes find one lock left by a dead host: exactly one takes it over', async () => {
    const root = tempDir();
    const dir = join(root, 'out');
    mkdirSync(dir);
    const lock = join(dir, '.eval-factory.lock');
    writeFileSync(lock, JSON.stringify({ pid: 4242, host: 'node-dead.cluster', started_at: '2026-01-01T00:00:00Z' }));
    const longAgo = new Date(Date.now() - 600_000);
    utimesSync(lock, longAgo, longAgo);
    const go = join(root, 'go');
    const takers = Array.from({ length: 8 }, () =>
      spawn(process.execPath, ['--input-type=module', '-e', TAKER], {
        env: { ...process.env, EXECUTOR, GO: go, DIR: dir },
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const said = takers.map(
      (t) => new Promise<string>((resolve) => t.stdout.once('data', (c: Buffer) => resolve(c.toString().trim()))),
    );
    // Give every process time to load before they start together.
    await new Promise((r) => setTimeout(r, 1_000));
    writeFileSync(go, '');
    const answers = await Promise.all(said);
    try {
      expect(answers.filter((a) => a === 'won')).toHaveLength(1);
      expect(answers.filter((a) => a === 'EF_OUTPUT_LOCKED')).toHaveLength(7);
      const winner = takers[answers.indexOf('won')];
      expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(winner.pid);
    } finally {
      for (const t of takers) t.stdin.end();
      await Promise.all(takers.map((t) => new Promise((r) => t.on('close', r))));
    }
  });
});
