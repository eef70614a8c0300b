import { describe, expect, it } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exactMatchFamily } from '@eval-factory/metrics';
import { recordingContext, renderMcqPrompt, tempDir } from '../shared/test-support.js';
import { N2C2_CRITERIA, N2C2_DEFINITIONS } from './criteria.js';
import { n2c2CtMatching } from './definition.js';
import { N2C2_SCENARIO_TEXTS } from './prompt.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');
const RULE = '-'.repeat(100);
const STARS = '*'.repeat(100);

async function load(dataPath: string | null = FIXTURE, subject: string | null = 'ABDOMINAL') {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath, args: { subject } });
  return { ctx, loaded: await n2c2CtMatching.load(ctx) };
}

/** A data_path folder with `test/<name>` files holding the given texts. */
async function dataDir(files: Record<string, string | Buffer>): Promise<string> {
  const dir = await tempDir();
  await mkdir(join(dir, 'test'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, 'test', name), text);
  return dir;
}

const patientXml = (text: string, tags = '<ABDOMINAL met="met" />') =>
  `<?xml version="1.0" encoding="UTF-8" ?>\n<PatientMatching>\n<TEXT><![CDATA[${text}]]></TEXT>\n<TAGS>\n${tags}\n</TAGS>\n</PatientMatching>\n`;

const gold = (refs: readonly { output: { text: string }; tags: readonly string[] }[]) =>
  refs.find((r) => r.tags.includes('correct'))?.output.text;

describe('n2c2_ct_matching definition', () => {
  it('declares subject (13 criteria, required), MCQ joint with input noun "" and one token, exact_match', () => {
    expect(n2c2CtMatching.name).toBe('n2c2_ct_matching');
    expect(n2c2CtMatching.args).toEqual([
      expect.objectContaining({ name: 'subject', default: null, values: N2C2_CRITERIA }),
    ]);
    expect(N2C2_CRITERIA).toHaveLength(13);
    expect(n2c2CtMatching.prompt).toMatchObject({
      method: 'multiple_choice_joint',
      max_tokens: 1,
      temperature: 0,
      stop_sequences: [],
      input_noun: '',
      max_train_instances: 0,
    });
    expect(n2c2CtMatching.prompt.output_noun).toMatch(/\bA\b.*\bB\b/);
    expect(n2c2CtMatching.metrics).toEqual([exactMatchFamily]);
    expect(n2c2CtMatching.main_metric).toBe('exact_match');
  });

  it('has a non-empty, single-paragraph definition for every criterion', () => {
    for (const criterion of N2C2_CRITERIA) expect(N2C2_DEFINITIONS[criterion]).toMatch(/^[^\n]{20,}$/);
  });
});

describe('n2c2_ct_matching load (fixture)', () => {
  it('reads test/*.xml only, sorted by name as strings, one instance per patient, ids id0…', async () => {
    const { loaded, ctx } = await load();
    expect(loaded.instances.map((x) => [x.id, x.source_id, x.split])).toEqual([
      ['id0', '104', 'test'],
      ['id1', '23', 'test'],
      ['id2', '7', 'test'],
    ]);
    expect(loaded.data.num_rows).toBe(3);
    expect(loaded.data.files.map((f) => f.path)).toEqual(
      ['104.xml', '23.xml', '7.xml'].map((n) => join(FIXTURE, 'test', n)),
    );
    expect(loaded.data.files[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(ctx.warnings).toEqual([]);
  });

  it.each([
    ['ABDOMINAL', ['yes', 'no', 'yes']],
    ['MAKES-DECISIONS', ['yes', 'yes', 'yes']],
    ['ENGLISH', ['yes', 'no', 'yes']],
    ['ALCOHOL-ABUSE', ['no', 'no', 'no']],
  ])('gives references [yes, no] with the %s label as gold', async (subject, expected) => {
    const { loaded } = await load(FIXTURE, subject);
    expect(loaded.instances.map((x) => gold(x.references))).toEqual(expected);
    for (const x of loaded.instances) expect(x.references.map((r) => r.output.text)).toEqual(['yes', 'no']);
  });

  it('builds the whole prompt text: sections, notes with dates, rules, every template line indented 4 spaces', async () => {
    const { loaded } = await load();
    const notes =
      '## Note #1\nDate: 2091-05-02\nRecord date: 2091-05-02\n\nINVENTED CLINIC NOTE\nMr. Quill returns for follow-up of his imaginary gout.\n' +
      'He had a partial colectomy in 2079.\n\n\nHbA1c today 7.1%.\nPlan: continue allopurinol.\n' +
      `${'*'.repeat(50)}\n\n## Note #2\nDate: 2090-11-20\nRecord date: 2090-11-20\nBrief phone note: patient asks about a multivitamin.`;
    const t = N2C2_SCENARIO_TEXTS;
    expect(loaded.instances[0].input.text).toBe(
      '\n    # Task\n' +
        `    ${t.task}\n\n` +
        '    # Inclusion Criterion\n' +
        `    ${t.criterion.replace('{subject}', 'ABDOMINAL')}\n` +
        `    ${t.definition.replace('{definition}', N2C2_DEFINITIONS.ABDOMINAL)}\n\n` +
        '    # Patient Clinical Notes\n' +
        `    ${t.notes_intro.replace('{num_notes}', '2')}\n\n` +
        `    ${RULE}\n\n    ${notes}\n\n    ${RULE}\n\n` +
        '    # Current Date\n' +
        `    ${t.current_date.replace('{current_date}', '2090-11-20')}\n\n` +
        '    # Question\n' +
        `    ${t.question.replace('{subject}', 'ABDOMINAL')}\n    `,
    );
  });

  it('writes "Date: " and the current date None for undated notes, and logs it as HELM prints it', async () => {
    const { loaded, ctx } = await load();
    const text = loaded.instances[1].input.text;
    expect(text).toContain('    ## Note #1\nDate: \nUndated fictional note for Ms. Lark.');
    expect(text).toContain(`    ${N2C2_SCENARIO_TEXTS.current_date.replace('{current_date}', 'None')}\n`);
    expect(ctx.logs).toEqual([expect.stringMatching(/23\.xml: note 1 has no "Record date/)]);
  });

  it("drops blank segments, takes each note's first date and the last note's date as the current date", async () => {
    const { loaded } = await load();
    const text = loaded.instances[2].input.text;
    expect(text).toContain(N2C2_SCENARIO_TEXTS.notes_intro.replace('{num_notes}', '3'));
    expect(text).toContain('## Note #1\nDate: 2085-01-09\n');
    expect(text).toContain('## Note #3\nDate: 2085-08-15\n');
    expect(text).not.toContain('## Note #4');
    expect(text).toContain(N2C2_SCENARIO_TEXTS.current_date.replace('{current_date}', '2085-08-15'));
  });

  it('renders ": " + the text, then A. yes / B. no and the output noun', async () => {
    const { loaded } = await load();
    const prompt = renderMcqPrompt(n2c2CtMatching.prompt, loaded.instances[0]);
    expect(prompt.startsWith(`${n2c2CtMatching.prompt.instructions}\n\n: \n    # Task\n`)).toBe(true);
    const question = N2C2_SCENARIO_TEXTS.question.replace('{subject}', 'ABDOMINAL');
    expect(prompt.endsWith(`\n    ${question}\n    \nA. yes\nB. no\n${n2c2CtMatching.prompt.output_noun}:`)).toBe(true);
  });

  it('reads CRLF files like an XML parser (LF only), and keeps an empty TEXT as a patient without notes', async () => {
    const dir = await dataDir({
      'a.xml': patientXml(`\nRecord date: 2090-01-02\nline\n${STARS}\nRecord date: 2090-03-04\nmore\n`).replace(
        /\n/g,
        '\r\n',
      ),
      'b.xml': '<PatientMatching><TEXT></TEXT><TAGS><ABDOMINAL met="not met"/></TAGS></PatientMatching>',
    });
    const { loaded, ctx } = await load(dir);
    expect(loaded.instances[0].input.text).toContain(
      `line\n${'*'.repeat(50)}\n\n## Note #2\nDate: 2090-03-04\nRecord date: 2090-03-04\nmore\n\n    ${RULE}`,
    );
    expect(loaded.instances[0].input.text).not.toContain('\r');
    expect(loaded.instances[1].input.text).toContain(`    ${RULE}\n\n    \n\n    ${RULE}`);
    expect(gold(loaded.instances[1].references)).toBe('no');
    expect(ctx.logs).toEqual([expect.stringContaining('b.xml: TEXT holds no note')]);
  });
});

describe('n2c2_ct_matching errors', () => {
  it.each([
    ['no data_path', null, 'ABDOMINAL', 'EF_MISSING_DATA_PATH', /n2c2_ct_matching needs extra\.data_path: .*test\//],
    ['no subject', FIXTURE, null, 'EF_MISSING_DATA_PATH', /n2c2_ct_matching needs extra\.subject \(one of: ABDOMINAL,/],
    ['an unknown subject', FIXTURE, 'abdominal', 'EF_BENCHMARK_ARG', /unknown subject "abdominal"/],
  ])('reports %s', async (_label, dataPath, subject, code, message) => {
    await expect(load(dataPath, subject)).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it('reports a missing data_path folder as EF_DATA_NOT_FOUND and one without test/ as EF_DATA_FORMAT', async () => {
    const missing = join(await tempDir(), 'nope');
    await expect(load(missing)).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining(missing),
    });
    const noTest = await tempDir();
    await expect(load(noTest)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringMatching(/no test\/ folder/),
    });
    await expect(load(join(FIXTURE, 'test'))).rejects.toMatchObject({ code: 'EF_DATA_FORMAT' });
    const empty = await dataDir({ 'notes.txt': 'not xml' });
    await expect(load(empty)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('no .xml file'),
    });
  });

  it.each([
    ['no TEXT element', '<PatientMatching><TAGS><ABDOMINAL met="met"/></TAGS></PatientMatching>', 'no TEXT element'],
    ['no tag for the subject', patientXml('x', '<HBA1C met="met" />'), 'TAGS has no <ABDOMINAL> element'],
    ['no TAGS at all', '<PatientMatching><TEXT>x</TEXT></PatientMatching>', 'TAGS has no <ABDOMINAL> element'],
    ['a met value other than met / not met', patientXml('x', '<ABDOMINAL met="maybe" />'), 'met="maybe"'],
    ['a tag without met', patientXml('x', '<ABDOMINAL />'), 'no met attribute'],
    ['malformed XML', '<PatientMatching><TEXT>x</PatientMatching>', 'invalid XML (line 1'],
    ['invalid UTF-8', Buffer.from([0x3c, 0x61, 0xff, 0x3e]), 'not valid UTF-8'],
  ])('reports a file with %s as EF_DATA_FORMAT naming the file', async (_label, content, detail) => {
    const dir = await dataDir({ '1.xml': patientXml('fine'), '2.xml': content });
    const file = join(dir, 'test', '2.xml');
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(`${file}: `),
    });
    await expect(load(dir)).rejects.toMatchObject({ message: expect.stringContaining(detail) });
  });
});
