/**
 * Shared by the `*.conformance.test.ts` suites (EF_CONFORMANCE=1): where the real upstream files live
 * (`../shared/datasets` next to the repository) and how to count instances by correct letter.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Instance } from '@eval-factory/types';

/** `<repo root>/../shared/datasets/<benchmark>`; this file sits at `packages/benchmarks/test-support/shared/`. */
export function realDataDir(benchmark: string): string {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  return resolve(repoRoot, '../shared/datasets', benchmark);
}

/** True when the real data folder exists; otherwise prints the agreed skip line once. */
export function realDataPresent(benchmark: string): boolean {
  const present = existsSync(realDataDir(benchmark));
  if (!present) console.log('skipped: ../shared/datasets not found');
  return present;
}

/** Count of instances per correct-option letter (A, B, …). */
export function correctLetterCounts(instances: readonly Instance[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const instance of instances) {
    const index = instance.references.findIndex((r) => r.tags.includes('correct'));
    const letter = index < 0 ? 'none' : String.fromCharCode(65 + index);
    counts[letter] = (counts[letter] ?? 0) + 1;
  }
  return counts;
}
