import { describe, expect, it } from '@jest/globals';
import { copyFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  recordingContext,
  renderGenerationPrompt,
  tempDir,
  fixtureNotes,
} from '../../test-support/shared/test-support.js';
import { aciBench } from './definition.js';
import { ACI_BENCH_FILES } from './load.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture');

async function load(dataPath: string) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await aciBench.load(ctx) };
}

describe('aci_bench definition', () => {
  it('is a 768-token generation prompt with nouns Conversation / Clinical Note, the four sections, jury and ROUGE', () => {
    expect(aciBench.prompt).toMatchObject({
      method: 'generation',
      input_noun: 'Conversation',
      output_noun: 'Clinical Note',
      max_tokens: 768,
      temperature: 0,
      stop_sequences: [],
    });
    expect(aciBench.prompt.instructions).toContain(
      '1. HISTORY OF PRESENT ILLNESS\n2. PHYSICAL EXAM\n3. RESULTS\n4. ASSESSMENT AND PLAN\n\n',
    );
    expect(aciBench.prompt.instructions).toMatch(/:$/);
    expect(aciBench.main_metric).toBe('aci_bench_accuracy');
    const { template } = aciBench.jury!;
    for (const p of ['{{QUESTION}}', '{{RESPONSE}}', '{{GOLD_RESPONSE}}']) expect(template.split(p)).toHaveLength(2);
    expect(template).toContain('<conversation>');
  });
});

describe('aci_bench load (invented dialogues)', () => {
  it("numbers train then the test files in HELM's order (test1, test3, test2); inputs get the dialogue heading", async () => {
    const { ctx, loaded } = await load(FIXTURE);
    expect(loaded.instances.map((x) => [x.id, x.split, x.source_id])).toEqual([
      ['id0', 'train', 'T001-fake'],
      ['id1', 'test', 'B001-fake'],
      ['id2', 'test', 'B002-fake'],
      ['id3', 'test', 'C3001-fake'],
      ['id4', 'test', 'C2001-fake'],
    ]);
    expect(loaded.instances[3]!.input.text).toBe(
      'Doctor-patient dialogue:\n\n[doctor] how is the imaginary rash ?\n[patient] better .  ',
    );
    expect(loaded.instances[3]!.references).toEqual([
      { output: { text: 'PHYSICAL EXAM\n\nSkin: clear.\n' }, tags: ['correct'] },
    ]);
    expect(loaded.data.files).toHaveLength(4);
    expect(fixtureNotes(ctx)).toEqual({ notes: 4, drift: 0 });
  });

  it('renders "{instruction}\\n\\nConversation: Doctor-patient dialogue:\\n\\n{src}\\nClinical Note:"', async () => {
    const { loaded } = await load(FIXTURE);
    expect(renderGenerationPrompt(aciBench.prompt, loaded.instances[4]!)).toBe(
      `${aciBench.prompt.instructions}\n\nConversation: Doctor-patient dialogue:\n\n[doctor] see you soon .\n[patient] thanks .\nClinical Note:`,
    );
  });

  it('names a missing file (EF_DATA_NOT_FOUND) and a malformed one (EF_DATA_FORMAT)', async () => {
    const dir = await tempDir();
    await copyFile(join(FIXTURE, ACI_BENCH_FILES[0]!.name), join(dir, ACI_BENCH_FILES[0]!.name));
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_NOT_FOUND',
      message: expect.stringContaining(ACI_BENCH_FILES[1]!.name),
    });
    await writeFile(join(dir, ACI_BENCH_FILES[0]!.name), '{"data": [{"src": 1, "tgt": "x"}]}');
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('data[0]: src'),
    });
    await writeFile(join(dir, ACI_BENCH_FILES[0]!.name), '[]');
    await expect(load(dir)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining('"data" list'),
    });
  });
});
