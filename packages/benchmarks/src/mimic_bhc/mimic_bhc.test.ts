import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, renderGenerationPrompt, tempDir } from '../shared/test-support.js';
import { mimicBhc } from './definition.js';

const FILE = join(dirname(fileURLToPath(import.meta.url)), 'fixture', 'mimic_iv_bhc.json');

async function load(dataPath: string | null) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await mimicBhc.load(ctx) };
}

describe('mimic_bhc definition', () => {
  it('is a 1,024-token generation prompt "Clinical Note:\\n…\\nBrief Hospital Course:", jury and ROUGE', () => {
    expect(mimicBhc.prompt).toMatchObject({
      method: 'generation',
      input_noun: 'Clinical Note',
      newline_after_input_noun: true,
      output_noun: 'Brief Hospital Course',
      max_tokens: 1024,
      temperature: 0,
      stop_sequences: [],
    });
    expect(mimicBhc.main_metric).toBe('mimic_bhc_accuracy');
    expect(mimicBhc.jury!.template).toContain('<user_request>');
  });
});

describe('mimic_bhc load (invented JSON Lines)', () => {
  it('keeps rows with both input and target (unstripped), all test, ids id0…', async () => {
    const { ctx, loaded } = await load(FILE);
    expect(loaded.instances.map((x) => [x.id, x.source_id, x.split])).toEqual([
      ['id0', 'line 1', 'test'],
      ['id1', 'line 4', 'test'],
    ]);
    expect(loaded.instances[1]!.references[0]!.output.text).toBe(
      'Observed overnight after an invented fall; discharged home.  ',
    );
    expect(loaded.data.num_rows).toBe(4);
    expect(ctx.logs).toContain('mimic_bhc: skipped 2 rows with an empty input or target (as HELM)');
    expect(renderGenerationPrompt(mimicBhc.prompt, loaded.instances[1]!)).toBe(
      `${mimicBhc.prompt.instructions}\n\nClinical Note:\nFictional fall at home; imaginary hip x-ray negative.  \nBrief Hospital Course:`,
    );
  });

  it('needs data_path naming a file of {input, target} lines', async () => {
    await expect(load(null)).rejects.toMatchObject({ code: 'EF_MISSING_DATA_PATH' });
    const dir = await tempDir();
    await expect(load(dir)).rejects.toMatchObject({ code: 'EF_DATA_NOT_FOUND' });
    await writeFile(join(dir, 'x.json'), '{"input": "a", "target": 3}\n');
    await expect(load(join(dir, 'x.json'))).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('line 1: target is 3'),
    });
  });
});
