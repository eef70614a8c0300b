import { describe, expect, it } from '@jest/globals';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exactMatchFamily } from '@eval-factory/metrics';
import {
  recordingContext,
  renderMcqPrompt,
  tempDir,
  fixtureNotes,
  copyOutOfPackage,
} from '../../test-support/shared/test-support.js';
import { pubmedQa } from './definition.js';
import { buildPubmedQaInstances, pubmedQaInputText } from './load.js';

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixture');
const FIXTURE = join(FIXTURE_DIR, 'ori_pqal.json');

async function loadFixture(dataPath = FIXTURE) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath });
  return { ctx, loaded: await pubmedQa.load(ctx) };
}

describe('pubmed_qa definition', () => {
  it('declares an MCQ-joint, one-token, stop-free prompt with the spec nouns and exact_match', () => {
    expect(pubmedQa.name).toBe('pubmed_qa');
    expect(pubmedQa.args).toEqual([]);
    expect(pubmedQa.prompt).toMatchObject({
      method: 'multiple_choice_joint',
      max_tokens: 1,
      temperature: 0,
      stop_sequences: [],
      input_noun: 'Question',
      output_noun: 'Answer',
    });
    expect(pubmedQa.metrics).toEqual([exactMatchFamily]);
    expect(pubmedQa.main_metric).toBe('exact_match');
    expect(pubmedQa.source.revision).toBe('1f00b98d5cc626844bf8c4ca513b6e62c40071ec');
  });
});

describe('pubmed_qa load (fixture through data_path)', () => {
  it('keeps file key order (not numeric order), ids id0…, split test, source_id = PMID', async () => {
    const { loaded } = await loadFixture();
    expect(loaded.instances.map((x) => x.source_id)).toEqual(['30000002', '1000005', '29000003', '999', '12345678']);
    expect(loaded.instances.map((x) => x.id)).toEqual(['id0', 'id1', 'id2', 'id3', 'id4']);
    expect(new Set(loaded.instances.map((x) => x.split))).toEqual(new Set(['test']));
    expect(loaded.data.num_rows).toBe(5);
    expect(loaded.data.files[0].path).toBe(FIXTURE);
  });

  it('builds the input text with title-cased labels, one context per line', async () => {
    const { loaded } = await loadFixture();
    expect(loaded.instances[0].input.text).toBe(
      'Context: Background. Hiccups are a common nuisance with many folk remedies.\n' +
        'Materials And Methods. Forty invented volunteers hummed a tune for one minute during an episode of hiccups.\n' +
        'Results. Episodes ended earlier in the humming group than in the control group.\n\n' +
        'Question: Does humming reduce the duration of hiccups in adults?\n',
    );
  });

  it('gives references yes/no/maybe in that order with the decision tagged correct', async () => {
    const { loaded } = await loadFixture();
    const correct = loaded.instances.map((x) => x.references.find((r) => r.tags.includes('correct'))?.output.text);
    expect(correct).toEqual(['yes', 'no', 'maybe', 'no', 'yes']);
    for (const instance of loaded.instances) {
      expect(instance.references.map((r) => r.output.text)).toEqual(['yes', 'no', 'maybe']);
      expect(instance.references.filter((r) => r.tags.length > 0)).toHaveLength(1);
    }
  });

  it('renders HELM\'s layout: "Question:" twice and a blank line before the options', async () => {
    const { loaded } = await loadFixture();
    const prompt = renderMcqPrompt(pubmedQa.prompt, loaded.instances[3]);
    expect(prompt).toBe(
      `${pubmedQa.prompt.instructions}\n\nQuestion: Context: Methods. Patients on an invented ward received paper or plastic straws.\n\n` +
        'Question: Do paper straws change how much water patients drink?\n\nA. yes\nB. no\nC. maybe\nAnswer:',
    );
  });

  it("warns EF_DATA_DRIFT for a user's data_path copy whose hash differs from the pin", async () => {
    const { ctx } = await loadFixture(await copyOutOfPackage(FIXTURE));
    expect(ctx.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });

  it('notes the shipped fixture in the log instead of warning EF_DATA_DRIFT', async () => {
    const { ctx } = await loadFixture();
    expect(fixtureNotes(ctx)).toEqual({ notes: 1, drift: 0 });
  });

  it('accepts a data_path folder holding ori_pqal.json', async () => {
    const { loaded } = await loadFixture(FIXTURE_DIR);
    expect(loaded.instances).toHaveLength(5);
  });

  it('rejects a cached copy with the wrong checksum (EF_DATA_CHECKSUM) unless drift is allowed', async () => {
    const cacheDir = await tempDir();
    await mkdir(join(cacheDir, 'datasets', 'pubmed_qa'), { recursive: true });
    await copyFile(FIXTURE, join(cacheDir, 'datasets', 'pubmed_qa', 'ori_pqal.json'));
    await expect(pubmedQa.load(recordingContext({ cacheDir }))).rejects.toMatchObject({ code: 'EF_DATA_CHECKSUM' });
    const drifting = recordingContext({ cacheDir, allowDataDrift: true });
    expect((await pubmedQa.load(drifting)).instances).toHaveLength(5);
    expect(drifting.warnings.map((w) => w.code)).toEqual(['EF_DATA_DRIFT']);
  });

  it('reports invalid JSON as EF_DATA_FORMAT naming the file', async () => {
    const file = join(await tempDir(), 'ori_pqal.json');
    await writeFile(file, '{"1": {"QUESTION": "q"');
    await expect(loadFixture(file)).rejects.toMatchObject({
      code: 'EF_DATA_FORMAT',
      message: expect.stringContaining(file),
    });
  });
});

describe('pubmed_qa entry checks (HELM asserts become EF_DATA_FORMAT naming the PMID)', () => {
  const good = { QUESTION: 'Q?', CONTEXTS: ['c1', 'c2'], LABELS: ['AIMS', 'CASE REPORT'], final_decision: 'maybe' };

  it('builds Python-title-cased labels', () => {
    expect(pubmedQaInputText({ ...good, LABELS: ['COVID19CASE', 'RATIONALE, AIMS AND OBJECTIVES'] })).toBe(
      'Context: Covid19Case. c1\nRationale, Aims And Objectives. c2\n\nQuestion: Q?\n',
    );
  });

  it.each([
    ['mismatched CONTEXTS/LABELS', { ...good, LABELS: ['AIMS'] }, '2 CONTEXTS but 1 LABELS'],
    ['an invalid decision', { ...good, final_decision: 'Yes' }, 'final_decision'],
    ['a missing QUESTION', { ...good, QUESTION: undefined }, 'QUESTION'],
    ['non-string contexts', { ...good, CONTEXTS: [1, 2] }, 'CONTEXTS'],
    ['a non-object entry', 'oops', 'not an object'],
  ])('rejects %s', (_label, entry, detail) => {
    expect(() => buildPubmedQaInstances([['4242', entry]], 'f.json')).toThrow(
      expect.objectContaining({
        code: 'EF_DATA_FORMAT',
        message: expect.stringMatching(new RegExp(`f\\.json.*PMID 4242.*${detail}`)),
      }),
    );
  });
});
