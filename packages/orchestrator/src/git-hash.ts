import { execFile } from 'node:child_process';
import { repoRoot } from './framework-path.js';

/**
 * `CORE_EVALS_GIT_HASH`, else the checkout's git hash, else null (docs/configuration.md). Read without blocking:
 * `git` runs while run_eval hands the engine its command line and the run goes on (a synchronous `git` held the
 * hand-over up by its whole run, 5–40 ms). Asked once per process: a suite asks for every job, and the checkout does
 * not change meanwhile.
 */
export function gitHash(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (env.CORE_EVALS_GIT_HASH) return Promise.resolve(env.CORE_EVALS_GIT_HASH);
  checkoutHash ??= readCheckoutHash();
  return checkoutHash;
}

let checkoutHash: Promise<string | null> | undefined;

function readCheckoutHash(): Promise<string | null> {
  return new Promise((resolve) => {
    try {
      execFile('git', ['rev-parse', 'HEAD'], { cwd: repoRoot() }, (error, stdout) =>
        resolve(error ? null : stdout.trim() || null),
      );
    } catch {
      resolve(null);
    }
  });
}
