/**
 * docs/benchmarks.md cannot drift from the registry: one table row per registered benchmark, each with
 * its own page, and no row for a benchmark that does not exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { benchmarkNames } from '@eval-factory/benchmarks';
import { REPO_ROOT } from './support.js';

const doc = readFileSync(join(REPO_ROOT, 'docs', 'benchmarks.md'), 'utf8');
const rows = [...doc.matchAll(/^\| \[([a-z0-9_]+)\]\(benchmarks\/([a-z0-9_]+)\.md\)/gm)];

describe('docs/benchmarks.md', () => {
  it('lists every registered benchmark once, and nothing else', () => {
    expect(rows.map((r) => r[1]).sort()).toEqual([...benchmarkNames()].sort());
  });

  it('links each row to its own page, which exists', () => {
    for (const [, name, page] of rows) {
      expect(page).toBe(name);
      expect(existsSync(join(REPO_ROOT, 'docs', 'benchmarks', `${page}.md`))).toBe(true);
    }
  });

  it('says no registered benchmark is unavailable', () => {
    expect(doc).not.toMatch(/not yet available/i);
  });
});
