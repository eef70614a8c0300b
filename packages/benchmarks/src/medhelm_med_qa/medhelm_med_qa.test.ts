import { describe, expect, it } from '@jest/globals';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, renderMcqPrompt, tempDir } from '../shared/test-support.js';
import { medhelmMedQa } from './definition.js';
import { MEDQA_FILES, MEDQA_SUBFOLDER, medQaOptionText } from './load.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

async function load(dataPath: string | null) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await medhelmMedQa.load(ctx) };
}

/** A folder shaped like the unzipped release, holding only the given split files of the fixture. */
async function releaseFolder(files: readonly string[]): Promise<string> {
  const root = await tempDir();
  await mkdir(join(root, MEDQA_SUBFOLDER), { recursive: true });
  for (const name of files) await copyFile(join(FIXTURE, name), join(root, MEDQA_SUBFOLDER, name));
  return root;
}

describe('medhelm_med_qa definition', () => {
  it('is a zero-shot one-letter MCQ with an output noun that is itself an instruction ending in a period', () => {
    expect(medhelmMedQa.prompt).toMatchObject({
      method: 'multiple_choice_joint',
      input_noun: 'Question',
      max_tokens: 1,
      temperature: 0,
      stop_sequences: [],
      max_train_instances: 0,
    });
    expect(medhelmMedQa.prompt.output_noun).toMatch(/\.$/);
    expect(medhelmMedQa.main_metric).toBe('exact_match');
  });
});

describe('medhelm_med_qa load (invented fixture)', () => {
  it('numbers train, valid and test together as HELM does; only valid and test are eval splits', async () => {
    const { ctx, loaded } = await load(FIXTURE);
    expect(loaded.instances.map((x) => [x.id, x.split, x.source_id])).toEqual([
      ['id0', 'train', 'train:0'],
      ['id1', 'train', 'train:1'],
      ['id2', 'valid', 'valid:0'],
      ['id3', 'valid', 'valid:1'],
      ['id4', 'test', 'test:0'],
      ['id5', 'test', 'test:1'],
      ['id6', 'test', 'test:2'],
    ]);
    expect(loaded.data.num_rows).toBe(7);
    expect(loaded.data.files.map((f) => f.path)).toEqual(
      [MEDQA_FILES.train, MEDQA_FILES.valid, MEDQA_FILES.test].map((n) => join(FIXTURE, n)),
    );
    // The fixture is not the pinned test file: one drift warning, nothing else.
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });

  it("strips trailing quotes then whitespace from options, marks answer_idx correct, renders HELM's layout", async () => {
    const { loaded } = await load(FIXTURE);
    const first = loaded.instances.find((x) => x.id === 'id4')!;
    expect(first.references).toEqual([
      { output: { text: 'Alphazol' }, tags: [] },
      { output: { text: 'Betazol' }, tags: ['correct'] },
      { output: { text: 'Gammazol' }, tags: [] },
      { output: { text: 'Deltazol' }, tags: [] },
    ]);
    const spec = medhelmMedQa.prompt;
    expect(renderMcqPrompt(spec, first)).toBe(
      `${spec.instructions}\n\nQuestion: A 30-year-old invented patient has a fictional rash. Which invented drug is best?\nA. Alphazol\nB. Betazol\nC. Gammazol\nD. Deltazol\n${spec.output_noun}:`,
    );
    expect(medQaOptionText('Yes "quoted"')).toBe('Yes "quoted');
    expect(medQaOptionText('x" \t"\u00a0')).toBe('x" \t"'); // rstrip('"') first, so the quote before U+00A0 stays
  });

  it("reads the release layout; without the dev file it keeps HELM's test ids and warns that the run is not comparable", async () => {
    const { ctx, loaded } = await load(await releaseFolder([MEDQA_FILES.test]));
    expect(loaded.instances.map((x) => x.id)).toEqual(['id11450', 'id11451', 'id11452']);
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT', 'EF_DATA_PARTIAL']);
    expect(ctx.logs.some((l) => l.includes('ids assume its 10178 release rows'))).toBe(true);
  });

  it('reads the release zip itself (entries under any top folder), recording each entry', async () => {
    const entry = async (split: 'train' | 'valid' | 'test') =>
      new Uint8Array(await readFile(join(FIXTURE, MEDQA_FILES[split])));
    const zip = join(await tempDir(), 'data_clean.zip');
    await writeFile(
      zip,
      zipSync({
        [`MedQA/${MEDQA_SUBFOLDER}/${MEDQA_FILES.valid}`]: await entry('valid'),
        [`MedQA/${MEDQA_SUBFOLDER}/${MEDQA_FILES.test}`]: await entry('test'),
        [`MedQA/${MEDQA_SUBFOLDER}/${MEDQA_FILES.train}`]: await entry('train'),
        'MedQA/data_clean/questions/Mainland/4_options/phrases_no_exclude_test.jsonl': new Uint8Array([1, 2, 3]),
      }),
    );
    const { ctx, loaded } = await load(zip);
    const folder = await load(FIXTURE);
    expect(loaded.instances).toEqual(folder.loaded.instances);
    expect(loaded.data.files.map((f) => f.path)).toEqual(
      [MEDQA_FILES.train, MEDQA_FILES.valid, MEDQA_FILES.test].map((n) => `${zip}!/MedQA/${MEDQA_SUBFOLDER}/${n}`),
    );
    expect(loaded.data.files.map((f) => f.sha256)).toEqual(folder.loaded.data.files.map((f) => f.sha256));
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
    await writeFile(zip, 'not a zip');
    await expect(load(zip)).rejects.toMatchObject({ code: 'EF_DATA_FORMAT', message: expect.stringContaining('.zip') });
  });

  it('needs data_path (naming the Google Drive zip) and the test file', async () => {
    await expect(load(null)).rejects.toMatchObject({
      code: 'EF_MISSING_DATA_PATH',
      hint: expect.stringContaining('drive.google.com'),
    });
    await expect(load(await releaseFolder([MEDQA_FILES.valid]))).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining(MEDQA_FILES.test),
    });
    await expect(load(join(FIXTURE, 'missing'))).rejects.toMatchObject({ code: 'EF_DATA_NOT_FOUND' });
  });

  it.each([
    ['not an object', '[1]'],
    ['3 options', '{"question":"q","options":{"A":"a","B":"b","C":"c"},"answer_idx":"A"}'],
    ['an unknown answer', '{"question":"q","options":{"A":"a","B":"b","C":"c","D":"d"},"answer_idx":"E"}'],
    ['a non-string option', '{"question":"q","options":{"A":"a","B":"b","C":"c","D":4},"answer_idx":"A"}'],
  ])('rejects a row with %s as EF_DATA_FORMAT naming the line', async (_what, line) => {
    const dir = await tempDir();
    await writeFile(join(dir, MEDQA_FILES.test), `${line}\n`);
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('line 1'),
    });
  });
});
