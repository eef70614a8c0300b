import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, renderGenerationPrompt, tempDir } from '../shared/test-support.js';
import { mimicRrs } from './definition.js';
import { MIMIC_RRS_FILES, pythonLines } from './load.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

async function load(dataPath: string | null) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await mimicRrs.load(ctx) };
}

describe('mimic_rrs definition', () => {
  it('is a 128-token generation prompt with nouns followed by a newline, jury and ROUGE', () => {
    expect(mimicRrs.prompt).toMatchObject({
      method: 'generation',
      input_noun: 'Findings',
      newline_after_input_noun: true,
      output_noun: 'Impression',
      max_tokens: 128,
      temperature: 0,
      stop_sequences: [],
    });
    expect(mimicRrs.main_metric).toBe('mimic_rrs_accuracy');
    expect(mimicRrs.jury!.template).toContain('<user_request>');
  });
});

describe('mimic_rrs load (invented reports in the RRS layout)', () => {
  it('pairs the lines, strips them, skips pairs with an empty side, numbers id0…', async () => {
    const { ctx, loaded } = await load(FIXTURE);
    expect(loaded.instances.map((x) => [x.id, x.source_id, x.input.text, x.references[0]!.output.text])).toEqual([
      ['id0', 'line 1', 'The invented lungs are clear .', 'No acute invented process .'],
      ['id1', 'line 4', 'Fictional nodule in the right lobe .', 'Imaginary nodule , follow up .'],
    ]);
    expect(loaded.data.num_rows).toBe(4);
    expect(ctx.warnings).toEqual([]);
    expect(renderGenerationPrompt(mimicRrs.prompt, loaded.instances[1]!)).toBe(
      `${mimicRrs.prompt.instructions}\n\nFindings:\nFictional nodule in the right lobe .\nImpression:`,
    );
  });

  it('reads lines as Python iterates a file', () => {
    expect(pythonLines('a\nb\n')).toEqual(['a', 'b']);
    expect(pythonLines('a\n\nb')).toEqual(['a', '', 'b']);
    expect(pythonLines('')).toEqual([]);
  });

  it('needs data_path with both files of equal line counts', async () => {
    await expect(load(null)).rejects.toMatchObject({ code: 'EF_MISSING_DATA_PATH' });
    const dir = await tempDir();
    await writeFile(join(dir, MIMIC_RRS_FILES.findings), 'a\nb\n');
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining(MIMIC_RRS_FILES.impression),
    });
    await writeFile(join(dir, MIMIC_RRS_FILES.impression), 'a\n');
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('2 findings lines but 1 impression lines'),
    });
  });
});
