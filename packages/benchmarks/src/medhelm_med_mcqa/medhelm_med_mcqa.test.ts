import { describe, expect, it } from '@jest/globals';
import { readFile, writeFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, renderMcqPrompt, tempDir } from '../shared/test-support.js';
import { medhelmMedQa } from '../medhelm_med_qa/definition.js';
import { medhelmMedMcqa } from './definition.js';
import { MEDMCQA_DEV_FILE, MEDMCQA_HUB_FILE } from './load.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

async function load(dataPath: string | null) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await medhelmMedMcqa.load(ctx) };
}

const hubRow = (cop: number) =>
  JSON.stringify({
    id: 'h',
    question: 'Hub question?',
    opa: 'w',
    opb: 'x',
    opc: 'y',
    opd: 'z',
    cop,
    choice_type: 'single',
    exp: null,
    subject_name: 's',
    topic_name: null,
  });

describe('medhelm_med_mcqa definition', () => {
  it("uses MedQA's adaptation unchanged (one letter, same texts) and exact_match", () => {
    expect(medhelmMedMcqa.prompt).toEqual({ ...medhelmMedQa.prompt });
    expect(medhelmMedMcqa.main_metric).toBe('exact_match');
  });
});

describe('medhelm_med_mcqa load (invented rows)', () => {
  it('valid ids follow the train rows; cop counts from 1; options are not stripped', async () => {
    const { ctx, loaded } = await load(FIXTURE);
    expect(loaded.instances.map((x) => [x.id, x.split, x.source_id])).toEqual([
      ['id3', 'valid', 'dev:0'],
      ['id4', 'valid', 'dev:1'],
    ]);
    expect(loaded.instances[0]!.references).toEqual([
      { output: { text: 'Alpha nerve' }, tags: [] },
      { output: { text: 'Beta nerve ' }, tags: ['correct'] },
      { output: { text: 'Gamma nerve' }, tags: [] },
      { output: { text: 'Delta nerve' }, tags: [] },
    ]);
    expect(loaded.instances[1]!.references[3]!.tags).toEqual(['correct']);
    expect(loaded.data.files).toHaveLength(2);
    expect(ctx.warnings).toEqual([]);
    expect(renderMcqPrompt(medhelmMedMcqa.prompt, loaded.instances[1]!)).toBe(
      `${medhelmMedMcqa.prompt.instructions}\n\nQuestion: Drug of choice for fictional fever:\nA. Pretendol\nB. Imaginex\nC. Fakeamine\nD. Nullcillin\n${medhelmMedMcqa.prompt.output_noun}:`,
    );
  });

  it("without train.json the ids assume the release's 182,822 train rows; the hub copy's 0-based cop is converted", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, MEDMCQA_HUB_FILE), `${hubRow(0)}\n${hubRow(3)}\n`);
    const { ctx, loaded } = await load(dir);
    expect(loaded.instances.map((x) => x.id)).toEqual(['id182822', 'id182823']);
    expect(loaded.instances.map((x) => x.references.findIndex((r) => r.tags.includes('correct')))).toEqual([0, 3]);
    expect(ctx.logs.some((l) => l.includes('0-based cop is converted'))).toBe(true);
  });

  it('reads data.zip itself (entries by base name), recording each entry', async () => {
    const zip = join(await tempDir(), 'data.zip');
    const entry = async (name: string) => new Uint8Array(await readFile(join(FIXTURE, name)));
    await writeFile(
      zip,
      zipSync({
        'data/train.json': await entry('train.json'),
        'data/dev.json': await entry('dev.json'),
        'data/test.json': new Uint8Array([0]),
      }),
    );
    const { loaded } = await load(zip);
    expect(loaded.instances).toEqual((await load(FIXTURE)).loaded.instances);
    expect(loaded.data.files.map((f) => f.path)).toEqual([`${zip}!/data/dev.json`, `${zip}!/data/train.json`]);
  });

  it('needs data_path with a dev file, and a cop within range', async () => {
    await expect(load(null)).rejects.toMatchObject({
      code: 'EF_MISSING_DATA_PATH',
      hint: expect.stringContaining('drive.google.com'),
    });
    const dir = await tempDir();
    await expect(load(dir)).rejects.toMatchObject({ code: 'EF_DATA_NOT_FOUND' });
    await writeFile(join(dir, MEDMCQA_DEV_FILE), `${hubRow(0)}\n`);
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('cop is 0, expected an integer 1–4'),
    });
  });
});
