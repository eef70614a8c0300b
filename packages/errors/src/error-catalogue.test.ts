/**
 * docs/errors.md is the catalogue of every `EF_*` name the sources use (docs/architecture.md): this test greps each
 * package's non-test sources and fails, naming them, when a name has no table row `| \`EF_…\` |` in the doc.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CODE = /EF_[A-Z0-9_]+/g;

/** Every `.ts` file under `dir`, except tests (`*.test.ts` covers `.int.`, `.live.` and `.conformance.` ones). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** code → the first file (relative to the repo root) that uses it. */
function codesInSources(): Map<string, string> {
  const codes = new Map<string, string>();
  const packagesDir = join(REPO_ROOT, 'packages');
  for (const pkg of readdirSync(packagesDir, { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue;
    // Test-only code sits in test-support/, beside src/ (a code it raises is still one users can meet in a log).
    const files = ['src', 'test-support'].flatMap((dir) => {
      try {
        return sourceFiles(join(packagesDir, pkg.name, dir));
      } catch {
        return []; // a package without that folder
      }
    });
    for (const file of files) {
      for (const [code] of readFileSync(file, 'utf8').matchAll(CODE)) {
        if (!codes.has(code)) codes.set(code, file.slice(REPO_ROOT.length));
      }
    }
  }
  return codes;
}

/** Names in the first cell of a table row: `| \`EF_X\` | …`. */
function documentedCodes(doc: string): Set<string> {
  return new Set([...doc.matchAll(/^\| `(EF_[A-Z0-9_]+)` \|/gm)].map((m) => m[1] as string));
}

describe('docs/errors.md catalogue', () => {
  const codes = codesInSources();
  const documented = documentedCodes(readFileSync(join(REPO_ROOT, 'docs', 'errors.md'), 'utf8'));

  it('finds the codes in the sources (the grep itself works)', () => {
    expect(codes.get('EF_MISSING_ARG')).toBeDefined();
    expect(codes.size).toBeGreaterThan(50);
  });

  it('has a row for every EF_ name used in packages/*/src', () => {
    const missing = [...codes].filter(([code]) => !documented.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has no row for a code that no source uses any more', () => {
    expect([...documented].filter((code) => !codes.has(code))).toEqual([]);
  });
});
