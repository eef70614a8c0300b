import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, renderGenerationPrompt, tempDir } from '../shared/test-support.js';
import { medDialog } from './definition.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

async function load(dataPath: string | null, subset: string | null = 'healthcaremagic') {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath, args: { subset } });
  return { ctx, loaded: await medDialog.load(ctx) };
}

describe('med_dialog definition', () => {
  it('is an 80-token generation prompt "Patient-Doctor: …\\nSummary:" with a required subset argument, jury and ROUGE', () => {
    expect(medDialog.args).toEqual([
      expect.objectContaining({ name: 'subset', default: null, values: ['healthcaremagic', 'icliniq'] }),
    ]);
    expect(medDialog.prompt).toMatchObject({
      method: 'generation',
      input_noun: 'Patient-Doctor',
      output_noun: 'Summary',
      max_tokens: 80,
      temperature: 0,
      stop_sequences: [],
    });
    expect(medDialog.main_metric).toBe('med_dialog_accuracy');
    const { template } = medDialog.jury!;
    for (const p of ['{{QUESTION}}', '{{RESPONSE}}', '{{GOLD_RESPONSE}}']) expect(template.split(p)).toHaveLength(2);
    expect(template).toContain('<conversation>');
  });
});

describe('med_dialog load (invented dialogues in the Codalab layout)', () => {
  it('reads <data_path>/<subset>/test.json in file order: input src, reference tgt, ids id0…', async () => {
    const { ctx, loaded } = await load(FIXTURE);
    expect(loaded.instances.map((x) => [x.id, x.source_id, x.split, x.references[0]!.output.text])).toEqual([
      ['id0', '0', 'test', 'Invented title about a made-up headache'],
      ['id1', '1', 'test', 'Fictional rash after a pretend hike'],
    ]);
    // Not stripped.
    expect(loaded.instances[1]!.input.text).toBe(
      'Patient: I got a rash after walking in invented woods.  Doctor: It may be a made-up plant; use a cool compress. ',
    );
    expect(loaded.data.source).toContain('/healthcaremagic/test.json');
    expect(ctx.warnings).toEqual([]);
    expect(ctx.logs.some((l) => l.includes('no pinned checksum'))).toBe(true);
  });

  it('reads the other subset, or the test.json file itself', async () => {
    expect((await load(FIXTURE, 'icliniq')).loaded.instances).toHaveLength(1);
    expect((await load(join(FIXTURE, 'icliniq', 'test.json'), 'icliniq')).loaded.instances).toHaveLength(1);
  });

  it('renders "{instruction}\\n\\nPatient-Doctor: {src}\\nSummary:"', async () => {
    const { loaded } = await load(FIXTURE, 'icliniq');
    expect(renderGenerationPrompt(medDialog.prompt, loaded.instances[0]!)).toBe(
      `${medDialog.prompt.instructions}\n\nPatient-Doctor: Patient: Does the fictional pill make me sleepy? Doctor: Hi. Yes, that is a known invented effect.\nSummary:`,
    );
  });

  it('needs a subset, a data_path naming the Codalab file, and well-formed JSON', async () => {
    await expect(load(FIXTURE, null)).rejects.toMatchObject({
      code: 'EF_MISSING_DATA_PATH',
      message: expect.stringContaining('extra.subset'),
    });
    await expect(load(FIXTURE, 'reddit')).rejects.toMatchObject({ code: 'EF_BENCHMARK_ARG' });
    await expect(load(null)).rejects.toMatchObject({
      code: 'EF_MISSING_DATA_PATH',
      hint: expect.stringContaining('worksheets.codalab.org'),
    });
    const dir = await tempDir();
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining('healthcaremagic/test.json'),
    });
    await writeFile(join(dir, 'test.json'), '{"data": [{"id": 0, "src": "s"}]}');
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('data[0]: tgt'),
    });
  });
});
