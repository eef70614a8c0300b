import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where framework.yml lives: `EF_FRAMEWORK_FILE`, else the checkout this CLI was built in (packages/cli/dist →
 * repository root), else the working directory. `null` when none exists (then `ls` says no packages are installed).
 */
export function findFrameworkFile(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.EF_FRAMEWORK_FILE) return resolve(env.EF_FRAMEWORK_FILE);
  for (const candidate of [join(repoRoot(), 'framework.yml'), resolve('framework.yml')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The repository root of this checkout (where node_modules/.bin holds the engine bin). */
export function repoRoot(): string {
  return fileURLToPath(new URL('../../../', import.meta.url));
}
