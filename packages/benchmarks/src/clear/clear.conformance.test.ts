import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { realDataDir } from '../../test-support/shared/conformance-support.js';
import { recordingContext, tempDir } from '../../test-support/shared/test-support.js';
import { clear } from './definition.js';
import { CLEAR_CONDITIONS } from './prompt.js';

// Private data: present only where a copy of the CLEAR spreadsheets (<condition>.xlsx) was placed. docs/benchmarks/clear.md
// gives no counts for it, so this checks the shape of every instance and reports HELM's label quirk if it shows.
const DIR = realDataDir('clear');
const missing = CLEAR_CONDITIONS.filter((condition) => !existsSync(join(DIR, `${condition}.xlsx`)));
if (missing.length > 0)
  process.stderr.write(`clear.conformance.test: SKIPPED for ${missing.join(', ')}: no <condition>.xlsx in ${DIR}\n`);

describe('clear on the real CLEAR spreadsheets (docs/benchmarks/clear.md)', () => {
  // One test per condition, skipped with the reason in its name when that spreadsheet is absent.
  for (const condition of CLEAR_CONDITIONS) {
    const file = join(DIR, `${condition}.xlsx`);
    const present = !missing.includes(condition);
    const name = `${condition}: three options, the note framed by the task and "Answer:"`;
    (present ? it : it.skip)(present ? name : `${name} (SKIPPED: ${file} is absent)`, async () => {
      const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR, args: { condition } });
      const { instances, data } = await clear.load(ctx);
      console.log(
        `${condition}: ${data.num_rows} rows → ${instances.length} instances; warnings: ${JSON.stringify(ctx.warnings)}`,
      );
      expect(instances.length).toBeGreaterThan(0);
      for (const x of instances) {
        expect(x.references).toHaveLength(3);
        expect(x.input.text).toMatch(
          /\n\nOriginal Clinical Note:\n[\s\S]*\n\nA\. Has a history of [^\n]+\nB\. Does not have a history of [^\n]+\nC\. Uncertain\n\nAnswer:$/,
        );
      }
    });
  }
});
