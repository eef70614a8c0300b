import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { correctLetterCounts, realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, renderMcqPrompt, tempDir } from '../shared/test-support.js';
import { medhelmMedQa } from './definition.js';
import { MEDQA_TEST_SHA256 } from './load.js';

const DIR = realDataDir('medhelm_med_qa');
const run = realDataPresent('medhelm_med_qa') ? it : it.skip;

async function load() {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR });
  return { ctx, loaded: await medhelmMedQa.load(ctx) };
}

describe('medhelm_med_qa on the staged test file (docs/benchmarks/medhelm_med_qa.md)', () => {
  run('1,273 test instances id11450…id12722, pinned sha256, answer letters A 353 B 309 C 346 D 265', async () => {
    const { ctx, loaded } = await load();
    expect(loaded.data.files.map((f) => f.sha256)).toEqual([MEDQA_TEST_SHA256]);
    expect(loaded.instances).toHaveLength(1273);
    expect(loaded.instances.every((x, i) => x.id === `id${11450 + i}` && x.split === 'test')).toBe(true);
    expect(correctLetterCounts(loaded.instances)).toEqual({ A: 353, B: 309, C: 346, D: 265 });
    // Only the dev file is missing (train is unused at zero-shot).
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_PARTIAL']);
  });

  run("the test ids of HELM's 1,000-instance sample exist with the same rows", async () => {
    const { loaded } = await load();
    const subset = JSON.parse(readFileSync(join(DIR, 'eval_subset_k1000_seed0.json'), 'utf8')) as {
      test_row_indices_in_selection_order: number[];
      helm_ids_in_selection_order: string[];
      positions_in_selection_order: number[];
    };
    const testIds = subset.helm_ids_in_selection_order.filter(
      (_, i) => subset.positions_in_selection_order[i]! >= 1272,
    );
    expect(testIds).toHaveLength(503);
    const byId = new Map(loaded.instances.map((x) => [x.id, x]));
    expect(testIds.map((id) => byId.get(id)?.source_id)).toEqual(
      subset.test_row_indices_in_selection_order.map((r) => `test:${r}`),
    );
  });

  run("45 rows lose a trailing quote or whitespace in an option; the first prompt has HELM's layout", async () => {
    const { loaded } = await load();
    const raw = readFileSync(join(DIR, 'phrases_no_exclude_test.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { options: Record<string, string> });
    const changed = loaded.instances.filter((x, i) =>
      x.references.some((r, j) => r.output.text !== Object.values(raw[i]!.options)[j]),
    );
    expect(changed).toHaveLength(45);
    // The full first prompt, laid out from the raw row (its options need no stripping).
    const first = JSON.parse(readFileSync(join(DIR, 'phrases_no_exclude_test.jsonl'), 'utf8').split('\n')[0]!) as {
      question: string;
      options: Record<string, string>;
      answer_idx: string;
    };
    const spec = medhelmMedQa.prompt;
    const options = Object.entries(first.options)
      .map(([k, v]) => `${k}. ${v}\n`)
      .join('');
    expect(renderMcqPrompt(spec, loaded.instances[0]!)).toBe(
      `${spec.instructions}\n\nQuestion: ${first.question}\n${options}${spec.output_noun}:`,
    );
    expect(first.answer_idx).toBe('B');
    expect(loaded.instances[0]!.references.map((r) => r.tags)).toEqual([[], ['correct'], [], []]);
  });
});
