import { describe, expect, it } from '@jest/globals';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  recordingContext,
  renderGenerationPrompt,
  tempDir,
  fixtureNotes,
} from '../../test-support/shared/test-support.js';
import { mtsamplesProcedures } from './definition.js';
import { helmCannotDownload, procedureReport } from './sections.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

async function load(dataPath: string) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await mtsamplesProcedures.load(ctx) };
}

/** Oracle: CPython running HELM's scenario logic (docs/benchmarks/mtsamples_procedures.md) over the fixture files. */
const HELM = [
  [
    'Appendectomy (Invented).txt',
    'Medical Specialty:\u00a0Surgery\nSample Name:\u00a0Invented Appendectomy\n\nPREOPERATIVE DIAGNOSIS:  Made-up appendicitis.\nPROCEDURE:  Fictional laparoscopic appendectomy.',
    'An imaginary inflamed appendix.',
  ],
  ['Cast Removal - Plan.txt', 'Sample Name: Cast Removal', 'Physical therapy twice a week for a made-up six weeks.'],
  ['Summary & Empty Plan.txt', 'Sample Name: Summary', 'Invented summary sentence.'],
];
const LOST = [
  'Vascular Note Sample Report #2.txt',
  'Sample Name: SOAP note\n\nSUBJECTIVE: Fictional leg pain.',
  'Invented weak pulses.',
];

describe('mtsamples_procedures definition', () => {
  it('is a 512-token generation prompt "Patient Notes: …\\nAnswer:", jury with a corrected set, ROUGE', () => {
    expect(mtsamplesProcedures.prompt).toMatchObject({
      method: 'generation',
      input_noun: 'Patient Notes',
      output_noun: 'Answer',
      max_tokens: 512,
      temperature: 0,
      stop_sequences: [],
    });
    expect(mtsamplesProcedures.main_metric).toBe('mtsamples_procedures_accuracy');
    expect(mtsamplesProcedures.corrected_selection).toBe('independent');
    const names = mtsamplesProcedures.metrics.flatMap((f) => f.metrics.map((m) => m.name));
    expect(names).toEqual(
      expect.arrayContaining([
        'mtsamples_procedures_accuracy_corrected',
        'mtsamples_procedures_accuracy_judge_llama',
        'rouge_l',
      ]),
    );
    const { template } = mtsamplesProcedures.jury!;
    for (const p of ['{{QUESTION}}', '{{RESPONSE}}', '{{GOLD_RESPONSE}}']) expect(template.split(p)).toHaveLength(2);
    expect(template).toContain('<user_request>');
  });
});

describe('mtsamples_procedures sections', () => {
  it.each([
    ['FINDINGS only', 'Op.\nFINDINGS: Clean.\nMore.', 'Op.', 'Clean.', 'FINDINGS'],
    ['input ends before the earliest marker', 'A\nFINDINGS: f\nB\nPLAN: p', 'A', 'p', 'PLAN'],
    ['an empty PLAN falls back to SUMMARY', 'A\nPLAN:\nSUMMARY: s', 'A', 's', 'SUMMARY'],
    ['the section is between the first two occurrences', 'A PLAN: one PLAN: two', 'A', 'one', 'PLAN'],
  ])('%s', (_what, text, input, reference, section) => {
    expect(procedureReport(text)).toEqual({
      kind: 'instance',
      split: { input, reference, section, referenceInInput: false },
    });
  });

  it("a marker only in another case is HELM's IndexError; no marker is none", () => {
    expect(procedureReport('A\nPlan: p')).toEqual({
      kind: 'error',
      message: '"PLAN:" occurs only in another case (list index out of range)',
    });
    expect(procedureReport('A\nPROCEDURE: p')).toEqual({ kind: 'none' });
  });

  it('HELM cannot download names with # (URL fragment) or ? (query)', () => {
    expect(['a #2.txt', 'a?.txt', 'a & b (1).txt'].map(helmCannotDownload)).toEqual([true, true, false]);
  });
});

describe('mtsamples_procedures load (invented reports)', () => {
  it('HELM set skips the # file; the corrected set keeps it; texts as HELM reads them', async () => {
    for (const dataPath of [FIXTURE, join(FIXTURE, 'mtsample_procedure')]) {
      const { ctx, loaded } = await load(dataPath);
      const helm = loaded.instances.filter((x) => x.variant === undefined);
      const corrected = loaded.instances.filter((x) => x.variant === 'corrected');
      expect(helm.map((x) => [x.source_id, x.input.text, x.references[0]!.output.text])).toEqual(HELM);
      expect(helm.map((x) => x.id)).toEqual(['id0', 'id1', 'id2']);
      expect(corrected.map((x) => [x.source_id, x.input.text, x.references[0]!.output.text])).toEqual([...HELM, LOST]);
      expect(corrected.map((x) => x.id)).toEqual(['c-id0', 'c-id1', 'c-id2', 'c-id3']);
      expect(loaded.data.num_rows).toBe(6);
      expect(ctx.logs).toContain(
        'mtsamples_procedures: HELM skips Mixed Case Findings.txt: "FINDINGS:" occurs only in another case (list index out of range)',
      );
      expect(fixtureNotes(ctx)).toEqual({ notes: 1, drift: 0 });
    }
  });

  it('renders "{instruction}\\n\\nPatient Notes: {input}\\nAnswer:"', async () => {
    const { loaded } = await load(FIXTURE);
    expect(renderGenerationPrompt(mtsamplesProcedures.prompt, loaded.instances[1]!)).toBe(
      `${mtsamplesProcedures.prompt.instructions}\n\nPatient Notes: Sample Name: Cast Removal\nAnswer:`,
    );
  });

  it('a data_path that is not a folder is EF_DATA_NOT_FOUND', async () => {
    await expect(load(join(FIXTURE, 'nope'))).rejects.toMatchObject({ code: 'EF_DATA_NOT_FOUND' });
  });
});
