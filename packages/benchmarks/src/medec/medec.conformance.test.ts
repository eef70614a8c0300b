import { describe, expect, it } from '@jest/globals';
import type { Instance, PromptRequest } from '@eval-factory/types';
import { realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { sha256Hex } from '../shared/hashing.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { medec } from './definition.js';
import { medecFamily } from './metric.js';

const run = realDataPresent('medec') ? it : it.skip;
const request = { instance_id: 'x', prompt: 'p' } as PromptRequest;

/**
 * sha256 of `JSON.stringify([[id, Text ID, input, reference], …])`, computed once with Python's `csv.DictReader`
 * and HELM's `MedecScenario` rules on the pinned file (`json.dumps(..., ensure_ascii=False, separators=(",", ":"))`).
 */
const HELM_INSTANCES_SHA256 = 'cfd39564546e541013be46d419d87c75e8b4060ab15c835756b20d5a7d0383a8';

async function loadReal(): Promise<{
  instances: readonly Instance[];
  sha256: string;
  rows: number;
  warnings: unknown[];
}> {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: realDataDir('medec') });
  const { instances, data } = await medec.load(ctx);
  return { instances, sha256: data.files[0].sha256, rows: data.num_rows, warnings: ctx.warnings };
}

const gold = (x: Instance) => x.references[0].output.text;

/** Mean of each metric over every instance when the model always answers `answer(instance)`. */
function wholeSet(instances: readonly Instance[], answer: (x: Instance) => string): number[] {
  const sums = [0, 0, 0];
  for (const instance of instances) {
    const v = medecFamily.compute({ instance, request, completions: [answer(instance)] });
    [v.medec_error_flag_accuracy, v.medec_error_sentence_accuracy, v.medec_error_sentence_accuracy_corrected].forEach(
      (x, i) => (sums[i] += x!),
    );
  }
  return sums.map((s) => s / instances.length);
}

describe('medec on the real MEDEC-MS test CSV (docs/benchmarks/medec.md)', () => {
  run('loads 597 of 925 rows (311 error, 286 correct) exactly as HELM does, with the pinned sha256', async () => {
    const { instances, sha256, rows, warnings } = await loadReal();
    expect(warnings).toEqual([]);
    expect(sha256).toBe('f35e2c3c1e4d98ca900394c4fcff14c2a84752e48ddc83698401da6a360c707e');
    expect(rows).toBe(925);
    expect(instances).toHaveLength(597);
    expect(instances.filter((x) => gold(x) === 'CORRECT')).toHaveLength(286);
    expect(instances.map((x) => [x.id, x.source_id])).toEqual(instances.map((_, i) => [`id${i}`, `ms-test-${i}`]));
    expect(instances.some((x) => x.input.text.includes('\r'))).toBe(false);
    const linesWithoutId = instances.flatMap((x) => x.input.text.split('\n')).filter((line) => !/^\d/.test(line));
    expect(linesWithoutId).toHaveLength(95);
    const digest = sha256Hex(JSON.stringify(instances.map((x) => [x.id, x.source_id, x.input.text, gold(x)])));
    expect(digest).toBe(HELM_INSTANCES_SHA256);
  });

  run('whole-set predictors give the spec values (flag, HELM sentence, corrected sentence)', async () => {
    const { instances } = await loadReal();
    const cases: [string, (x: Instance) => string, number[]][] = [
      ['oracle', gold, [1, 286 / 597, 1]],
      ['always CORRECT', () => 'CORRECT', [286 / 597, 286 / 597, 286 / 597]],
      ['empty output', () => '', [311 / 597, 0, 0]],
      ['"CORRECT."', () => 'CORRECT.', [311 / 597, 0, 0]],
    ];
    for (const [label, answer, expected] of cases) {
      expect([label, wholeSet(instances, answer)]).toEqual([label, expected]);
    }
    expect(286 / 597).toBeCloseTo(0.4791, 4);
    expect(311 / 597).toBeCloseTo(0.5209, 4);
  });
});
