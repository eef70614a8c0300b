import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { realDataDir } from '../shared/conformance-support.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { ehrshot } from './definition.js';
import { MAX_LAB_LABELS } from './instances.js';
import { EHRSHOT_TASKS } from './tasks.js';

// EHRSHOT is gated: ../shared/datasets has no copy, so this suite normally skips. Someone with access can put the
// MEDS folder at ../shared/datasets/ehrshot (data/, metadata/, labels/) to check the loader on the real tables.
// docs/benchmarks/ehrshot.md pins no counts for ehrshot, so the checks are structural.
const DIR = realDataDir('ehrshot');
const present = existsSync(DIR);
if (!existsSync(dirname(DIR))) console.log('skipped: ../shared/datasets not found');
else if (!present) console.log('skipped: ../shared/datasets/ehrshot not found (gated data)');
const tasks = present ? EHRSHOT_TASKS.filter((t) => existsSync(join(DIR, 'labels', t, 'labels.parquet'))) : [];
const run = tasks.length > 0 ? it.each(tasks) : it.skip.each(['none']);

describe('ehrshot on the real MEDS folder (docs/benchmarks/ehrshot.md)', () => {
  run(
    '%s: one yes/no instance per kept label, lab tasks sampled to 10,000, only the misalignment warning',
    async (task) => {
      const ctx = recordingContext({
        cacheDir: await tempDir(),
        dataPath: DIR,
        args: { subject: task, max_length: 100000 },
      });
      const { instances, data } = await ehrshot.load(ctx);
      expect(instances.length).toBeGreaterThan(0);
      expect(instances.length).toBeLessThanOrEqual(
        task.startsWith('lab_') ? Math.min(MAX_LAB_LABELS, data.num_rows) : data.num_rows,
      );
      expect(instances.every((x, i) => x.id === `id${i}` && x.split === 'test')).toBe(true);
      expect(
        instances.every(
          (x) =>
            x.references.map((r) => r.output.text).join() === 'yes,no' &&
            x.references.filter((r) => r.tags.includes('correct')).length === 1,
        ),
      ).toBe(true);
      expect(
        instances.every((x) => x.input.text.startsWith('\n# Instructions\n') && x.input.text.endsWith('\n\n')),
      ).toBe(true);
      expect(ctx.warnings.every((w) => w.code === 'EF_HELM_MISALIGNMENT')).toBe(true);
      if (task.startsWith('lab_')) expect(ctx.warnings).toHaveLength(1);
    },
    1_800_000,
  );
});
