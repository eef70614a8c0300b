import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exactMatchFamily } from '@eval-factory/metrics';
import { recordingContext, renderMcqPrompt, tempDir } from '../shared/test-support.js';
import { clear } from './definition.js';
import { CLEAR_CONDITIONS, CLEAR_SCENARIO_TEXTS } from './prompt.js';
import { buildXlsx, CLEAR_FIXTURE_ROWS } from './xlsx-fixture.js';
import type { FixtureCell } from './xlsx-fixture.js';

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixture');
const TASK = CLEAR_SCENARIO_TEXTS.task.replace('{condition}', 'alcohol dependence');
const OPTIONS =
  'A. Has a history of alcohol dependence\nB. Does not have a history of alcohol dependence\nC. Uncertain';

async function load(dataPath: string | null = FIXTURE_DIR, condition: string | null = 'alcohol_dependence') {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath, args: { condition } });
  return { ctx, loaded: await clear.load(ctx) };
}

/** A data_path folder holding `<name>` built from `rows` (or raw bytes). */
async function sheetDir(
  rows: readonly (readonly FixtureCell[])[] | Buffer,
  name = 'alcohol_dependence.xlsx',
): Promise<string> {
  const dir = await tempDir();
  await writeFile(join(dir, name), Buffer.isBuffer(rows) ? rows : buildXlsx(rows));
  return dir;
}

const correctLetters = (instances: readonly { references: readonly { tags: readonly string[] }[] }[]) =>
  instances.map((x) => 'ABC'[x.references.findIndex((r) => r.tags.includes('correct'))] ?? 'none');

describe('clear definition', () => {
  it('declares condition (13 values, required), MCQ joint without input noun, one token, exact_match', () => {
    expect(clear.name).toBe('clear');
    expect(clear.args).toEqual([
      expect.objectContaining({ name: 'condition', default: null, values: CLEAR_CONDITIONS }),
    ]);
    expect(CLEAR_CONDITIONS).toHaveLength(13);
    expect(clear.prompt).toMatchObject({
      method: 'multiple_choice_joint',
      max_tokens: 1,
      temperature: 0,
      stop_sequences: [],
      input_noun: null,
      max_train_instances: 0,
    });
    expect(clear.prompt.output_noun).toMatch(/\bA\b.*\bB\b.*\bC\b/);
    expect(clear.metrics).toEqual([exactMatchFamily]);
    expect(clear.main_metric).toBe('exact_match');
  });

  it('ships fixture/alcohol_dependence.xlsx exactly as buildXlsx(CLEAR_FIXTURE_ROWS) makes it', () => {
    expect(new Uint8Array(readFileSync(join(FIXTURE_DIR, 'alcohol_dependence.xlsx')))).toEqual(
      buildXlsx(CLEAR_FIXTURE_ROWS),
    );
  });
});

describe('clear load (fixture)', () => {
  it('keeps 4 of 5 rows (blank note skipped with a log line), ids id0…, source_id = sheet row, all test', async () => {
    const { loaded, ctx } = await load();
    expect(loaded.instances.map((x) => [x.id, x.source_id, x.split])).toEqual([
      ['id0', '2', 'test'],
      ['id1', '3', 'test'],
      ['id2', '4', 'test'],
      ['id3', '6', 'test'],
    ]);
    expect(loaded.data.num_rows).toBe(5);
    expect(loaded.data.files[0]).toMatchObject({
      path: join(FIXTURE_DIR, 'alcohol_dependence.xlsx'),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(ctx.logs).toEqual(['clear: skipping sheet row 5 (empty text)']);
    expect(ctx.warnings).toEqual([]);
  });

  it('maps the numeric 1 → A, 0 → B, text "2" → C, text "1" → A', async () => {
    const { loaded } = await load();
    expect(correctLetters(loaded.instances)).toEqual(['A', 'B', 'C', 'A']);
    for (const x of loaded.instances)
      expect(x.references.map((r) => r.output.text)).toEqual(OPTIONS.split('\n').map((l) => l.slice(3)));
  });

  it("builds the task sentence, the note (kept as written, inner newline included) and HELM's own options", async () => {
    const { loaded } = await load();
    expect(loaded.instances[3].input.text).toBe(
      `${TASK}\n\nOriginal Clinical Note:\nImaginary note with a\nline break & an <angle> bracket; AUDIT score 19 in 2081.\n\n${OPTIONS}\n\nAnswer:`,
    );
  });

  it('renders the adapter options right after "Answer:" on the same line (no input noun)', async () => {
    const { loaded } = await load();
    expect(renderMcqPrompt(clear.prompt, loaded.instances[0])).toBe(
      `${clear.prompt.instructions}\n\n${TASK}\n\nOriginal Clinical Note:\n${CLEAR_FIXTURE_ROWS[1][0]}\n\n${OPTIONS}\n\nAnswer:` +
        `${OPTIONS}\n${clear.prompt.output_noun}:`,
    );
  });

  it('accepts data_path naming the .xlsx itself', async () => {
    const { loaded } = await load(join(FIXTURE_DIR, 'alcohol_dependence.xlsx'));
    expect(loaded.instances).toHaveLength(4);
  });

  it('uses the condition in words, e.g. PTSD', async () => {
    const dir = await sheetDir(
      [
        ['text', 'result_human'],
        ['Invented.', 2],
      ],
      'post_traumatic_stress_disorder.xlsx',
    );
    const { loaded } = await load(dir, 'post_traumatic_stress_disorder');
    expect(loaded.instances[0].references.map((r) => r.output.text)).toEqual([
      'Has a history of post-traumatic stress disorder (PTSD)',
      'Does not have a history of post-traumatic stress disorder (PTSD)',
      'Uncertain',
    ]);
  });
});

describe("clear: HELM's pandas quirks, reproduced", () => {
  it('an empty row in the middle is read as NaN: the note "nan" is kept and the label column turns float, so nothing is correct (one warning)', async () => {
    const dir = await sheetDir([
      ['text', 'result_human'],
      ['Note one.', 1],
      [],
      ['Note three.', '2'],
      ['Note four.', 0],
      [],
    ]);
    const { loaded, ctx } = await load(dir);
    expect(loaded.instances.map((x) => x.source_id)).toEqual(['2', '3', '4', '5']);
    expect(loaded.instances[1].input.text).toContain('Original Clinical Note:\nnan\n\n');
    expect(correctLetters(loaded.instances)).toEqual(['none', 'none', 'none', 'none']);
    expect(ctx.warnings).toHaveLength(1);
    expect(ctx.warnings[0]).toMatchObject({
      code: 'EF_DATA_LABEL',
      message: expect.stringContaining(
        '4 of 4 rows have a result_human that matches no answer ("1.0", "nan", "2.0", "0.0")',
      ),
    });
  });

  it('a non-numeric label keeps the column as objects: numbers print as integers, "Uncertain" matches C, others match nothing', async () => {
    const dir = await sheetDir([
      ['text', 'result_human'],
      ['a', 1],
      ['b', 'Uncertain'],
      ['c', 'unsure'],
      ['d', 1.0],
      ['e', 'NA'],
      [7, 0],
    ]);
    const { loaded, ctx } = await load(dir);
    expect(correctLetters(loaded.instances)).toEqual(['A', 'C', 'none', 'A', 'none', 'B']);
    expect(loaded.instances[5].input.text).toContain('Original Clinical Note:\n7\n\n');
    expect(ctx.warnings.map((w) => w.message)).toEqual([
      expect.stringContaining('2 of 6 rows have a result_human that matches no answer ("unsure", "nan")'),
    ]);
  });

  it('skips rows whose text or label is whitespace only (an empty cell is "nan", never skipped)', async () => {
    const dir = await sheetDir([
      ['text', 'result_human'],
      ['a', ' '],
      ['\u00a0', 1],
      ['c', '  1\t'],
    ]);
    const { loaded, ctx } = await load(dir);
    expect(loaded.instances.map((x) => x.source_id)).toEqual(['4']);
    expect(correctLetters(loaded.instances)).toEqual(['A']);
    expect(ctx.logs).toEqual([
      'clear: skipping sheet row 2 (empty result_human)',
      'clear: skipping sheet row 3 (empty text)',
    ]);
  });

  it('reads extra and duplicate columns like pandas (the first "text" wins)', async () => {
    const dir = await sheetDir([
      ['id', 'text', 'result_human', 'text'],
      [1, 'first', 0, 'second', 'stray'],
    ]);
    const { loaded } = await load(dir);
    expect(loaded.instances[0].input.text).toContain('Original Clinical Note:\nfirst\n\n');
  });
});

describe('clear errors', () => {
  it.each([
    [
      'no data_path',
      null,
      'alcohol_dependence',
      'EF_MISSING_DATA_PATH',
      /clear needs extra\.data_path: a folder holding <condition>\.xlsx/,
    ],
    [
      'no condition',
      FIXTURE_DIR,
      null,
      'EF_MISSING_DATA_PATH',
      /clear needs extra\.condition \(one of: alcohol_dependence,/,
    ],
    ['an unknown condition', FIXTURE_DIR, 'insomnia', 'EF_BENCHMARK_ARG', /unknown condition "insomnia"/],
    ['a folder without <condition>.xlsx', FIXTURE_DIR, 'homelessness', 'EF_DATA_NOT_FOUND', /homelessness\.xlsx/],
  ])('reports %s', async (_label, dataPath, condition, code, message) => {
    await expect(load(dataPath, condition)).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it.each([
    ['a file that is not a workbook', Buffer.from('text,result_human\nx,1\n'), 'not a readable .xlsx workbook'],
    [
      'no text column',
      [
        ['note', 'result_human'],
        ['x', 1],
      ],
      'missing column "text" in the header row',
    ],
    [
      'no result_human column',
      [
        ['text', 'label'],
        ['x', 1],
      ],
      'missing column "result_human" in the header row',
    ],
    ['a blank first row (the header is not there)', [[], ['text', 'result_human'], ['x', 1]], 'missing column "text"'],
  ])('reports %s as EF_DATA_FORMAT naming the file', async (_label, content, detail) => {
    const dir = await sheetDir(content as Buffer);
    const file = join(dir, 'alcohol_dependence.xlsx');
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(`${file}: ${detail}`),
    });
  });
});
