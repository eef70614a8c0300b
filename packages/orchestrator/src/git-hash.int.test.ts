/**
 * The checkout's git hash is read beside the run (git-hash.ts): a `git` that never answers, or one that reads its
 * standard input, must not hold results.yml, a stop or the process's exit.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { CheckoutHash, readCheckoutHash } from './git-hash.js';

/** Built: the last test runs it in a process of its own. */
const BUILT = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'git-hash.js');
const dir = mkdtempSync(join(tmpdir(), 'ef-git-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder whose `git` runs `body` (a shell script), for PATH. */
function fakeGit(name: string, body: string): NodeJS.ProcessEnv {
  const bin = join(dir, name);
  writeFileSync(join(dir, `${name}.sh`), `#!/bin/sh\n${body}\n`);
  mkdirSync(bin);
  writeFileSync(join(bin, 'git'), `#!/bin/sh\nexec sh ${join(dir, `${name}.sh`)}\n`);
  chmodSync(join(bin, 'git'), 0o755);
  return { ...process.env, PATH: `${bin}:${process.env.PATH}` };
}

describe('the checkout git hash', () => {
  it('is what git answers', async () => {
    expect(await readCheckoutHash(fakeGit('answers', 'echo abc123'), 60_000)).toBe('abc123');
  });

  it('is read with standard input closed (a git that reads it answers)', async () => {
    expect(await readCheckoutHash(fakeGit('reads', 'cat >/dev/null; echo def456'), 60_000)).toBe('def456');
  });

  it('is unknown (null) when git never answers: it is killed at the deadline', async () => {
    const env = fakeGit('hangs', 'exec sleep 1000');
    expect(await readCheckoutHash(env, 200)).toBeNull();
  });

  it('is unknown (null) when git fails', async () => {
    expect(await readCheckoutHash(fakeGit('fails', 'exit 128'), 60_000)).toBeNull();
  });

  it('a suite: a git that hung once is asked again by the next job, whose answer every later job shares', async () => {
    const calls = join(dir, 'once.calls');
    // Hangs on its first call only (a slow network mount, say); each call leaves a line in `calls`.
    const env = fakeGit(
      'once',
      `echo call >> ${calls}; if [ "$(wc -l < ${calls})" -eq 1 ]; then exec sleep 1000; fi; echo abc123`,
    );
    // The deadline is also what the second call, a real process (sh, echo, wc), has to answer in: 2 s, not the
    // 300 ms that suffice where every call hangs, so a loaded CI machine does not fail it.
    const checkout = new CheckoutHash(2_000);
    // Two jobs started together share the read that hangs.
    expect(await Promise.all([checkout.hash(env), checkout.hash(env)])).toEqual([null, null]);
    expect(await checkout.hash(env)).toBe('abc123');
    expect(await checkout.hash(env)).toBe('abc123');
    expect(readFileSync(calls, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('a suite: a git that always hangs is asked twice at most (each later job does not wait for it again)', async () => {
    const calls = join(dir, 'always.calls');
    const checkout = new CheckoutHash(300);
    const env = fakeGit('always', `echo call >> ${calls}; exec sleep 1000`);
    for (let job = 0; job < 4; job++) expect(await checkout.hash(env)).toBeNull();
    expect(readFileSync(calls, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('a suite: a git that fails (not a checkout) is asked once', async () => {
    const calls = join(dir, 'fails.calls');
    const checkout = new CheckoutHash(60_000);
    const env = fakeGit('fails-counted', `echo call >> ${calls}; exit 128`);
    for (let job = 0; job < 3; job++) expect(await checkout.hash(env)).toBeNull();
    expect(readFileSync(calls, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('never keeps the process from exiting while git runs and nobody awaits it', async () => {
    const pidFile = join(dir, 'holds.pid');
    const env = fakeGit('holds', `echo $$ > ${pidFile}; exec sleep 1000`);
    const script = `import(${JSON.stringify(BUILT)}).then((m) => void m.gitHash());`;
    const child = spawnSync(process.execPath, ['-e', script], {
      env: { ...env, CORE_EVALS_GIT_HASH: '' },
      timeout: 20_000,
    });
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    // Still waiting: the test's own git, which may not have written its pid yet on a busy machine.
    for (let i = 0; i < 100 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50));
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
  });
});
