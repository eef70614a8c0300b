import { describe, expect, it } from '@jest/globals';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordingContext, tempDir } from '../shared/test-support.js';
import { medalign } from './definition.js';
import { MEDALIGN_GENERATION_LENGTH } from './load.js';
import { MEDALIGN_TEMPLATE, medalignPrompt } from './prompt.js';
import { decodeCl100k, encodeCl100k } from './tokens.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');
const EHR = (person: string) => readFile(join(FIXTURE, 'medalign_ehr_xml', `${person}.xml`), 'utf8');

async function load(dataPath: string | null = FIXTURE, args: Record<string, string | number | null> = {}) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath, args });
  return { ctx, loaded: await medalign.load(ctx) };
}

/** A writable copy of the fixture for the error cases. */
async function fixtureCopy(): Promise<string> {
  const dir = await tempDir();
  await cp(FIXTURE, dir, { recursive: true });
  return dir;
}

const budget = (question: string, maxLength: number) =>
  maxLength - MEDALIGN_GENERATION_LENGTH - encodeCl100k(MEDALIGN_TEMPLATE).length - encodeCl100k(question).length;

describe('medalign definition', () => {
  it('declares max_length, a 256-token generation prompt without nouns, the jury and ROUGE', () => {
    expect(medalign.args).toEqual([expect.objectContaining({ name: 'max_length', default: 100000 })]);
    expect(medalign.prompt).toMatchObject({
      method: 'generation',
      instructions: '',
      input_noun: null,
      output_noun: null,
      max_tokens: 256,
      stop_sequences: [],
      temperature: 0,
    });
    expect(medalign.main_metric).toBe('medalign_accuracy');
    expect(medalign.corrected_selection).toBeUndefined();
    expect(medalign.metrics.flatMap((f) => f.metrics.map((m) => m.name))).toEqual([
      'medalign_accuracy',
      'medalign_accuracy_corrected',
      'medalign_accuracy_judge_gpt',
      'medalign_accuracy_judge_llama',
      'medalign_accuracy_judge_claude',
      'medalign_accuracy_criterion_accuracy',
      'medalign_accuracy_criterion_completeness',
      'medalign_accuracy_criterion_clarity',
      'rouge_1',
      'rouge_2',
      'rouge_l',
    ]);
    const jury = medalign.jury!;
    expect(jury.criteria).toEqual(['accuracy', 'completeness', 'clarity']);
    for (const p of ['{{QUESTION}}', '{{RESPONSE}}', '{{GOLD_RESPONSE}}'])
      expect(jury.template.split(p)).toHaveLength(2);
    expect(jury.template).toContain('<user_request>');
  });

  it('fills the template once, leaving braces in the inserted texts alone', () => {
    expect(medalignPrompt('<x a="{question}"/>', 'Why {ehr}?')).toBe(
      'Instruction: Use the patient\'s EHR below to answer the question that follows:\n\nEHR: <x a="{question}"/>\n\nQuestion: Why {ehr}?\n\nAnswer:',
    );
  });
});

describe('medalign load (invented fixture in the documented layout)', () => {
  it('joins Annotator_1 responses to the last row of each instruction, in response-file order', async () => {
    const { loaded } = await load();
    expect(
      loaded.instances.map((x) => [x.id, x.source_id, x.extra_data?.person_id, x.references[0]!.output.text]),
    ).toEqual([
      ['id0', '102', '9002', 'Metoprolol succinate 50 mg daily and atorvastatin 40 mg nightly.'],
      ['id1', '101', '9001', 'The most recent HbA1c was 7.2% (drawn in March).'],
      ['id2', '105', '9001', 'Creatinine went from 1.1 to 1.4 mg/dL; kidney function worsened slightly.'],
    ]);
    expect(loaded.data.num_rows).toBe(3);
    expect(loaded.data.files.map((f) => f.path)).toEqual([
      join(FIXTURE, 'clinician-reviewed-model-responses.tsv'),
      join(FIXTURE, 'clinician-instruction-responses.tsv'),
      join(FIXTURE, 'medalign_ehr_xml'),
    ]);
    for (const x of loaded.instances) expect(x).toMatchObject({ split: 'test', references: [{ tags: ['correct'] }] });
  });

  it('builds "\\nQuestion: " + the whole prompt, with the whole EHR when it fits (a quoted tab survives)', async () => {
    const { loaded } = await load();
    const question = 'Compare the two most recent creatinine values\tand say whether kidney function changed.';
    expect(loaded.instances[2]!.input.text).toBe(`\nQuestion: ${medalignPrompt(await EHR('9001'), question)}`);
    expect(loaded.instances[2]!.extra_data).toEqual({
      person_id: '9001',
      ehr_token_budget: budget(question, 100000),
      ehr_truncated: false,
    });
  });

  it("keeps the last tokens of a long EHR, as HELM's two passes do", async () => {
    const maxLength = 700;
    const { ctx, loaded } = await load(FIXTURE, { max_length: maxLength });
    const question = 'What was the most recent hemoglobin A1c value?';
    const b = budget(question, maxLength);
    const tokens = encodeCl100k(await EHR('9001'));
    expect(tokens.length).toBeGreaterThan(b);
    const helm = decodeCl100k(encodeCl100k(decodeCl100k(tokens.slice(-2 * b))).slice(-b));
    expect(loaded.instances[1]!.input.text).toBe(`\nQuestion: ${medalignPrompt(helm, question)}`);
    expect(loaded.instances[1]!.extra_data).toMatchObject({ ehr_token_budget: b, ehr_truncated: true });
    expect(
      loaded.instances[1]!.input.text.endsWith(
        '</eventstream>\n\n\nQuestion: What was the most recent hemoglobin A1c value?\n\nAnswer:',
      ),
    ).toBe(true);
    // The short EHR still fits whole.
    expect(loaded.instances[0]!.extra_data).toMatchObject({ ehr_truncated: false });
    expect(ctx.logs.at(-1)).toBe(
      'medalign: 3 instructions with an Annotator_1 response; 2 EHR(s) cut to their last tokens (max_length=700)',
    );
  });

  it('leaves the EHR out when the question and template use up the budget', async () => {
    const { loaded } = await load(FIXTURE, { max_length: 280 });
    expect(loaded.instances[0]!.input.text).toBe(
      `\nQuestion: ${medalignPrompt('', 'Summarize the cardiac medications the patient is on.')}`,
    );
    expect(loaded.instances[0]!.extra_data).toMatchObject({ ehr_truncated: true });
    expect((loaded.instances[0]!.extra_data!.ehr_token_budget as number) <= 0).toBe(true);
  });
});

describe('medalign errors', () => {
  it('needs data_path and a whole-number max_length', async () => {
    await expect(load(null)).rejects.toMatchObject({ code: 'EF_MISSING_DATA_PATH' });
    await expect(load(FIXTURE, { max_length: 'lots' })).rejects.toMatchObject({ code: 'EF_BENCHMARK_ARG' });
  });

  it.each([
    ['clinician-instruction-responses.tsv', 'EF_DATA_NOT_FOUND'],
    ['medalign_ehr_xml/9002.xml', 'EF_DATA_FORMAT'],
  ])('reports a missing %s', async (part, code) => {
    const dir = await fixtureCopy();
    await rm(join(dir, part));
    await expect(load(dir)).rejects.toMatchObject({ code });
  });

  it('reports a missing column and a special token as EF_DATA_FORMAT naming the file', async () => {
    const dir = await fixtureCopy();
    await writeFile(join(dir, 'clinician-instruction-responses.tsv'), 'instruction_id\tclinician_response\n101\tx\n');
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('annotator_num'),
    });
    const other = await fixtureCopy();
    await writeFile(join(other, 'medalign_ehr_xml', '9002.xml'), '<note>see <|endoftext|></note>\n');
    await expect(load(other)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('9002.xml'),
    });
  });

  it('ignores hidden files and logs other names that are not <person_id>.<ext>', async () => {
    const dir = await fixtureCopy();
    await writeFile(join(dir, 'medalign_ehr_xml', '.DS_Store'), '');
    await writeFile(join(dir, 'medalign_ehr_xml', 'EHR_9004.xml'), '<x/>');
    const { ctx, loaded } = await load(dir);
    expect(loaded.instances).toHaveLength(3);
    expect(ctx.logs.some((l) => l.includes('ignored 1 file(s)') && l.includes('EHR_9004.xml'))).toBe(true);
  });
});
