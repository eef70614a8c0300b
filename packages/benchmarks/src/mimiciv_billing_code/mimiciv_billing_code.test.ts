import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Field, List, Table, tableToIPC, Utf8, vectorFromArray } from 'apache-arrow';
import type { Instance, PromptRequest } from '@eval-factory/types';
import { recordingContext, renderGenerationPrompt, tempDir } from '../shared/test-support.js';
import { mimicivBillingCode } from './definition.js';
import { billingCodeFamily } from './metric.js';

const JSONL = join(dirname(fileURLToPath(import.meta.url)), 'fixture', 'mimiciv_icd10.jsonl');

async function load(dataPath: string | null) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await mimicivBillingCode.load(ctx) };
}

const REQUEST = {
  instance_id: 'id0',
  train_trial_index: 0,
  prompt: 'p',
  temperature: 0,
  max_tokens: 256,
  stop: [],
  top_p: null,
  num_completions: 1,
  top_k_per_token: 1,
} as PromptRequest;
const score = (gold: string, completions: string[]) => {
  const instance: Instance = {
    id: 'id0',
    split: 'test',
    input: { text: 'note' },
    references: [{ output: { text: gold }, tags: ['correct'] }],
  };
  return billingCodeFamily.compute({ instance, request: REQUEST, completions });
};

describe('mimiciv_billing_code definition and metrics', () => {
  it('is a 256-token generation prompt "Note:\\n…\\nPredicted ICD-10 Codes:" with main metric F1', () => {
    expect(mimicivBillingCode.prompt).toMatchObject({
      method: 'generation',
      input_noun: 'Note',
      newline_after_input_noun: true,
      output_noun: 'Predicted ICD-10 Codes',
      max_tokens: 256,
      stop_sequences: [],
    });
    expect(mimicivBillingCode.main_metric).toBe('mimiciv_billing_code_f1');
  });

  it("scores HELM's extraction and the corrected one per instance, with ratio helpers for the micro metrics", () => {
    const values = score('S72.001A,0QS604Z,E11.9', ['  S72.009A, e11.9 and 0QS604Z ']);
    // HELM: gold {S72, E11.9}, pred {S72} (e11.9 is lower-case, PCS never matches).
    expect(values.mimiciv_billing_code_precision).toBe(1);
    expect(values.mimiciv_billing_code_recall).toBe(0.5);
    expect(values.mimiciv_billing_code_f1).toBeCloseTo(2 / 3);
    // Corrected: gold {S72001A, 0QS604Z, E119}, pred {S72009A, E119, 0QS604Z} → 2 of 3 each way.
    expect(values.mimiciv_billing_code_f1_corrected).toBeCloseTo(2 / 3);
    expect(values).toMatchObject({
      mimiciv_billing_code_tp_corrected: 2,
      mimiciv_billing_code_predicted_corrected: 3,
      mimiciv_billing_code_gold_corrected: 3,
      mimiciv_billing_code_tp2_corrected: 4,
      mimiciv_billing_code_predicted_plus_gold_corrected: 6,
    });
    expect(score('E11.9', [])).toEqual({});
    expect(
      mimicivBillingCode.metrics[0]!.metrics.filter((m) => m.aggregation?.kind === 'ratio').map((m) => m.name),
    ).toEqual([
      'mimiciv_billing_code_micro_precision_corrected',
      'mimiciv_billing_code_micro_recall_corrected',
      'mimiciv_billing_code_micro_f1_corrected',
    ]);
  });
});

describe('mimiciv_billing_code load (invented notes)', () => {
  it('reads JSON Lines: codes joined by ",", a scalar target wrapped, a row HELM would raise on skipped', async () => {
    const { ctx, loaded } = await load(JSONL);
    expect(loaded.instances.map((x) => [x.id, x.source_id, x.references[0]!.output.text])).toEqual([
      ['id0', '0', 'E11.9,I10'],
      ['id1', '1', 'S72.001A,0QS604Z'],
      ['id2', '2', 'Z79.4'],
    ]);
    expect(ctx.logs.some((l) => l.includes('skipping row 3'))).toBe(true);
    expect(renderGenerationPrompt(mimicivBillingCode.prompt, loaded.instances[1]!)).toBe(
      `${mimicivBillingCode.prompt.instructions}\n\nNote:\nImaginary hip fracture repaired.\nPredicted ICD-10 Codes:`,
    );
  });

  it('reads a Feather (Arrow IPC) file with a list-of-strings target', async () => {
    const table = new Table({
      text: vectorFromArray(['Invented note A.', 'Invented note B.'], new Utf8()),
      target: vectorFromArray([['E11.9', 'I10'], ['0DTJ4ZZ']], new List(new Field('item', new Utf8(), true))),
    });
    const path = join(await tempDir(), 'mimiciv_icd10.feather');
    await writeFile(path, tableToIPC(table, 'file'));
    const { loaded } = await load(path);
    expect(loaded.instances.map((x) => [x.input.text, x.references[0]!.output.text])).toEqual([
      ['Invented note A.', 'E11.9,I10'],
      ['Invented note B.', '0DTJ4ZZ'],
    ]);
  });

  it('needs data_path; an unreadable Feather file is EF_DATA_FORMAT', async () => {
    await expect(load(null)).rejects.toMatchObject({ code: 'EF_MISSING_DATA_PATH' });
    const path = join(await tempDir(), 'x.feather');
    await writeFile(path, 'FEA1 not arrow');
    await expect(load(path)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('Feather'),
    });
  });
});
