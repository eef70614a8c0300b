import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Instance, PromptSpec } from '@eval-factory/types';
import { recordingContext, tempDir, fixtureNotes } from '../../test-support/shared/test-support.js';
import { medec } from './definition.js';
import { buildMedecInstances, MEDEC_FILE, medecReferenceText, readMedecRows } from './load.js';
import { medecFamily } from './metric.js';

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixture');
const FIXTURE = join(FIXTURE_DIR, MEDEC_FILE);
const HEADER =
  'Text ID,Text,Sentences,Error Flag,Error Type,Error Sentence ID,Error Sentence,Corrected Sentence,Corrected Text';

async function loadFrom(dataPath: string) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await medec.load(ctx) };
}

async function csvFile(text: string, name = MEDEC_FILE): Promise<string> {
  const file = join(await tempDir(), name);
  await writeFile(file, text);
  return file;
}

/** Zero-shot generation prompt (docs/architecture.md): instructions, blank line, `<input noun>: text`, `<output noun>:`. */
function renderGenerationPrompt(spec: PromptSpec, instance: Instance): string {
  return `${spec.instructions}\n\n${spec.input_noun}: ${instance.input.text}\n${spec.output_noun}:`;
}

const gold = (x: Instance) => x.references.find((r) => r.tags.includes('correct'))?.output.text;

describe('medec definition', () => {
  it('declares a 256-token, stop-free generation prompt with the Clinical Note / Answer nouns', () => {
    expect(medec.name).toBe('medec');
    expect(medec.args).toEqual([]);
    expect(medec.prompt).toMatchObject({
      method: 'generation',
      max_tokens: 256,
      temperature: 0,
      stop_sequences: [],
      input_noun: 'Clinical Note',
      output_noun: 'Answer',
      max_train_instances: 0,
    });
    expect(medec.metrics).toEqual([medecFamily]);
    expect(medec.main_metric).toBe('medec_error_flag_accuracy');
    expect(medec.source).toEqual({
      url: 'https://raw.githubusercontent.com/abachaa/MEDEC/49c59dcba43a7af8717590a405b11a57f42b04df/MEDEC-MS/MEDEC-MS-TestSet-with-GroundTruth-and-ErrorType.csv',
      revision: '49c59dcba43a7af8717590a405b11a57f42b04df',
      license: 'CC BY 4.0',
    });
  });

  it('keeps its instructions to one paragraph that names the CORRECT answer', () => {
    expect(medec.prompt.instructions).not.toContain('\n');
    expect(medec.prompt.instructions).toContain('CORRECT');
  });
});

describe('medec load (fixture through data_path)', () => {
  it('skips rows with an empty Sentences field, numbers the rest id0…, split test, source_id = Text ID', async () => {
    const { ctx, loaded } = await loadFrom(FIXTURE);
    expect(readFileSync(FIXTURE, 'utf8')).toContain('\r\n'); // the fixture really is CRLF, like the upstream file
    expect(loaded.instances.map((x) => [x.id, x.source_id, x.split])).toEqual([
      ['id0', 'fx-test-0', 'test'],
      ['id1', 'fx-test-1', 'test'],
      ['id2', 'fx-test-2', 'test'],
      ['id3', 'fx-test-3', 'test'],
    ]);
    expect(loaded.data.num_rows).toBe(7);
    expect(loaded.data.revision).toBe('49c59dcba43a7af8717590a405b11a57f42b04df');
    expect(ctx.logs).toContain('medec: skipped 3 of 7 data rows with an empty Sentences field');
    expect(fixtureNotes(ctx)).toEqual({ notes: 1, drift: 0 }); // not the pinned upstream file
  });

  it('uses the stripped Sentences as input, LF only, lines without an id kept', async () => {
    const { loaded } = await loadFrom(FIXTURE);
    expect(loaded.instances[1].input.text).toBe(
      '0 A 7-year-old girl, otherwise well, has a "fizzing" sensation in her ears.\n1 Otoscopy is unremarkable.\n' +
        'No further findings were documented.\n2 Reassurance is offered.',
    );
    expect(JSON.stringify(loaded.instances)).not.toContain('\\r');
  });

  it('builds one correct reference: "<sid> <corrected sentence>" for an error note, else CORRECT', async () => {
    const { loaded } = await loadFrom(FIXTURE);
    expect(loaded.instances.map(gold)).toEqual([
      '3 The most likely diagnosis is pigment deposition from glimmerol.',
      'CORRECT',
      'CORRECT', // flagged, but the correction is NA
      '2 She is given 400 mg of ibuprofen every 8 h.', // " 1 " flag, " 2 " id and padded correction stripped
    ]);
    for (const instance of loaded.instances) expect(instance.references).toHaveLength(1);
  });

  it('renders instructions, a blank line, "Clinical Note: <sentences>" and "Answer:"', async () => {
    const { loaded } = await loadFrom(FIXTURE);
    expect(renderGenerationPrompt(medec.prompt, loaded.instances[2])).toBe(
      `${medec.prompt.instructions}\n\nClinical Note: 0 An invented sailor has scurvy-like gums.\n1 He is treated with vitamin K.\nAnswer:`,
    );
  });

  it("accepts a data_path folder holding the upstream file name or HELM's medec_test.csv", async () => {
    expect((await loadFrom(FIXTURE_DIR)).loaded.instances).toHaveLength(4);
    const helmDir = await tempDir();
    await copyFile(FIXTURE, join(helmDir, 'medec_test.csv'));
    expect((await loadFrom(helmDir)).loaded.instances).toHaveLength(4);
  });

  it('rejects a cached copy with the wrong checksum (EF_DATA_CHECKSUM) unless drift is allowed', async () => {
    const cacheDir = await tempDir();
    await mkdir(join(cacheDir, 'datasets', 'medec'), { recursive: true });
    await copyFile(FIXTURE, join(cacheDir, 'datasets', 'medec', MEDEC_FILE));
    await expect(medec.load(recordingContext({ cacheDir }))).rejects.toMatchObject({ code: 'EF_DATA_CHECKSUM' });
    const drifting = recordingContext({ cacheDir, allowDataDrift: true });
    expect((await medec.load(drifting)).instances).toHaveLength(4);
    expect(drifting.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });
});

describe('medecReferenceText (HELM rule)', () => {
  it.each([
    [1, '3', 'Fixed.', '3 Fixed.'],
    [1, '3', 'NA', 'CORRECT'],
    [1, '-1', 'Fixed.', 'CORRECT'],
    [0, '3', 'Fixed.', 'CORRECT'],
    [1, '', 'Fixed.', ' Fixed.'], // an empty id is not "-1": HELM keeps it
  ] as const)('flag %d, id %j, correction %j → %j', (flag, sid, corrected, expected) => {
    expect(medecReferenceText(flag, sid, corrected)).toBe(expected);
  });
});

describe('medec data errors', () => {
  const row = (flag: string) => `t-1,text,0 note,${flag},x,-1,NA,NA,NA`;

  it('treats an empty Error Flag as 0', () => {
    const { header, rows } = readMedecRows(`${HEADER}\n${row('')}\n`, 'f.csv');
    expect(buildMedecInstances(header, rows, 'f.csv').map(gold)).toEqual(['CORRECT']);
  });

  it.each([
    [
      'a missing required column',
      'Text ID,Sentences,Error Flag,Error Sentence ID\nt,s,0,-1\n',
      'missing column "Corrected Sentence"',
    ],
    [
      'a non-integer Error Flag',
      `${HEADER}\n${row('yes')}\n`,
      'data row 1 (Text ID t-1): Error Flag is "yes", expected 0 or 1',
    ],
    ['an Error Flag other than 0 or 1', `${HEADER}\n${row('2')}\n`, 'data row 1 (Text ID t-1): Error Flag is "2"'],
    [
      'a used row with too few fields',
      `${HEADER}\nt-1,text,0 note,1,x,3\n`,
      'data row 1 (Text ID t-1) has 6 fields, the header has 9',
    ],
    ['an unterminated quote', `${HEADER}\n"t-1,text,0 note,0,x,-1,NA,NA,NA\n`, 'invalid CSV'],
  ])('reports %s as EF_DATA_FORMAT naming the file', async (_label, text, detail) => {
    const file = await csvFile(text);
    await expect(loadFrom(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(`${file}: ${detail}`),
    });
  });

  it('skips a short row whose Sentences cell is absent, like DictReader', () => {
    const { header, rows } = readMedecRows(`${HEADER}\nt-0,text\n${row('0')}\n`, 'f.csv');
    expect(buildMedecInstances(header, rows, 'f.csv').map((x) => [x.id, x.source_id])).toEqual([['id0', 't-1']]);
  });

  it('reports invalid UTF-8 as EF_DATA_FORMAT and a missing data_path as EF_DATA_NOT_FOUND', async () => {
    const bad = await csvFile('');
    await writeFile(bad, Buffer.from([0x54, 0xe9, 0x0a]));
    await expect(loadFrom(bad)).rejects.toMatchObject({ code: 'EF_DATA_FORMAT' });
    const missing = join(await tempDir(), 'nope.csv');
    await expect(loadFrom(missing)).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining(missing),
    });
    await expect(loadFrom(await tempDir())).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining(MEDEC_FILE),
    });
  });
});
