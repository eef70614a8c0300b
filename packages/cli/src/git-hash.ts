import { execFileSync } from 'node:child_process';
import { repoRoot } from './framework-path.js';

/** `CORE_EVALS_GIT_HASH`, else the checkout's git hash, else null (docs/configuration.md). */
export function gitHash(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CORE_EVALS_GIT_HASH) return env.CORE_EVALS_GIT_HASH;
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
