import { describe, expect, it } from '@jest/globals';
import { realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { N2C2_CRITERIA } from './criteria.js';
import { n2c2CtMatching } from './definition.js';
import { N2C2_SCENARIO_TEXTS } from './prompt.js';

// Gated data: present only where a licensed copy of the n2c2 2018 Track 1 release (with test/*.xml) was placed.
const run = realDataPresent('n2c2_ct_matching') ? it : it.skip;

describe('n2c2_ct_matching on the real n2c2 2018 Track 1 release (docs/benchmarks/n2c2_ct_matching.md)', () => {
  run.each(N2C2_CRITERIA.map((subject) => [subject]))(
    '%s: 86 test patients, one gold answer each, a dated prompt each',
    async (subject) => {
      const ctx = recordingContext({
        cacheDir: await tempDir(),
        dataPath: realDataDir('n2c2_ct_matching'),
        args: { subject },
      });
      const { instances, data } = await n2c2CtMatching.load(ctx);
      expect(ctx.warnings).toEqual([]);
      expect(data.num_rows).toBe(86);
      expect(instances).toHaveLength(86);
      expect(instances.map((x) => x.source_id)).toEqual([...instances.map((x) => x.source_id)].sort());
      for (const x of instances) {
        expect(x.references.filter((r) => r.tags.includes('correct'))).toHaveLength(1);
        expect(x.input.text).toMatch(/\n {4}## Note #1\nDate: \d{4}-\d{2}-\d{2}\n/);
        expect(x.input.text.endsWith(`    ${N2C2_SCENARIO_TEXTS.question.replace('{subject}', subject)}\n    `)).toBe(
          true,
        );
      }
    },
  );
});
