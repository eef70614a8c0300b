import { describe, expect, it } from '@jest/globals';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { recordingContext, renderGenerationPrompt, tempDir } from '../shared/test-support.js';
import { dischargeme } from './definition.js';
import { DISCHARGEME_FIXTURE, writeDischargemeFixture } from './fixture-data.js';
import { DISCHARGEME_SUBFOLDER, dischargemeInput } from './load.js';

async function load(dataPath: string | null) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await dischargeme.load(ctx) };
}

describe('dischargeme definition', () => {
  it('is a 300-token generation prompt without input noun, output noun Answer, jury and ROUGE', () => {
    expect(dischargeme.prompt).toMatchObject({
      method: 'generation',
      input_noun: null,
      output_noun: 'Answer',
      max_tokens: 300,
      temperature: 0,
      stop_sequences: [],
    });
    expect(dischargeme.main_metric).toBe('dischargeme_accuracy');
    expect(dischargeme.jury!.template).toContain('<patient_information>');
  });

  it("builds HELM's instance text with four spaces after the first sentence", () => {
    expect(dischargemeInput('Brief Hospital Course', 'NOTE', 'RAD')).toBe(
      'Generate the Brief Hospital Course from the following patient discharge text and radiology report text.    \n\nDischarge Text:\nNOTE\n\nRadiology Report:\nRAD\n\nBrief Hospital Course:\n',
    );
  });
});

describe('dischargeme load (invented tables in the PhysioNet layout)', () => {
  it("joins as HELM's merges do: admission order, first note and first report, BHC then DI per admission", async () => {
    const { ctx, loaded } = await load(await writeDischargemeFixture(await tempDir()));
    expect(loaded.instances.map((x) => [x.id, x.source_id])).toEqual([
      ['id0', '21:Brief Hospital Course'],
      ['id1', '21:Discharge Instructions'],
      ['id2', '11:Brief Hospital Course'],
      ['id3', '11:Discharge Instructions'],
    ]);
    expect(loaded.data.num_rows).toBe(2);
    const [bhc21, di21] = loaded.instances;
    // Only the instance's own target is removed; "021" and "21" are one admission (pandas reads integers).
    expect(bhc21!.input.text).toBe(
      dischargemeInput(
        'Brief Hospital Course',
        'Name: ___\nBrief Hospital Course:\n\nDischarge Instructions:\nDrink water, "twice" daily.',
        'CT: invented, unremarkable.',
      ),
    );
    expect(di21!.input.text).toContain(
      'Made-up pain resolved.\nDischarge Instructions:\n\n\nRadiology Report:\nCT: invented, unremarkable.',
    );
    expect(di21!.references[0]!.output.text).toBe('Drink water, "twice" daily.');
    // Admission 11's BHC differs by a space from the note's text: HELM's replace removes nothing.
    expect(loaded.instances[2]!.extra_data).toMatchObject({ target_removed: false });
    expect(loaded.instances[2]!.input.text).toContain('Invented  stay for a cough.');
    expect(ctx.logs).toContain(
      "dischargeme: in 1 of 4 instances the target text is not found verbatim in the discharge note, so HELM's removal leaves it (or a variant) in the input",
    );
    expect(
      renderGenerationPrompt(dischargeme.prompt, loaded.instances[3]!).endsWith('Discharge Instructions:\n\nAnswer:'),
    ).toBe(true);
  });

  it('also accepts the test_phase_1 folder itself', async () => {
    const root = await writeDischargemeFixture(await tempDir());
    expect((await load(join(root, DISCHARGEME_SUBFOLDER))).loaded.instances).toHaveLength(4);
  });

  it('needs data_path, all six files, the columns HELM reads and gzip data', async () => {
    await expect(load(null)).rejects.toMatchObject({ code: 'EF_MISSING_DATA_PATH' });
    const root = await writeDischargemeFixture(await tempDir());
    await rm(join(root, DISCHARGEME_SUBFOLDER, 'triage.csv.gz'));
    await expect(load(root)).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining('triage.csv.gz'),
    });
    const other = await writeDischargemeFixture(await tempDir(), {
      ...DISCHARGEME_FIXTURE,
      radiology: 'hadm_id,note\n1,x\n',
    });
    await expect(load(other)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('"text"'),
    });
    await writeFile(join(other, DISCHARGEME_SUBFOLDER, 'diagnosis.csv.gz'), 'plain text');
    await expect(load(other)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('gzip'),
    });
  });
});
