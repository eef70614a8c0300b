/**
 * Checks the MT19937 port against HELM's real seed-0 selections shipped under ../shared/datasets (docs/architecture.md).
 * Runs only with EF_CONFORMANCE=1; skips with a message when the datasets folder is absent.
 */
import { describe, it, expect } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NumpyLegacyRandom } from '@eval-factory/metrics';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const datasetsDir = path.resolve(repoRoot, '../shared/datasets');
const available = existsSync(datasetsDir);
if (!available) console.warn(`[conformance] skipped: ${datasetsDir} not found`);

interface SubsetFile {
  readonly N: number;
  readonly k: number;
  readonly indices_in_selection_order: readonly number[];
}

const SUBSETS = ['medcalc_bench/eval_subset_k1000_seed0.json', 'head_qa/eval_subset_k1000_seed0.json'];

(available ? describe : describe.skip)('seed-0 permutation matches HELM selections', () => {
  it.each(SUBSETS)('%s', (file) => {
    const subset = JSON.parse(readFileSync(path.join(datasetsDir, file), 'utf8')) as SubsetFile;
    expect(subset.indices_in_selection_order).toHaveLength(subset.k);
    expect(new NumpyLegacyRandom(0).permutation(subset.N).slice(0, subset.k)).toEqual(
      subset.indices_in_selection_order,
    );
  });
});
