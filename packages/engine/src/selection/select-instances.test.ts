import { describe, it, expect } from '@jest/globals';
import type { Instance, Split } from '@eval-factory/types';
import { selectEvalInstances, selectionSha256 } from './select-instances.js';

function inst(id: string, split: Split): Instance {
  return { id, input: { text: id }, references: [], split };
}

// Load order: a train instance first (never evaluated), then five eval instances over valid and test.
const INSTANCES = [
  inst('t0', 'train'),
  inst('id0', 'test'),
  inst('id1', 'valid'),
  inst('id2', 'test'),
  inst('t1', 'train'),
  inst('id3', 'test'),
  inst('id4', 'test'),
];
const ids = (selected: readonly Instance[]) => selected.map((i) => i.id);

describe('selectEvalInstances', () => {
  const cases: [string, number | null, Split[] | undefined, string[], boolean][] = [
    ['no limit keeps every eval instance in load order', null, undefined, ['id0', 'id1', 'id2', 'id3', 'id4'], false],
    ['N ≤ K keeps all in load order', 5, undefined, ['id0', 'id1', 'id2', 'id3', 'id4'], false],
    ['N < K keeps all in load order', 1000, undefined, ['id0', 'id1', 'id2', 'id3', 'id4'], false],
    ['K < N takes permutation(5)[:K] = [2, 0, 1] in permutation order', 3, undefined, ['id2', 'id0', 'id1'], true],
    ['K = 1', 1, undefined, ['id2'], true],
    ['fraction 0.5 → K = floor(2.5) = 2', 0.5, undefined, ['id2', 'id0'], true],
    ['tiny fraction → K = max(1, 0) = 1', 0.01, undefined, ['id2'], true],
    [
      'eval_split=test restricts before subsampling (N = 4, permutation(4))',
      null,
      ['test'],
      ['id0', 'id2', 'id3', 'id4'],
      false,
    ],
    ['eval_split=valid', null, ['valid'], ['id1'], false],
  ];
  it.each(cases)('%s', (_label, limit, splits, expected, subsampled) => {
    const { selected, subsample } = selectEvalInstances(INSTANCES, limit, splits);
    expect(ids(selected)).toEqual(expected);
    if (subsampled) {
      expect(subsample).toEqual({
        limit: expected.length,
        method: 'numpy_legacy_seed0_permutation',
        indices_sha256: selectionSha256(expected),
      });
    } else {
      expect(subsample).toBeNull();
    }
  });

  it('subsets are nested: smaller K selections are prefixes of larger ones', () => {
    const many = Array.from({ length: 300 }, (_, i) => inst(`id${i}`, 'test'));
    const big = ids(selectEvalInstances(many, 100).selected);
    expect(ids(selectEvalInstances(many, 10).selected)).toEqual(big.slice(0, 10));
  });

  it('records the sha256 of the JSON array of selected ids', () => {
    expect(selectEvalInstances(INSTANCES, 3).subsample!.indices_sha256).toBe(
      '78f9b98dee032f04d55d1b8f64a564e7e1461b010e2ae4f5e95de2d7167db2f6',
    );
    expect(selectionSha256([])).toBe('4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945');
  });

  it.each([0, -3, 1.5, 1, NaN])('limit %p: invalid values are a user error, 1 is one instance', (limit) => {
    if (limit === 1) {
      expect(selectEvalInstances(INSTANCES, limit).selected).toHaveLength(1);
      return;
    }
    expect(() => selectEvalInstances(INSTANCES, limit)).toThrow(
      expect.objectContaining({ code: 'EF_MAX_EVAL_INSTANCES' }),
    );
  });
});
