import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { repoRoot } from './framework-path.js';

/**
 * `CORE_EVALS_GIT_HASH`, else the checkout's git hash, else null (docs/configuration.md). Read without blocking:
 * `git` runs while run_eval hands the engine its command line and the run goes on (a synchronous `git` held the
 * hand-over up by its whole run, 5–40 ms). Await it with `awaitGitHash`.
 */
export function gitHash(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (env.CORE_EVALS_GIT_HASH) return Promise.resolve(env.CORE_EVALS_GIT_HASH);
  return processCheckout.hash(env);
}

/**
 * The checkout's hash as one process asks for it, job after job of a suite: one suite runs from one checkout, so an
 * answer (a hash, or null from a git that failed) is read once and shared. A git that did not answer in time does not
 * leave every later job without a hash: the next job to ask tries once more (a slow network mount answers once its
 * files are cached); a second timeout stands, so a git that always hangs costs a suite two deadlines at most.
 */
export class CheckoutHash {
  private answer: Promise<string | null> | undefined;
  private timeouts = 0;

  constructor(private readonly deadlineMs: number) {}

  hash(env: NodeJS.ProcessEnv): Promise<string | null> {
    this.answer ??= readCheckout(env, this.deadlineMs).then((hash) => {
      if (hash !== TIMED_OUT) return hash;
      if (++this.timeouts < GIT_ATTEMPTS) this.answer = undefined;
      return null;
    });
    return this.answer;
  }
}

/** How many times a process runs a git that does not answer in time. */
const GIT_ATTEMPTS = 2;

/**
 * git answers in milliseconds; one that hangs (a lock, a network mount) must not hold results.yml or a stop. Counted
 * from the run's start: a run longer than this never waits for git at its end.
 */
const GIT_DEADLINE_MS = 10_000;

const processCheckout = new CheckoutHash(GIT_DEADLINE_MS);

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

/**
 * `git rev-parse HEAD` in the checkout, or null when it fails or has not answered within `deadlineMs` (it is
 * killed then).
 */
export async function readCheckoutHash(env: NodeJS.ProcessEnv, deadlineMs: number): Promise<string | null> {
  const hash = await readCheckout(env, deadlineMs);
  return hash === TIMED_OUT ? null : hash;
}

const TIMED_OUT = Symbol('git did not answer in time');

/**
 * `git rev-parse HEAD` in the checkout: its hash, null when it fails, TIMED_OUT when it has not answered within
 * `deadlineMs` (it is killed then). Its stdin is closed (a git wrapper that reads it would wait forever), and neither
 * it nor its deadline keeps the process alive.
 */
function readCheckout(env: NodeJS.ProcessEnv, deadlineMs: number): Promise<string | null | typeof TIMED_OUT> {
  return new Promise((resolve) => {
    let out = '';
    const git = spawn('git', ['rev-parse', 'HEAD'], { cwd: repoRoot(), env, stdio: ['ignore', 'pipe', 'ignore'] });
    const deadline = setTimeout(() => {
      git.kill('SIGKILL');
      resolve(TIMED_OUT);
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
