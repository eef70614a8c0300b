import { describe, expect, it } from '@jest/globals';
import { correctLetterCounts, realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { medbullets } from './definition.js';

const run = realDataPresent('medbullets') ? it : it.skip;

describe('medbullets on the real medbullets_op5.csv (docs/benchmarks/medbullets.md)', () => {
  run(
    'loads 308 instances, A 61 / B 74 / C 53 / D 67 / E 53, with the pinned sha256 and LF-only questions',
    async () => {
      const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: realDataDir('medbullets') });
      const { instances, data } = await medbullets.load(ctx);
      expect(ctx.warnings).toEqual([]);
      expect(ctx.logs).toEqual([]);
      expect(data.files[0].sha256).toBe('7da4b1397418b4bd15074066ea6a377ac44a599794a959cd8ebc76937ea597e6');
      expect(instances).toHaveLength(308);
      expect(correctLetterCounts(instances)).toEqual({ A: 61, B: 74, C: 53, D: 67, E: 53 });
      expect(instances.filter((x) => x.input.text.includes('\n'))).toHaveLength(34);
      expect(instances.some((x) => x.input.text.includes('\r'))).toBe(false);
    },
  );
});
