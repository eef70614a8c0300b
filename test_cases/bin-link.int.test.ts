/**
 * After the README's `npm install`, `npx eval-factory` runs the CLI: npm links a workspace bin
 * only if its file exists at install time, which dist/ never does on a fresh clone, so each bin is a small committed
 * file that loads the built one.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { REPO_ROOT } from './support.js';

describe('node_modules/.bin', () => {
  it.each([
    ['eval-factory', 'packages/cli'],
    ['ef-bench', 'packages/engine'],
  ])('%s is linked to the committed bin of %s, and runs', (bin, pkg) => {
    const declared = (
      JSON.parse(readFileSync(join(REPO_ROOT, pkg, 'package.json'), 'utf8')) as { bin: Record<string, string> }
    ).bin[bin]!;
    expect(declared.startsWith('./dist/')).toBe(false);
    expect(realpathSync(join(REPO_ROOT, 'node_modules', '.bin', bin))).toBe(
      realpathSync(join(REPO_ROOT, pkg, declared)),
    );
    const run = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', bin), ['--version'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
