import { describe, expect, it } from '@jest/globals';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, tempDir, fixtureNotes, copyOutOfPackage } from '../../test-support/shared/test-support.js';
import { medhallu } from './definition.js';
import { correctedInputText, helmInputText } from './load.js';
import { medhalluMetricFamily } from './metric.js';

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixture');
const FIXTURE = join(FIXTURE_DIR, 'medhallu_pqa_labeled.jsonl');

async function loadFixture(dataPath = FIXTURE) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await medhallu.load(ctx) };
}

const gold = (x: { references: readonly { output: { text: string } }[] }) => x.references[0].output.text;

describe('medhallu definition', () => {
  it('declares a 5-token, stop-free generation prompt without input noun, exact_match main, paired corrected set', () => {
    expect(medhallu.name).toBe('medhallu');
    expect(medhallu.args).toEqual([]);
    expect(medhallu.prompt).toMatchObject({
      method: 'generation',
      max_tokens: 5,
      temperature: 0,
      stop_sequences: [],
      input_noun: null,
      max_train_instances: 0,
    });
    expect(medhallu.metrics).toEqual([medhalluMetricFamily]);
    expect(medhallu.main_metric).toBe('exact_match');
    expect(medhallu.corrected_selection).toBe('paired');
    expect(medhallu.source.revision).toBe('515060458a945c633debc6fd5baac7764416b724');
  });

  it('has a multi-line output noun whose last line is "Your Judgment", after a blank line', () => {
    const lines = (medhallu.prompt.output_noun ?? '').split('\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(-2)).toEqual(['', 'Your Judgment']);
    expect(medhallu.prompt.instructions).toMatch(/0.*factual.*1.*hallucinated/s);
  });
});

describe('medhallu load (fixture through data_path)', () => {
  it('builds ground truth (0) then hallucinated (1) per row, ids id0…, then the corrected set c-id0…', async () => {
    const { loaded } = await loadFixture();
    expect(loaded.data.num_rows).toBe(4);
    expect(loaded.instances.map((x) => x.id)).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `id${i}`),
      ...Array.from({ length: 8 }, (_, i) => `c-id${i}`),
    ]);
    expect(loaded.instances.map(gold).join('')).toBe('0101010101010101');
    expect(loaded.instances.map((x) => x.variant ?? 'helm')).toEqual([
      ...Array(8).fill('helm'),
      ...Array(8).fill('corrected'),
    ]);
    expect(new Set(loaded.instances.map((x) => x.split))).toEqual(new Set(['test']));
    expect(loaded.instances[3].extra_data).toEqual({ row: 1, answer: 'hallucinated' });
    for (const x of loaded.instances) expect(x.references).toEqual([{ output: { text: gold(x) }, tags: ['correct'] }]);
  });

  // Expected texts printed by CPython from HELM's f-string (`f"World Knowledge: {knowledge}…"`).
  it.each([
    [
      0,
      "World Knowledge: ['Humming is a low-effort vocal activity that some folk remedies link to digestion.', 'In a made-up trial, 40 volunteers hummed for 5\\xa0minutes before lunch; glucose fell by 0.4\\u2009mmol/L.', \"The authors' own conclusion was that the effect was small.\"]\n\nQuestion: Does humming before meals lower post-prandial glucose in invented volunteers?\n\nAnswer: Yes, humming before meals was followed by a small drop in post-prandial glucose.\n",
    ],
    [
      2,
      "World Knowledge: ['Nurses rated \"quiet hours\" with the invented Glimmer score; the scale\\'s range is 0\u20135.', 'Paths were stored as C:\\\\wards\\\\east in the fictional registry, at 20\\u202f% completeness.']\n\nQuestion: Is the fictional Glimmer score associated with ward noise?\n\nAnswer: Yes, louder wards had lower Glimmer scores.\n",
    ],
    [
      4,
      "World Knowledge: ['Intake was measured per shift.\\nPaper and plastic straws were alternated weekly.', 'Median intake: 1.2\\u200aL vs 1.1\\u2005L; p\\u2003=\\u20030.4.']\n\nQuestion: Do paper straws change fluid intake on an imaginary ward?\n\nAnswer: No, intake was similar with both straw types.\n",
    ],
  ])('renders HELM instance %i with the Python list literal of the knowledge', async (index, expected) => {
    const { loaded } = await loadFixture();
    expect(loaded.instances[index].input.text).toBe(expected);
  });

  it('renders the corrected instance with plain knowledge lines and the raw Unicode spaces', async () => {
    const { loaded } = await loadFixture();
    expect(loaded.instances[13].id).toBe('c-id5');
    expect(loaded.instances[13].input.text).toBe(
      'World Knowledge:\nIntake was measured per shift.\nPaper and plastic straws were alternated weekly.\n' +
        'Median intake: 1.2\u200aL vs 1.1\u2005L; p\u2003=\u20030.4.\n\nQuestion: Do paper straws change fluid intake on an imaginary ward?\n\n' +
        'Answer: Yes, straws matter.\n',
    );
  });

  it('pairs c-id<i> with id<i>: same row, answer and gold, same text after the knowledge', async () => {
    const { loaded } = await loadFixture();
    const tail = (text: string) => text.slice(text.indexOf('\n\nQuestion: '));
    for (let i = 0; i < 8; i++) {
      const [helm, corrected] = [loaded.instances[i], loaded.instances[i + 8]];
      expect(corrected.id).toBe(`c-${helm.id}`);
      expect(corrected.extra_data).toEqual(helm.extra_data);
      expect(gold(corrected)).toBe(gold(helm));
      expect(tail(corrected.input.text)).toBe(tail(helm.input.text));
    }
  });

  it('builds the texts for an empty knowledge list like Python (`[]` / nothing)', () => {
    expect(helmInputText([], 'Q?', 'A.')).toBe('World Knowledge: []\n\nQuestion: Q?\n\nAnswer: A.\n');
    expect(correctedInputText([], 'Q?', 'A.')).toBe('World Knowledge:\n\n\nQuestion: Q?\n\nAnswer: A.\n');
  });

  it("warns EF_DATA_DRIFT for a user's data_path copy that does not match the pinned rows, naming both counts", async () => {
    const { ctx } = await loadFixture(await copyOutOfPackage(FIXTURE));
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
    expect(ctx.warnings[0].message).toContain('expected 1000 rows');
    expect(ctx.warnings[0].message).toContain('got 4 rows');
  });

  it('notes the shipped fixture in the log instead of warning EF_DATA_DRIFT', async () => {
    const { ctx } = await loadFixture();
    expect(fixtureNotes(ctx)).toEqual({ notes: 1, drift: 0 });
  });

  it('accepts a data_path folder holding medhallu_pqa_labeled.jsonl', async () => {
    const { loaded } = await loadFixture(FIXTURE_DIR);
    expect(loaded.data.files[0].path).toBe(FIXTURE);
    expect(loaded.instances).toHaveLength(16);
  });

  it('rejects a cached copy whose rows differ from the pin (EF_DATA_CHECKSUM) unless drift is allowed', async () => {
    const cacheDir = await tempDir();
    await mkdir(join(cacheDir, 'datasets', 'medhallu'), { recursive: true });
    await copyFile(FIXTURE, join(cacheDir, 'datasets', 'medhallu', 'medhallu_pqa_labeled.jsonl'));
    await expect(medhallu.load(recordingContext({ cacheDir }))).rejects.toMatchObject({ code: 'EF_DATA_CHECKSUM' });
    const drifting = recordingContext({ cacheDir, allowDataDrift: true });
    expect((await medhallu.load(drifting)).instances).toHaveLength(16);
    expect(drifting.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });

  it('reports a missing data_path as EF_DATA_NOT_FOUND', async () => {
    await expect(loadFixture(join(await tempDir(), 'nothing.jsonl'))).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
    });
    await expect(loadFixture(await tempDir())).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining('medhallu_pqa_labeled.jsonl'),
    });
  });
});

describe('medhallu row checks (EF_DATA_FORMAT naming the file, line and field)', () => {
  const good = {
    Question: 'Q?',
    Knowledge: ['k1', 'k2'],
    'Ground Truth': 'yes',
    'Difficulty Level': 'easy',
    'Hallucinated Answer': 'no',
    'Category of Hallucination': 'x',
  };
  const line = (value: unknown) => `${JSON.stringify(good)}\n${JSON.stringify(value)}\n`;

  it.each([
    ['invalid JSON', `${JSON.stringify(good)}\n{"Question": \n`, 'line 2: invalid JSON'],
    ['a non-object row', line(['a']), 'line 2: the row is not an object'],
    ['a missing Question', line({ ...good, Question: undefined }), 'line 2: Question is undefined'],
    ['a numeric Ground Truth', line({ ...good, 'Ground Truth': 0 }), 'line 2: Ground Truth is 0'],
    [
      'a missing Hallucinated Answer',
      line({ ...good, 'Hallucinated Answer': null }),
      'line 2: Hallucinated Answer is null',
    ],
    ['Knowledge as one string', line({ ...good, Knowledge: 'k1 k2' }), 'line 2: Knowledge is "k1 k2", not a list'],
    ['a non-string Knowledge item', line({ ...good, Knowledge: ['k1', 7] }), 'line 2: Knowledge[1] is 7'],
    ['an empty file', '\n\n', 'no rows'],
  ])('rejects %s', async (_label, text, where) => {
    const file = join(await tempDir(), 'medhallu_pqa_labeled.jsonl');
    await writeFile(file, text);
    await expect(loadFixture(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(`${file}: ${where}`),
    });
  });
});
