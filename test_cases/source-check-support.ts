/**
 * What the tests of the repository's source checks (scripts/check-*.mjs) share: fake trees to plant violations in,
 * and the two tests every check passes on the real tree.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from '@jest/globals';
import { REPO_ROOT, tempDir } from './support.js';

export interface Violation {
  readonly file: string;
  readonly message: string;
}
export type SourceCheck = (root?: string) => { files: number; violations: Violation[] };

/** Makes fake trees for one test file, removed after it: `files` maps a path to its text (objects as JSON). */
export function fakeTrees(prefix: string): (files: Record<string, string | object>) => string {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
  return (files) => {
    const root = tempDir(prefix);
    roots.push(root);
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return root;
  };
}

/** The check finds nothing in the real tree, and its script says so (`<label>: ok (N files)`) and exits 0. */
export function passesOnTheRealTree(check: SourceCheck, script: string, label: string): void {
  it('finds no violation in the real tree', () => {
    const { files, violations } = check(REPO_ROOT);
    expect(violations).toEqual([]);
    expect(files).toBeGreaterThan(100);
  });

  it('prints ok and exits 0 on the real tree', () => {
    const run = spawnSync(process.execPath, [join(REPO_ROOT, script)], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^${label}: ok \\(\\d+ files\\)$`, 'm'));
  });
}
