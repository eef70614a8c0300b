import { describe, expect, it } from '@jest/globals';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exactMatchFamily } from '@eval-factory/metrics';
import type { Instance, PromptSpec } from '@eval-factory/types';
import { recordingContext, tempDir, fixtureNotes, copyOutOfPackage } from '../../test-support/shared/test-support.js';
import { medcalcBench } from './definition.js';
import { MEDCALC_FILE, medcalcInputText } from './load.js';
import { medcalcBenchFamily } from './metric.js';

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixture');
const FIXTURE = join(FIXTURE_DIR, MEDCALC_FILE);
const HEADER =
  'Row Number,Calculator ID,Calculator Name,Category,Output Type,Note ID,Note Type,Patient Note,Question,' +
  'Relevant Entities,Ground Truth Answer,Lower Limit,Upper Limit,Ground Truth Explanation';

async function loadFixture(dataPath = FIXTURE) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await medcalcBench.load(ctx) };
}

async function csvFile(content: string | Buffer, name = MEDCALC_FILE): Promise<string> {
  const file = join(await tempDir(), name);
  await writeFile(file, content);
  return file;
}

/** Zero-shot generation prompt (docs/architecture.md): instructions, blank line, input, rstripped output prefix. */
function renderGenerationPrompt(spec: PromptSpec, x: Instance): string {
  const inputPrefix = spec.input_noun === null ? '' : `${spec.input_noun}: `;
  const outputPrefix = spec.output_noun === null ? '' : `${spec.output_noun}: `;
  return `${spec.instructions}\n\n${inputPrefix}${x.input.text}\n${outputPrefix.trimEnd()}`;
}

describe('medcalc_bench definition', () => {
  it('declares a 10-token, stop-free generation prompt without an input noun', () => {
    expect(medcalcBench.name).toBe('medcalc_bench');
    expect(medcalcBench.args).toEqual([]);
    expect(medcalcBench.prompt).toMatchObject({
      method: 'generation',
      max_tokens: 10,
      temperature: 0,
      stop_sequences: [],
      input_noun: null,
      max_train_instances: 0,
    });
    expect(medcalcBench.prompt.output_noun).toMatch(/units/);
    expect(medcalcBench.metrics).toEqual([medcalcBenchFamily, exactMatchFamily]);
    expect(medcalcBench.main_metric).toBe('medcalc_bench_accuracy');
    expect(medcalcBench.source).toEqual(
      expect.objectContaining({ revision: 'fdb7eb8112bc76d1c7a120b0b8b62ed547cb4458', license: 'CC BY-SA 4.0' }),
    );
  });

  it('breaks results down by category', async () => {
    const { loaded } = await loadFixture();
    expect(medcalcBench.breakdown?.name).toBe('category');
    expect(loaded.instances.map((x) => medcalcBench.breakdown?.key(x))).toEqual([
      'lab',
      'risk',
      'physical',
      'severity',
      'diagnosis',
      'date',
      'date',
      'dosage',
    ]);
    expect(medcalcBench.breakdown?.key({ ...loaded.instances[0], extra_data: undefined })).toBeNull();
  });
});

describe('medcalc_bench load (fixture through data_path)', () => {
  it('uses Row Number as the id, split test, one correct reference, string extra_data', async () => {
    const { loaded } = await loadFixture();
    expect(loaded.instances.map((x) => x.id)).toEqual(['4', '9', '15', '21', '26', '30', '33', '40']);
    expect(loaded.instances.map((x) => x.source_id)).toEqual(['4', '9', '15', '21', '26', '30', '33', '40']);
    expect(new Set(loaded.instances.map((x) => x.split))).toEqual(new Set(['test']));
    expect(loaded.instances[6]).toMatchObject({
      references: [{ output: { text: "('10 weeks', '2 days')" }, tags: ['correct'] }],
      extra_data: { category: 'date', upper_limit: "('10 weeks', '2 days')", lower_limit: "('10 weeks', '2 days')" },
    });
    expect(loaded.instances[0].extra_data).toEqual({ category: 'lab', upper_limit: '16.8', lower_limit: '15.2' });
    expect(loaded.data).toMatchObject({ revision: 'fdb7eb8112bc76d1c7a120b0b8b62ed547cb4458', num_rows: 8 });
    expect(loaded.data.files[0].path).toBe(FIXTURE);
  });

  it('builds "Patient note: …\\n\\nQuestion: …\\n" keeping line breaks and quotes inside the note', async () => {
    const { loaded } = await loadFixture();
    expect(loaded.instances[2].input.text).toBe(
      'Patient note: Vitals on arrival:\nblood pressure 120/90 mm Hg, heart rate 72.\nShe said "I feel fine" and asked to go home.\n\n' +
        "Question: What is the patient's mean arterial pressure in mm Hg?\n",
    );
    expect(medcalcInputText('n', 'q')).toBe('Patient note: n\n\nQuestion: q\n');
  });

  it('renders the spec layout: instructions, note, question, then the output-noun sentence and ":"', async () => {
    const { loaded } = await loadFixture();
    const { instructions, output_noun } = medcalcBench.prompt;
    expect(renderGenerationPrompt(medcalcBench.prompt, loaded.instances[3])).toBe(
      `${instructions}\n\nPatient note: A fictional cyclist opens her eyes to pain, makes incomprehensible sounds and withdraws from pain.\n\n` +
        `Question: What is the patient's Glasgow Coma Score?\n\n${output_noun}:`,
    );
  });

  it('gives an oracle HELM 6/8 (lab and dosage rows score 0) and corrected 8/8', async () => {
    const { loaded } = await loadFixture();
    const request = {
      instance_id: '',
      train_trial_index: 0,
      prompt: '',
      temperature: 0,
      max_tokens: 10,
      stop: [],
      top_p: null,
      num_completions: 1,
      top_k_per_token: 1,
    };
    const values = loaded.instances.map((instance) =>
      medcalcBenchFamily.compute({ instance, request, completions: [instance.references[0].output.text] }),
    );
    expect(values.map((v) => v.medcalc_bench_accuracy)).toEqual([0, 1, 1, 1, 1, 1, 1, 0]);
    expect(values.map((v) => v.medcalc_bench_accuracy_corrected)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it("warns EF_DATA_DRIFT for a user's data_path copy whose hash differs from the pin", async () => {
    const { ctx } = await loadFixture(await copyOutOfPackage(FIXTURE));
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });

  it('notes the shipped fixture in the log instead of warning EF_DATA_DRIFT', async () => {
    const { ctx } = await loadFixture();
    expect(fixtureNotes(ctx)).toEqual({ notes: 1, drift: 0 });
  });

  it('accepts a data_path folder holding test_data_v1.0.csv or the upstream name test_data.csv', async () => {
    expect((await loadFixture(FIXTURE_DIR)).loaded.instances).toHaveLength(8);
    const folder = await tempDir();
    await copyFile(FIXTURE, join(folder, 'test_data.csv'));
    expect((await loadFixture(folder)).loaded.instances).toHaveLength(8);
  });

  it('turns CRLF (also inside quoted fields) into LF like Python text mode', async () => {
    const file = await csvFile(`${HEADER}\r\n1,2,C,risk,integer,n,Synthetic,"line one\r\nline two",Q?,{},4,4,4,e\r\n`);
    const { loaded } = await loadFixture(file);
    expect(loaded.instances[0].input.text).toBe('Patient note: line one\nline two\n\nQuestion: Q?\n');
  });

  it('rejects a cached copy with the wrong checksum (EF_DATA_CHECKSUM) unless drift is allowed', async () => {
    const cacheDir = await tempDir();
    await mkdir(join(cacheDir, 'datasets', 'medcalc_bench'), { recursive: true });
    await copyFile(FIXTURE, join(cacheDir, 'datasets', 'medcalc_bench', MEDCALC_FILE));
    await expect(medcalcBench.load(recordingContext({ cacheDir }))).rejects.toMatchObject({ code: 'EF_DATA_CHECKSUM' });
    const drifting = recordingContext({ cacheDir, allowDataDrift: true });
    expect((await medcalcBench.load(drifting)).instances).toHaveLength(8);
    expect(drifting.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });
});

describe('medcalc_bench data errors', () => {
  it('reports a missing data_path as EF_DATA_NOT_FOUND', async () => {
    const missing = join(await tempDir(), 'nowhere.csv');
    await expect(loadFixture(missing)).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining(missing),
    });
  });

  it('reports a folder without the CSV as EF_DATA_NOT_FOUND naming the expected file', async () => {
    const folder = await tempDir();
    await expect(loadFixture(folder)).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining(MEDCALC_FILE),
    });
  });

  it.each([
    [
      'a missing column',
      'Row Number,Patient Note,Question,Ground Truth Answer,Category,Lower Limit\n1,n,q,4,risk,4\n',
      'missing column "Upper Limit"',
    ],
    ['a short row', `${HEADER}\n1,2,C,risk\n`, 'data row 1 has 4 fields, the header has 14'],
    [
      'a non-integer Row Number',
      `${HEADER}\nx1,2,C,risk,integer,n,S,note,q,{},4,4,4,e\n`,
      'data row 1: Row Number is "x1", not an integer',
    ],
    [
      'a repeated Row Number',
      `${HEADER}\n7,2,C,risk,integer,n,S,note,q,{},4,4,4,e\n7,2,C,risk,integer,n,S,note,q,{},4,4,4,e\n`,
      'data row 2: Row Number 7 appears twice',
    ],
    ['an unclosed quote', `${HEADER}\n1,2,C,risk,integer,n,S,"note,q,{},4,4,4,e\n`, 'invalid CSV'],
  ])('rejects %s with EF_DATA_FORMAT naming the file and the row or field', async (_label, content, detail) => {
    const file = await csvFile(content);
    await expect(loadFixture(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(`${file}: ${detail}`),
    });
  });

  it('rejects a file that is not UTF-8', async () => {
    const file = await csvFile(Buffer.from([0x52, 0x6f, 0xff, 0xfe, 0x0a]));
    await expect(loadFixture(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('not valid UTF-8'),
    });
  });
});
