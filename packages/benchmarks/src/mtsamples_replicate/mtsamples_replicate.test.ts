import { describe, expect, it } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from '@eval-factory/files';
import { recordingContext, tempDir, fixtureNotes } from '../../test-support/shared/test-support.js';
import { mtsamplesReplicate } from './definition.js';
import { buildMtsamplesInstances, HELM_LISTING_LIMIT } from './load.js';
import { MTSAMPLES_REPLICATE_RUBRIC } from './rubric.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

async function loadFixture(dataPath = FIXTURE) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await mtsamplesReplicate.load(ctx) };
}

/** sha256 over `name \0 input \0 reference \0` per instance, the oracle format printed by CPython (HELM's code). */
const digest = (
  instances: readonly {
    source_id?: string;
    input: { text: string };
    references: readonly { output: { text: string } }[];
  }[],
) =>
  sha256Hex(
    instances.map((x) => `${x.source_id}\u0000${x.input.text}\u0000${x.references[0]!.output.text}\u0000`).join(''),
  );

describe('mtsamples_replicate definition', () => {
  it('declares a 512-token generation prompt ending "Answer:", the jury, ROUGE and an independent corrected set', () => {
    expect(mtsamplesReplicate.name).toBe('mtsamples_replicate');
    expect(mtsamplesReplicate.args).toEqual([]);
    expect(mtsamplesReplicate.prompt).toMatchObject({
      method: 'generation',
      max_tokens: 512,
      temperature: 0,
      stop_sequences: [],
      input_noun: null,
      output_noun: 'Answer',
      max_train_instances: 0,
    });
    expect(mtsamplesReplicate.prompt.instructions).toMatch(/treatment plan/);
    expect(mtsamplesReplicate.main_metric).toBe('mtsamples_replicate_accuracy');
    expect(mtsamplesReplicate.corrected_selection).toBe('independent');
    expect(mtsamplesReplicate.source.revision).toBe('ebc104a4f96c5b7602242f301e081e9934a23344');
    expect(mtsamplesReplicate.metrics.flatMap((f) => f.metrics.map((m) => m.name))).toEqual([
      'mtsamples_replicate_accuracy',
      'mtsamples_replicate_accuracy_corrected',
      'mtsamples_replicate_accuracy_judge_gpt',
      'mtsamples_replicate_accuracy_judge_llama',
      'mtsamples_replicate_accuracy_judge_claude',
      'mtsamples_replicate_accuracy_criterion_accuracy',
      'mtsamples_replicate_accuracy_criterion_completeness',
      'mtsamples_replicate_accuracy_criterion_clarity',
      'rouge_1',
      'rouge_2',
      'rouge_l',
    ]);
  });

  it('ships a rubric with each placeholder once, the three tagged sections, the criteria and a valid JSON example', () => {
    const jury = mtsamplesReplicate.jury!;
    expect(jury).toMatchObject({ annotator: 'jury', criteria: ['accuracy', 'completeness', 'clarity'] });
    for (const p of ['{{QUESTION}}', '{{RESPONSE}}', '{{GOLD_RESPONSE}}'])
      expect(jury.template.split(p)).toHaveLength(2);
    for (const tag of ['patient_information', 'response', 'gold_response']) expect(jury.template).toContain(`<${tag}>`);
    const example = JSON.parse(MTSAMPLES_REPLICATE_RUBRIC.trim().split('\n').at(-1)!) as Record<
      string,
      { score: number }
    >;
    expect(Object.keys(example)).toEqual(['accuracy', 'completeness', 'clarity']);
    for (const { score } of Object.values(example)) expect(score >= 1 && score <= 5).toBe(true);
  });
});

describe('mtsamples_replicate load (invented fixture through data_path)', () => {
  it('reads the folder holding mtsamples_processed/ (or the folder itself), ignores non-.txt files, warns on the checksum', async () => {
    for (const dataPath of [FIXTURE, join(FIXTURE, 'mtsamples_processed')]) {
      const { ctx, loaded } = await loadFixture(dataPath);
      expect(loaded.data).toMatchObject({ num_rows: 8, revision: 'ebc104a4f96c5b7602242f301e081e9934a23344' });
      expect(loaded.data.files[0]!.path).toBe(join(FIXTURE, 'mtsamples_processed'));
      expect(fixtureNotes(ctx)).toEqual({ notes: 1, drift: 0 });
    }
  });

  it("builds HELM's set: case-sensitive markers, mixed-case files skipped with a log line, leakage kept", async () => {
    const { ctx, loaded } = await loadFixture();
    const helm = loaded.instances.filter((x) => x.variant === undefined);
    expect(helm.map((x) => [x.id, x.source_id, x.extra_data])).toEqual([
      ['id0', 'Allergy - Seasonal Rhinitis Follow-up.txt', { reference_section: 'PLAN', reference_in_input: false }],
      ['id1', 'Discharge Summary - Pneumonia & Sepsis.txt', { reference_section: 'SUMMARY', reference_in_input: true }],
      ['id2', 'Neurology - Headache Plan Twice.txt', { reference_section: 'PLAN', reference_in_input: false }],
      ['id3', 'Orthopedic - Empty Plan.txt', { reference_section: 'FINDINGS', reference_in_input: true }],
      [
        'id4',
        'Radiology - Chest X-ray (Findings only).txt',
        { reference_section: 'FINDINGS', reference_in_input: true },
      ],
    ]);
    // Oracle: CPython running HELM's extract_sections / remove_plan_section over the same files.
    expect(digest(helm)).toBe('30aced98092a2cd0e9cbd35313c068074ff01f3c8f4cce15bdbbb39c04b41b3a');
    // Two PLAN: on one line: HELM keeps the text between them.
    expect(helm[2]!.references).toEqual([
      { output: { text: 'Sleep hygiene and a headache diary.' }, tags: ['correct'] },
    ]);
    // CRLF became LF; the input ends before PLAN:.
    expect(helm[2]!.input.text).toMatch(/^Medical Specialty:Neurology\nSample Name:\u00a0 /);
    expect(helm[2]!.input.text.endsWith('IMPRESSION: Tension-type headache.')).toBe(true);
    expect(new Set(helm.map((x) => x.split))).toEqual(new Set(['test']));
    expect(ctx.logs.filter((l) => l.includes('HELM skips'))).toEqual([
      'mtsamples_replicate: HELM skips Cardiology - lowercase plan.txt: "PLAN:" occurs only in another case (list index out of range)',
      'mtsamples_replicate: HELM skips Urology - Mixed Case Summary.txt: "SUMMARY:" occurs only in another case (list index out of range)',
    ]);
  });

  it('appends the corrected set: all files, ASCII case-insensitive markers, input cut at the marker, leaks flagged', async () => {
    const { loaded } = await loadFixture();
    const corrected = loaded.instances.filter((x) => x.variant === 'corrected');
    expect(loaded.instances.slice(-corrected.length)).toEqual(corrected);
    expect(corrected.map((x) => [x.id, x.source_id, x.extra_data])).toEqual([
      ['c-id0', 'Allergy - Seasonal Rhinitis Follow-up.txt', { reference_section: 'PLAN', reference_in_input: false }],
      ['c-id1', 'Cardiology - lowercase plan.txt', { reference_section: 'PLAN', reference_in_input: false }],
      [
        'c-id2',
        'Discharge Summary - Pneumonia & Sepsis.txt',
        { reference_section: 'SUMMARY', reference_in_input: true },
      ],
      ['c-id3', 'Neurology - Headache Plan Twice.txt', { reference_section: 'PLAN', reference_in_input: false }],
      ['c-id4', 'Orthopedic - Empty Plan.txt', { reference_section: 'FINDINGS', reference_in_input: false }],
      [
        'c-id5',
        'Radiology - Chest X-ray (Findings only).txt',
        { reference_section: 'FINDINGS', reference_in_input: false },
      ],
      ['c-id6', 'Urology - Mixed Case Summary.txt', { reference_section: 'PLAN', reference_in_input: false }],
    ]);
    expect(digest(corrected)).toBe('990e157ddb458b4babb1facb442cb53d8bb3944245ab1b8d031494ab9526a246');
    expect(corrected[1]!.references[0]!.output.text).toBe(
      'Increase the diuretic dose, weigh daily, and repeat electrolytes in one week.',
    );
    expect(corrected[3]!.references[0]!.output.text).toBe(
      'Sleep hygiene and a headache diary. PLAN: Taper caffeine by one cup a week.',
    );
    // The summary sentence is also the Description line: the corrected input still contains it.
    expect(corrected[2]!.input.text).toContain(
      'Description:\u00a0 Recovered from pneumonia; discharged home on oral antibiotics.',
    );
    expect(corrected[4]!.input.text.endsWith('HISTORY: Knee pain after a fall from a bicycle.')).toBe(true);
  });
});

describe('buildMtsamplesInstances', () => {
  it('gives HELM only the first 1,000 files (the contents API limit); the corrected set reads them all', () => {
    const texts = Array.from({ length: HELM_LISTING_LIMIT + 5 }, (_, i) => ({
      name: `r${String(i).padStart(4, '0')}.txt`,
      text: `Note ${i}.\nPLAN: Plan ${i}.`,
    }));
    const instances = buildMtsamplesInstances(texts, () => undefined);
    expect(instances.filter((x) => x.variant === undefined)).toHaveLength(HELM_LISTING_LIMIT);
    expect(instances.filter((x) => x.variant === 'corrected')).toHaveLength(HELM_LISTING_LIMIT + 5);
    expect(instances.at(-1)).toMatchObject({ id: 'c-id1004', source_id: 'r1004.txt', input: { text: 'Note 1004.' } });
  });
});

describe('mtsamples_replicate data errors', () => {
  it('a data_path that is a file, or a folder without .txt reports, is an error naming it', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'report.txt.gz'), 'x');
    await expect(loadFixture(join(dir, 'report.txt.gz'))).rejects.toMatchObject({ code: 'EF_DATA_NOT_FOUND' });
    await expect(loadFixture(dir)).rejects.toMatchObject({ code: 'EF_DATA_FORMAT' });
    await expect(loadFixture(join(dir, 'missing'))).rejects.toMatchObject({ code: 'EF_DATA_NOT_FOUND' });
  });

  it('a report that is not UTF-8 is EF_DATA_FORMAT naming the file', async () => {
    const dir = join(await tempDir(), 'mtsamples_processed');
    await mkdir(dir);
    await writeFile(join(dir, 'Bad.txt'), Buffer.from([0x50, 0x4c, 0x41, 0x4e, 0x3a, 0xff]));
    await expect(loadFixture(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('Bad.txt'),
    });
  });
});
