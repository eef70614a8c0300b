import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, renderGenerationPrompt, tempDir } from '../shared/test-support.js';
import { readFirstSheet } from '../shared/xlsx-sheet.js';
import { medicationQa } from './definition.js';
import { MEDICATION_QA_FILE, MEDICATION_QA_SHA256 } from './load.js';

const DIR = realDataDir('medication_qa');
const run = realDataPresent('medication_qa') ? it : it.skip;

async function load() {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR });
  return { ctx, loaded: await medicationQa.load(ctx) };
}

describe('medication_qa on the real workbook (docs/benchmarks/medication_qa.md)', () => {
  run(
    '690 rows, the pinned sha256, 689 instances id0…id688 after dropping the n/a answer (sheet row 214)',
    async () => {
      const { ctx, loaded } = await load();
      expect(ctx.warnings).toEqual([]);
      expect(loaded.data.num_rows).toBe(690);
      expect(loaded.data.files[0]!.sha256).toBe(MEDICATION_QA_SHA256);
      expect(loaded.instances).toHaveLength(689);
      expect(loaded.instances.every((x, i) => x.id === `id${i}` && x.split === 'test')).toBe(true);
      expect(ctx.logs.filter((l) => l.includes('dropping'))).toEqual([
        'medication_qa: dropping sheet row 214: pandas reads its Answer "n/a" as missing',
      ]);
    },
  );

  run('the ids of the real MedHELM run map to the sheet rows after the drop (id585 is not row 587)', async () => {
    const { loaded } = await load();
    const sheet = await readFirstSheet(join(DIR, MEDICATION_QA_FILE));
    const byId = new Map(loaded.instances.map((x) => [x.id, x]));
    for (const n of [14, 585, 140, 417, 531, 596, 500, 440, 312, 589]) {
      const dataRow = n < 212 ? n : n + 1; // 0-based data row; row 212 was dropped
      expect(byId.get(`id${n}`)!.input.text).toBe(sheet[dataRow + 1]![0]);
    }
    expect(byId.get('id585')!.input.text).not.toBe(sheet[586]![0]);
    expect(byId.get('id585')!.input.text).toMatch(/magnesium/);
  });

  run('a full prompt: "{instruction}\\n\\nQuestion: {question}\\nAnswer:"', async () => {
    const { loaded } = await load();
    const sheet = await readFirstSheet(join(DIR, MEDICATION_QA_FILE));
    const spec = medicationQa.prompt;
    expect(renderGenerationPrompt(spec, loaded.instances[14]!)).toBe(
      `${spec.instructions}\n\nQuestion: ${sheet[15]![0]}\nAnswer:`,
    );
    expect(loaded.instances[14]!.references[0]!.output.text).toBe(sheet[15]![3]);
  });
});
