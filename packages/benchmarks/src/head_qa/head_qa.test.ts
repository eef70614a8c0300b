import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  recordingContext,
  renderMcqPrompt,
  tempDir,
  fixtureNotes,
  copyOutOfPackage,
} from '../../test-support/shared/test-support.js';
import { headQa } from './definition.js';
import { headQaRowsDigest, parseHeadQaRows } from './rows.js';

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixture');
const JSONL = join(FIXTURE_DIR, 'test_en.hf_like.jsonl');
const RELEASE = join(FIXTURE_DIR, 'test_HEAD_EN.json');

async function loadWith(dataPath: string, args: Record<string, string | null> = {}) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath, args });
  return { ctx, loaded: await headQa.load(ctx) };
}

describe('head_qa definition', () => {
  it('declares language then category (run name order), MCQ joint, one token, no stop', () => {
    expect(headQa.args.map((a) => [a.name, a.default])).toEqual([
      ['language', 'en'],
      ['category', null],
    ]);
    expect(headQa.args[1].values).toEqual([
      'biology',
      'chemistry',
      'medicine',
      'nursery',
      'pharmacology',
      'psychology',
    ]);
    expect(headQa.prompt).toMatchObject({
      method: 'multiple_choice_joint',
      max_tokens: 1,
      temperature: 0,
      stop_sequences: [],
      input_noun: 'Question',
      output_noun: 'Answer',
    });
    expect(headQa.prompt.instructions.split('\n\n')).toHaveLength(2);
    expect(headQa.main_metric).toBe('exact_match');
  });
});

describe('head_qa load', () => {
  it('skips the row with an image and numbers the rest id0… in row order', async () => {
    const { loaded } = await loadWith(JSONL);
    expect(loaded.data.num_rows).toBe(6);
    expect(loaded.instances.map((x) => x.id)).toEqual(['id0', 'id1', 'id2', 'id3', 'id4']);
    expect(loaded.instances.map((x) => x.extra_data)).toEqual([
      { id: 1, name: 'Cuaderno_2030_1_B', category: 'biology', year: '2030' },
      { id: 2, name: 'Cuaderno_2030_1_B', category: 'biology', year: '2030' },
      { id: 3, name: 'Cuaderno_2030_1_B', category: 'biology', year: '2030' },
      { id: 2, name: 'Cuaderno_2030_1_M', category: 'medicine', year: '2030' },
      { id: 3, name: 'Cuaderno_2030_1_M', category: 'medicine', year: '2030' },
    ]);
  });

  it('uses qtext as input and the answers in list order, correct where aid == ra', async () => {
    const { loaded } = await loadWith(JSONL);
    const first = loaded.instances[0];
    expect(first.input.text).toBe('Which structure of the imaginary cell stores starlight?');
    expect(first.references).toEqual([
      { output: { text: 'Nucleus' }, tags: [] },
      { output: { text: 'Ribosome' }, tags: [] },
      { output: { text: 'Lumosome' }, tags: ['correct'] },
      { output: { text: 'Vacuole' }, tags: [] },
    ]);
    const letters = loaded.instances.map((x) => 'ABCD'[x.references.findIndex((r) => r.tags.includes('correct'))]);
    expect(letters).toEqual(['C', 'A', 'D', 'B', 'A']);
  });

  it('gives the same instances and row digest from the original release JSON (string qid/ra, unstripped text)', async () => {
    const fromJsonl = await loadWith(JSONL);
    const fromRelease = await loadWith(RELEASE);
    expect(fromRelease.loaded.instances).toEqual(fromJsonl.loaded.instances);
    const digest = (file: string) => headQaRowsDigest(parseHeadQaRows(readFileSync(file, 'utf8'), file));
    expect(digest(RELEASE)).toBe(digest(JSONL));
  });

  it('finds the JSONL, or else the release JSON, inside a data_path folder', async () => {
    const { loaded } = await loadWith(FIXTURE_DIR);
    expect(loaded.data.files[0].path).toBe(JSONL);
    const dir = await tempDir();
    await writeFile(join(dir, 'test_HEAD_EN.json'), readFileSync(RELEASE));
    expect((await loadWith(dir)).loaded.instances).toHaveLength(5);
  });

  it.each([
    ['biology', 3],
    ['medicine', 2],
    ['psychology', 0],
  ])('keeps only category %s (%i rows), renumbering ids', async (category, count) => {
    const { loaded } = await loadWith(JSONL, { category });
    expect(loaded.instances).toHaveLength(count);
    expect(loaded.instances.every((x) => x.extra_data?.category === category)).toBe(true);
    if (count > 0) expect(loaded.instances[0].id).toBe('id0');
  });

  it('warns EF_DATA_DRIFT when a data_path copy does not match the pinned rows', async () => {
    const { ctx } = await loadWith(await copyOutOfPackage(JSONL));
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
    expect(ctx.warnings[0].message).toContain('expected 2742 rows');
  });

  it('notes the shipped fixture in the log instead of warning EF_DATA_DRIFT', async () => {
    const { ctx } = await loadWith(JSONL);
    expect(fixtureNotes(ctx)).toEqual({ notes: 1, drift: 0 });
  });

  it('rejects an unknown language as EF_BENCHMARK_ARG', async () => {
    await expect(loadWith(JSONL, { language: 'fr' })).rejects.toMatchObject({ code: 'EF_BENCHMARK_ARG' });
  });

  it('renders Question / options A–D / Answer after the two instruction paragraphs', async () => {
    const { loaded } = await loadWith(JSONL);
    expect(renderMcqPrompt(headQa.prompt, loaded.instances[1])).toBe(
      `${headQa.prompt.instructions}\n\nQuestion: The fictional enzyme glimmerase acts on:\n` +
        'A. Moonsugar\nB. Proteins\nC. Lipids\nD. Nucleic acids\nAnswer:',
    );
  });

  it.each([
    ['invalid JSON on a line', `${readFileSync(JSONL, 'utf8').split('\n')[0]}\nnot json\n`, 'line 2: invalid JSON'],
    [
      'a string aid that is not a number',
      `${JSON.stringify({ name: 'n', year: '2030', category: 'biology', qid: 1, qtext: 'q', ra: 1, image: null, answers: [{ aid: 'one', atext: 'a' }] })}\n{}\n`,
      'line 1: answers[0].aid',
    ],
    [
      'a missing qtext',
      `${JSON.stringify({ name: 'n', year: '2030', category: 'biology', qid: 1, ra: 1, image: null, answers: [] })}\n{}\n`,
      'line 1: qtext',
    ],
    [
      'a release exam without data',
      '{"version": "1.0", "exams": {"E1": {"name": "E1", "category": "biology", "year": "2030"}}}',
      'exam E1: data',
    ],
  ])('reports %s as EF_DATA_FORMAT naming the file and place', async (_label, text, where) => {
    const file = join(await tempDir(), 'rows.jsonl');
    await writeFile(file, text);
    await expect(loadWith(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(`${file}: ${where}`),
    });
  });
});
