/**
 * The checkout's git hash is read beside the run (git-hash.ts): a `git` that never answers, or one that reads its
 * standard input, must not hold results.yml, a stop or the process's exit.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { readCheckoutHash } from './git-hash.js';

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

  it('never keeps the process from exiting while git runs and nobody awaits it', () => {
    const pidFile = join(dir, 'holds.pid');
    const env = fakeGit('holds', `echo $$ > ${pidFile}; exec sleep 1000`);
    const script = `import(${JSON.stringify(BUILT)}).then((m) => void m.gitHash());`;
    const child = spawnSync(process.execPath, ['-e', script], {
      env: { ...env, CORE_EVALS_GIT_HASH: '' },
      timeout: 20_000,
    });
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL'); // still waiting: the test's own git
  });
});
