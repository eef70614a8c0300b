import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, renderMcqPrompt, tempDir, fixtureNotes } from '../../test-support/shared/test-support.js';
import { medbullets } from './definition.js';
import { buildMedbulletsInstances, readMedbulletsRows } from './load.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture', 'medbullets_op5.csv');

async function loadFrom(dataPath: string) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await medbullets.load(ctx) };
}

async function csvFile(text: string): Promise<string> {
  const file = join(await tempDir(), 'medbullets_op5.csv');
  await writeFile(file, text);
  return file;
}

const correctLetter = (refs: readonly { tags: readonly string[] }[]) =>
  'ABCDE'[refs.findIndex((r) => r.tags.includes('correct'))];

describe('medbullets definition', () => {
  it('declares MCQ joint with the Clinical Scenario / Answer nouns, one token, no stop', () => {
    expect(medbullets.prompt).toMatchObject({
      method: 'multiple_choice_joint',
      max_tokens: 1,
      temperature: 0,
      stop_sequences: [],
      input_noun: 'Clinical Scenario',
      output_noun: 'Answer',
    });
    expect(medbullets.main_metric).toBe('exact_match');
    expect(medbullets.args).toEqual([]);
  });
});

describe('medbullets load (fixture)', () => {
  it('reads the CRLF file into 4 instances, ids id0…, correct letter from answer_idx', async () => {
    const { loaded, ctx } = await loadFrom(FIXTURE);
    expect(readFileSync(FIXTURE, 'utf8')).toContain('\r\n'); // the fixture really is CRLF
    expect(loaded.instances.map((x) => x.id)).toEqual(['id0', 'id1', 'id2', 'id3']);
    expect(loaded.instances.map((x) => correctLetter(x.references))).toEqual(['A', 'C', 'D', 'E']);
    expect(loaded.data.num_rows).toBe(4);
    expect(fixtureNotes(ctx)).toEqual({ notes: 1, drift: 0 }); // not the pinned upstream file
  });

  it('keeps the question as is: inner LF line breaks and the trailing space, no CR anywhere', async () => {
    const { loaded } = await loadFrom(FIXTURE);
    expect(loaded.instances[1].input.text).toBe(
      'A 60-year-old man presents with an imaginary rash.\nVital signs are normal.\nWhich of the following is the best next step? ',
    );
    expect(JSON.stringify(loaded.instances)).not.toContain('\\r');
  });

  it('uses opa…ope as A…E (quoted commas and quotes decoded, an empty cell stays "")', async () => {
    const { loaded } = await loadFrom(FIXTURE);
    expect(loaded.instances[1].references.map((r) => r.output.text)).toEqual([
      'Biopsy',
      'Reassurance',
      'Topical cream, twice daily',
      'Oral "wonder" pills',
      'Referral',
    ]);
    expect(loaded.instances[2].references[4].output.text).toBe('');
  });

  it('renders Clinical Scenario / options A–E / Answer', async () => {
    const { loaded } = await loadFrom(FIXTURE);
    expect(renderMcqPrompt(medbullets.prompt, loaded.instances[3])).toBe(
      `${medbullets.prompt.instructions}\n\nClinical Scenario: Which invented vitamin deficiency causes blue toenails?\n` +
        'A. Vitamin Q\nB. Vitamin Z\nC. Vitamin X\nD. Vitamin Y\nE. Vitamin W\nAnswer:',
    );
  });

  it('gives "Not applicable" for a missing option column', async () => {
    const file = await csvFile('question,opa,opb,opc,answer_idx\r\nQ1?,a,b,c,B\r\n');
    const { loaded } = await loadFrom(file);
    expect(loaded.instances[0].references.map((r) => r.output.text)).toEqual([
      'a',
      'b',
      'c',
      'Not applicable',
      'Not applicable',
    ]);
    expect(correctLetter(loaded.instances[0].references)).toBe('B');
  });

  it('skips rows with an empty question, answer_idx or opa, with a log line, and numbers the rest', () => {
    const rows = readMedbulletsRows('question,opa,answer_idx\nQ1,a,A\n,a,A\nQ3,,A\nQ4,a,\nQ5,a,A\n', 'f.csv');
    const logs: string[] = [];
    const instances = buildMedbulletsInstances(rows, (m) => logs.push(m));
    expect(instances.map((x) => [x.id, x.input.text])).toEqual([
      ['id0', 'Q1'],
      ['id1', 'Q5'],
    ]);
    expect(logs).toHaveLength(3);
    expect(logs[0]).toContain('data row 2');
  });

  it('converts a lone CR record separator like Python text mode', async () => {
    const file = await csvFile('question,opa,opb,opc,opd,ope,answer_idx\rQ?,a,b,c,d,e,A\r');
    expect((await loadFrom(file)).loaded.instances[0].references[4].output.text).toBe('e');
  });

  it.each([
    ['a missing required column', 'question,opb,answer_idx\nQ,b,A\n', 'missing column "opa"'],
    ['a row with the wrong field count', 'question,opa,answer_idx\nQ,a,A\nQ2,a\n', 'data row 2 has 2 fields'],
    ['an unterminated quote', 'question,opa,answer_idx\n"Q,a,A\n', 'invalid CSV'],
  ])('reports %s as EF_DATA_FORMAT naming the file', async (_label, text, detail) => {
    const file = await csvFile(text);
    await expect(loadFrom(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(`${file}: ${detail}`),
    });
  });
});
