import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '@eval-factory/errors';

/**
 * Where framework.yml lives: `EF_FRAMEWORK_FILE`, else the checkout this CLI was built in (packages/orchestrator/dist →
 * repository root), else the working directory. `null` when none exists (then `ls` says no packages are installed).
 */
export function findFrameworkFile(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.EF_FRAMEWORK_FILE) return resolve(env.EF_FRAMEWORK_FILE);
  for (const candidate of [join(repoRoot(), 'framework.yml'), resolve('framework.yml')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** `findFrameworkFile` for commands that cannot go on without it (run_eval, run_suite, the cost preview). */
export function requireFrameworkFile(): string {
  const file = findFrameworkFile();
  if (!file)
    throw new UserError(
      'EF_NO_FRAMEWORK',
      'NO evaluation packages are installed: framework.yml not found',
      'set EF_FRAMEWORK_FILE or run from the eval-factory checkout',
    );
  return file;
}

/** The repository root of this checkout (where node_modules/.bin holds the engine bin). */
export function repoRoot(): string {
  return fileURLToPath(new URL('../../../', import.meta.url));
}
