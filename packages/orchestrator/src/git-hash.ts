import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { repoRoot } from './framework-path.js';

/**
 * `CORE_EVALS_GIT_HASH`, else the checkout's git hash, else null (docs/configuration.md). Read without blocking:
 * `git` runs while run_eval hands the engine its command line and the run goes on (a synchronous `git` held the
 * hand-over up by its whole run, 5–40 ms). Asked once per process: a suite asks for every job, and the checkout does
 * not change meanwhile. Await it with `awaitGitHash`.
 */
export function gitHash(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (env.CORE_EVALS_GIT_HASH) return Promise.resolve(env.CORE_EVALS_GIT_HASH);
  checkoutHash ??= readCheckoutHash(env, GIT_DEADLINE_MS);
  return checkoutHash;
}

/**
 * `hash`'s answer, the process held alive meanwhile: git itself never holds it (an early failure exits at once), so
 * whoever waits for the answer does, at most until git's deadline.
 */
export async function awaitGitHash(hash: Promise<string | null>): Promise<string | null> {
  const hold = setInterval(() => {}, GIT_DEADLINE_MS);
  try {
    return await hash;
  } finally {
    clearInterval(hold);
  }
}

let checkoutHash: Promise<string | null> | undefined;

/**
 * git answers in milliseconds; one that hangs (a lock, a network mount) must not hold results.yml or a stop. Counted
 * from the run's start: a run longer than this never waits for git at its end.
 */
const GIT_DEADLINE_MS = 10_000;

/**
 * `git rev-parse HEAD` in the checkout, or null when it fails or has not answered within `deadlineMs` (it is
 * killed then). Its stdin is closed (a git wrapper that reads it would wait forever), and neither it nor its
 * deadline keeps the process alive.
 */
export function readCheckoutHash(env: NodeJS.ProcessEnv, deadlineMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    let out = '';
    const git = spawn('git', ['rev-parse', 'HEAD'], { cwd: repoRoot(), env, stdio: ['ignore', 'pipe', 'ignore'] });
    const deadline = setTimeout(() => {
      git.kill('SIGKILL');
      resolve(null);
    }, deadlineMs).unref();
    const settle = (hash: string | null) => {
      clearTimeout(deadline);
      resolve(hash);
    };
    git.on('error', () => settle(null));
    git.on('close', (code) => settle(code === 0 ? out.trim() || null : null));
    git.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    git.unref();
    (git.stdout as Socket).unref();
  });
}
