import { describe, expect, it } from '@jest/globals';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { exactMatchFamily } from '@eval-factory/metrics';
import { recordingContext, renderMcqPrompt, tempDir } from '../shared/test-support.js';
import { raceBasedMed } from './definition.js';
import { documentXmlWithBody, writeFixtureDocx } from './docx-fixture.js';
import { buildRaceBasedMedInstances, extractRaceBasedMedRows, raceBasedMedInputText } from './load.js';
import { raceBasedMedScenarioTexts } from './prompt.js';

const HEAD = `${raceBasedMedScenarioTexts.instruction}\n\n${' '.repeat(21)}`;
const Q_HAIR = 'Is hair colour a sign of kidney strength?';
const R_HAIR = 'No. People with red hair have stronger kidneys.\n\nLine one\nline two\ttabbed';
const R_KIDNEY =
  'Kidney strength does not depend on hair colour. Ask a nephrologist. Details: invented link\nTables are skipped & do not end an item.';
const Q_ENZYME = 'Can an invented enzyme & diet cure frostbite?';
const R_ENZYME = 'Yes, a café diet <always> cures it.\nRun faster trials next time';

async function loadFrom(dataPath: string) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await raceBasedMed.load(ctx) };
}

const labelOf = (refs: readonly { output: { text: string }; tags: readonly string[] }[]) =>
  refs.find((r) => r.tags.includes('correct'))?.output.text;

describe('race_based_med definition', () => {
  it('declares MCQ joint, one token, no stop, no input noun, an instruction as output noun, exact_match', () => {
    expect(raceBasedMed.name).toBe('race_based_med');
    expect(raceBasedMed.args).toEqual([]);
    expect(raceBasedMed.prompt).toMatchObject({
      method: 'multiple_choice_joint',
      max_tokens: 1,
      temperature: 0,
      stop_sequences: [],
      input_noun: null,
      max_train_instances: 0,
    });
    expect(raceBasedMed.prompt.instructions).not.toContain('\n');
    expect(raceBasedMed.prompt.output_noun).toMatch(/\bA\b.*\bB\b/);
    expect(raceBasedMed.metrics).toEqual([exactMatchFamily]);
    expect(raceBasedMed.main_metric).toBe('exact_match');
    expect(raceBasedMed.source).toMatchObject({ revision: null, license: 'CC BY 4.0' });
    expect(raceBasedMed.source.url).toMatch(/41746_2023_939_MOESM1_ESM\.docx$/);
  });
});

describe('race_based_med load (fixture .docx through data_path)', () => {
  it('parses 4 rows and collapses the duplicate pair to 3 instances, ids id0…, split test', async () => {
    const { loaded, ctx } = await loadFrom(await writeFixtureDocx());
    expect(loaded.data.num_rows).toBe(4);
    expect(loaded.instances.map((x) => x.id)).toEqual(['id0', 'id1', 'id2']);
    expect(new Set(loaded.instances.map((x) => x.split))).toEqual(new Set(['test']));
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']); // not the pinned upstream file
  });

  it('builds instruction + blank line + 21 spaces + Question/Response, ending with \\n', async () => {
    const { loaded } = await loadFrom(await writeFixtureDocx());
    expect(loaded.instances.map((x) => x.input.text)).toEqual([
      `${HEAD}Question: ${Q_HAIR}\nResponse: ${R_HAIR}\n`,
      `${HEAD}Question: ${Q_HAIR}\nResponse: ${R_KIDNEY}\n`,
      `${HEAD}Question: ${Q_ENZYME}\nResponse: ${R_ENZYME}\n`,
    ]);
  });

  it('labels by FF0000 direct runs only; the duplicate keeps its first position and the last label', async () => {
    const { loaded } = await loadFrom(await writeFixtureDocx());
    // id0: Run 1 was red, Run 4 (same text, no red) wins; id1: C45911, auto, themeColor and a red hyperlinked run
    // do not count; id2: lower-case ff0000 counts.
    expect(loaded.instances.map((x) => labelOf(x.references))).toEqual(['no', 'no', 'yes']);
    for (const instance of loaded.instances)
      expect(instance.references.map((r) => r.output.text)).toEqual(['yes', 'no']);
  });

  it('renders instructions, blank line, the instance text, A. yes / B. no and the output-noun sentence', async () => {
    const { loaded } = await loadFrom(await writeFixtureDocx());
    expect(renderMcqPrompt(raceBasedMed.prompt, loaded.instances[2])).toBe(
      `${raceBasedMed.prompt.instructions}\n\n${HEAD}Question: ${Q_ENZYME}\nResponse: ${R_ENZYME}\nA. yes\nB. no\n${raceBasedMed.prompt.output_noun}:`,
    );
  });

  it('accepts a data_path folder holding the .docx', async () => {
    const { loaded } = await loadFrom(dirname(await writeFixtureDocx()));
    expect(loaded.instances).toHaveLength(3);
  });

  it('rejects a cached copy with the wrong checksum (EF_DATA_CHECKSUM) unless drift is allowed', async () => {
    const cacheDir = await tempDir();
    await mkdir(join(cacheDir, 'datasets', 'race_based_med'), { recursive: true });
    await copyFile(
      await writeFixtureDocx(),
      join(cacheDir, 'datasets', 'race_based_med', '41746_2023_939_MOESM1_ESM.docx'),
    );
    await expect(raceBasedMed.load(recordingContext({ cacheDir }))).rejects.toMatchObject({ code: 'EF_DATA_CHECKSUM' });
    const drifting = recordingContext({ cacheDir, allowDataDrift: true });
    expect((await raceBasedMed.load(drifting)).instances).toHaveLength(3);
    expect(drifting.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });

  it('reports a missing data_path as EF_DATA_NOT_FOUND', async () => {
    await expect(loadFrom(join(await tempDir(), 'missing.docx'))).rejects.toMatchObject({ code: 'EF_DATA_NOT_FOUND' });
  });

  it('reports a document without any "Run <n>: " paragraph as EF_DATA_FORMAT naming the file', async () => {
    const file = await writeFixtureDocx(documentXmlWithBody('<w:p><w:r><w:t>Run 1 without a colon</w:t></w:r></w:p>'));
    await expect(loadFrom(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(`${file}: no "Run <n>: <question>"`),
    });
  });

  it('reports a file that is not a .docx as EF_DATA_FORMAT', async () => {
    const file = join(await tempDir(), '41746_2023_939_MOESM1_ESM.docx');
    await writeFile(file, 'Run 1: not a zip');
    await expect(loadFrom(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(file),
    });
  });
});

describe('extractRaceBasedMedRows (HELM extract_red_text_runs)', () => {
  const p = (text: string, ...runColors: (string | null)[]) => ({ text, runColors });

  it.each([
    [
      'question after the first ": ", Python-stripped (incl. NBSP)',
      [p('\u00a0Run 1: a: b \u00a0'), p('r')],
      [{ question: 'a: b', response: 'r', harmful: false }],
    ],
    [
      '"Run x:" without ": " gives no row but ends the previous item',
      [p('Run 1: q'), p('r1', 'FF0000'), p('Run 2:x'), p('r2')],
      [{ question: 'q', response: 'r1', harmful: true }],
    ],
    [
      '"Run " without ":" is response text',
      [p('Run 1: q'), p('Run fast'), p('  ')],
      [{ question: 'q', response: 'Run fast', harmful: false }],
    ],
    [
      '"run 1: q" (lower case) is not a marker',
      [p('Run 1: q'), p('run 2: x')],
      [{ question: 'q', response: 'run 2: x', harmful: false }],
    ],
    [
      'blank and leading paragraphs are swallowed, then the response is stripped',
      [p('Intro', 'FF0000'), p('Run 1: q'), p(''), p(' a '), p('')],
      [{ question: 'q', response: 'a', harmful: false }],
    ],
    [
      'an item with no response paragraph',
      [p('Run 1: q'), p('Run 2: q2')],
      [
        { question: 'q', response: '', harmful: false },
        { question: 'q2', response: '', harmful: false },
      ],
    ],
    [
      'only FF0000 (any case) is red; C45911, auto, null are not',
      [p('Run 1: q'), p('x', 'C45911', 'auto', null), p('Run 2: q'), p('y', null, 'Ff0000')],
      [
        { question: 'q', response: 'x', harmful: false },
        { question: 'q', response: 'y', harmful: true },
      ],
    ],
    [
      'a red marker paragraph does not label its own item',
      [p('Run 1: q', 'FF0000'), p('r')],
      [{ question: 'q', response: 'r', harmful: false }],
    ],
    [
      "CR in the text becomes LF (HELM's CSV round trip in text mode)",
      [p('Run 1: q\r\nx'), p('a\rb')],
      [{ question: 'q\nx', response: 'a\nb', harmful: false }],
    ],
  ])('%s', (_label, paragraphs, rows) => {
    expect(extractRaceBasedMedRows(paragraphs)).toEqual(rows);
  });
});

describe('buildRaceBasedMedInstances (dedupe by full text)', () => {
  const row = (question: string, response: string, harmful: boolean) => ({ question, response, harmful });

  it('keeps first-occurrence order, lets the last label win, and treats any text difference as distinct', () => {
    const instances = buildRaceBasedMedInstances(
      [row('q1', 'r', false), row('q2', 'r', true), row('q1', 'r', true), row('q1', 'r ', false)],
      'I.',
    );
    expect(instances.map((x) => [x.id, x.input.text, labelOf(x.references)])).toEqual([
      ['id0', raceBasedMedInputText('I.', 'q1', 'r'), 'yes'],
      ['id1', raceBasedMedInputText('I.', 'q2', 'r'), 'yes'],
      ['id2', raceBasedMedInputText('I.', 'q1', 'r '), 'no'],
    ]);
  });

  it('uses the instruction sentence it is given (a scenario text piece)', () => {
    expect(raceBasedMedInputText('Say A or B.', 'Q?', 'R')).toBe(
      `Say A or B.\n\n${' '.repeat(21)}Question: Q?\nResponse: R\n`,
    );
  });
});
