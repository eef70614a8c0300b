import { execFileSync } from 'node:child_process';
import { repoRoot } from './framework-path.js';

/** `CORE_EVALS_GIT_HASH`, else the checkout's git hash, else null (docs/configuration.md). */
export function gitHash(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CORE_EVALS_GIT_HASH) return env.CORE_EVALS_GIT_HASH;
  // Asked once per process: a suite asks for every job, and each `git` run blocked the factory's event loop for
  // 10-40 ms, holding up the slots it passes from one job to the next (the checkout does not change meanwhile).
  if (checkoutHash === undefined) checkoutHash = readCheckoutHash();
  return checkoutHash;
}

let checkoutHash: string | null | undefined;

function readCheckoutHash(): string | null {
  try {
    return (
      execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot(), stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || null
    );
  } catch {
    return null;
  }
}
