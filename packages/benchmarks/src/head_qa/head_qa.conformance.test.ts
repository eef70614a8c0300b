import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { correctLetterCounts, realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { headQa } from './definition.js';

const DIR = realDataDir('head_qa');
const run = realDataPresent('head_qa') ? it : it.skip;

async function load(dataPath: string) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath, args: { language: 'en', category: null } });
  return { ctx, loaded: await headQa.load(ctx) };
}

describe('head_qa on the real files (docs/benchmarks/head_qa.md)', () => {
  run.each([['test_en.hf_like.jsonl'], ['test_HEAD_EN.json']])(
    '%s: 2,742 rows match the pinned row digest → 2,675 instances, letters A 651 / B 692 / C 719 / D 613',
    async (fileName) => {
      const { ctx, loaded } = await load(join(DIR, fileName));
      expect(ctx.warnings).toEqual([]);
      expect(loaded.data.num_rows).toBe(2742);
      expect(loaded.instances).toHaveLength(2675);
      expect(loaded.instances[2674].id).toBe('id2674');
      expect(correctLetterCounts(loaded.instances)).toEqual({ A: 651, B: 692, C: 719, D: 613 });
    },
  );

  run('orders instances as HELM does: the seed-0 index list names the same (exam, qid) pairs', async () => {
    const { loaded } = await load(DIR);
    const subset = JSON.parse(readFileSync(join(DIR, 'eval_subset_k1000_seed0.json'), 'utf8')) as {
      indices_in_selection_order: number[];
      name_qid_in_selection_order: [string, number][];
    };
    const picked = subset.indices_in_selection_order.map((i) => [
      loaded.instances[i].extra_data?.name,
      loaded.instances[i].extra_data?.id,
    ]);
    expect(picked).toEqual(subset.name_qid_in_selection_order);
  });
});
