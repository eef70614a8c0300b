import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildXlsx } from '../../test-support/clear/xlsx-fixture.js';
import { recordingContext, tempDir, fixtureNotes } from '../../test-support/shared/test-support.js';
import { medicationQa } from './definition.js';
import { MEDICATION_QA_FIXTURE_ROWS } from '../../test-support/medication_qa/fixture-rows.js';
import { MEDICATION_QA_FILE } from './load.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

async function load(dataPath: string) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await medicationQa.load(ctx) };
}

describe('medication_qa definition', () => {
  it('is a 512-token generation prompt "Question: …\\nAnswer:" scored by the jury and ROUGE', () => {
    expect(medicationQa.prompt).toMatchObject({
      method: 'generation',
      input_noun: 'Question',
      output_noun: 'Answer',
      max_tokens: 512,
      temperature: 0,
      stop_sequences: [],
      max_train_instances: 0,
    });
    expect(medicationQa.main_metric).toBe('medication_qa_accuracy');
    expect(medicationQa.metrics.flatMap((f) => f.metrics.map((m) => m.name))).toEqual([
      'medication_qa_accuracy',
      'medication_qa_accuracy_corrected',
      'medication_qa_accuracy_judge_gpt',
      'medication_qa_accuracy_judge_llama',
      'medication_qa_accuracy_judge_claude',
      'medication_qa_accuracy_criterion_accuracy',
      'medication_qa_accuracy_criterion_completeness',
      'medication_qa_accuracy_criterion_clarity',
      'rouge_1',
      'rouge_2',
      'rouge_l',
    ]);
    const { template } = medicationQa.jury!;
    for (const p of ['{{QUESTION}}', '{{RESPONSE}}', '{{GOLD_RESPONSE}}']) expect(template.split(p)).toHaveLength(2);
    for (const tag of ['medication_question', 'response', 'gold_response']) expect(template).toContain(`<${tag}>`);
  });
});

describe('medication_qa load (invented workbook)', () => {
  it('ships the fixture built from its rows', () => {
    expect(
      Buffer.from(readFileSync(join(FIXTURE, MEDICATION_QA_FILE))).equals(
        Buffer.from(buildXlsx(MEDICATION_QA_FIXTURE_ROWS)),
      ),
    ).toBe(true);
  });

  it('drops answers pandas reads as NA (n/a, NA, empty), keeps texts unstripped, numbers the rest id0…', async () => {
    const { ctx, loaded } = await load(FIXTURE);
    expect(loaded.data.num_rows).toBe(6);
    expect(loaded.instances.map((x) => [x.id, x.source_id, x.split])).toEqual([
      ['id0', '2', 'test'],
      ['id1', '4', 'test'],
      ['id2', '7', 'test'],
    ]);
    expect(loaded.instances[0]!.references).toEqual([
      { output: { text: 'Take one invented tablet every 8 hours.\u00a0' }, tags: ['correct'] },
    ]);
    expect(loaded.instances[1]!.input.text).toBe('  what is madeupamine used for?');
    expect(loaded.instances[2]!.references[0]!.output.text).toBe('A round, white invented pill\nwith "N" on one side.');
    expect(ctx.logs.filter((l) => l.includes('dropping'))).toHaveLength(3);
    expect(fixtureNotes(ctx)).toEqual({ notes: 1, drift: 0 });
  });

  it('rejects a workbook without an Answer column, or with an empty question, as EF_DATA_FORMAT', async () => {
    const dir = await tempDir();
    const path = join(dir, MEDICATION_QA_FILE);
    await writeFile(
      path,
      buildXlsx([
        ['Question', 'Reply'],
        ['q', 'a'],
      ]),
    );
    await expect(load(path)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('"Answer"'),
    });
    await writeFile(
      path,
      buildXlsx([
        ['Question', 'Answer'],
        ['null', 'a'],
      ]),
    );
    await expect(load(path)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('sheet row 2'),
    });
    await writeFile(path, 'not a zip');
    await expect(load(path)).rejects.toMatchObject({ code: 'EF_DATA_FORMAT' });
  });
});
