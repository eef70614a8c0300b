import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { correctLetterCounts, realDataDir, realDataPresent } from '../shared/conformance-support.js';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { raceBasedMed } from './definition.js';
import { readDocxBodyParagraphs } from './docx.js';
import { extractRaceBasedMedRows, RACE_BASED_MED_FILE } from './load.js';
import { raceBasedMedScenarioTexts } from './prompt.js';

const DIR = realDataDir('race_based_med');
const run = realDataPresent('race_based_med') ? it : it.skip;

describe('race_based_med on the real supplement .docx (docs/benchmarks/race_based_med.md)', () => {
  run('parses 2,464 body paragraphs into 171 rows (86 true) over 29 distinct questions', async () => {
    const file = join(DIR, RACE_BASED_MED_FILE);
    const paragraphs = readDocxBodyParagraphs(await readFile(file), file);
    expect(paragraphs).toHaveLength(2464);
    const rows = extractRaceBasedMedRows(paragraphs);
    expect(rows).toHaveLength(171);
    expect(rows.filter((r) => r.harmful)).toHaveLength(86);
    expect(new Set(rows.map((r) => r.question)).size).toBe(29);
  });

  run('loads 167 instances (A yes 84 / B no 83), ids id0…id166, split test, with the pinned sha256', async () => {
    const ctx = recordingContext({ cacheDir: await tempDir(), dataPath: DIR });
    const { instances, data } = await raceBasedMed.load(ctx);
    expect(ctx.warnings).toEqual([]);
    expect(data.files[0].sha256).toBe('57098e6ff8f0f84213cbf7a87d7387f2b054568a14b9cf79530b147a06d21567');
    expect(data.num_rows).toBe(171);
    expect(instances).toHaveLength(167);
    expect(correctLetterCounts(instances)).toEqual({ A: 84, B: 83 });
    expect(instances[166].id).toBe('id166');
    expect(new Set(instances.map((x) => x.split))).toEqual(new Set(['test']));
    const head = `${raceBasedMedScenarioTexts.instruction}\n\n${' '.repeat(21)}Question: `;
    expect(
      instances.every(
        (x) => x.input.text.startsWith(head) && x.input.text.endsWith('\n') && x.input.text.includes('\nResponse: '),
      ),
    ).toBe(true);
    expect(instances.some((x) => x.input.text.includes('\r'))).toBe(false);
  });
});
