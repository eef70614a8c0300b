import { describe, expect, it } from '@jest/globals';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exactMatchFamily } from '@eval-factory/metrics';
import { recordingContext, renderMcqPrompt, tempDir } from '../shared/test-support.js';
import { ehrshot } from './definition.js';
import { fixtureMedsFiles } from './fixture-meds.js';
import { ehrshotInputText } from './prompt.js';
import { EHRSHOT_TASKS } from './tasks.js';
import { countCl100kTokens } from './token-count.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture', 'meds');

async function load(args: Record<string, string | number | null>, dataPath: string = FIXTURE) {
  const ctx = recordingContext({ cacheDir: await tempDir(), dataPath, args });
  return { ctx, loaded: await ehrshot.load(ctx) };
}

const gold = (x: { references: readonly { output: { text: string }; tags: readonly string[] }[] }) =>
  x.references.find((r) => r.tags.includes('correct'))?.output.text;

describe('ehrshot fixture', () => {
  it('fixture/meds holds exactly the tables of fixture-meds.ts (UPDATE_FIXTURES=1 rewrites them)', async () => {
    for (const [rel, bytes] of fixtureMedsFiles()) {
      const path = join(FIXTURE, rel);
      if (process.env.UPDATE_FIXTURES === '1') {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, bytes);
      }
      expect(new Uint8Array(await readFile(path))).toEqual(bytes);
    }
  });
});

describe('ehrshot definition', () => {
  it('declares subject (14 tasks, required) then max_length (100000), an MCQ-joint one-token prompt and exact_match', () => {
    expect(ehrshot.name).toBe('ehrshot');
    expect(ehrshot.args.map((a) => [a.name, a.default])).toEqual([
      ['subject', null],
      ['max_length', 100000],
    ]);
    expect(ehrshot.args[0].values).toEqual(EHRSHOT_TASKS);
    expect(EHRSHOT_TASKS).toHaveLength(14);
    expect(ehrshot.prompt).toMatchObject({
      method: 'multiple_choice_joint',
      max_tokens: 1,
      temperature: 0,
      stop_sequences: [],
      input_noun: '',
      max_train_instances: 0,
    });
    expect(ehrshot.prompt.output_noun).toMatch(/\bA\b.*\bB\b/);
    expect(ehrshot.metrics).toEqual([exactMatchFamily]);
    expect(ehrshot.main_metric).toBe('exact_match');
    expect(ehrshot.source.revision).toBeNull();
  });
});

describe('ehrshot load: guo_los (labels not in (subject, time) order)', () => {
  it('pairs frame row i with the prompt of the i-th sorted label, as HELM does, and warns', async () => {
    const { ctx, loaded } = await load({ subject: 'guo_los' });
    const xs = loaded.instances;
    expect(xs.map((x) => x.id)).toEqual(['id0', 'id1', 'id2', 'id3', 'id4']);
    expect(new Set(xs.map((x) => x.split))).toEqual(new Set(['test']));
    expect(xs.map((x) => x.references.map((r) => r.output.text))).toEqual(Array(5).fill(['yes', 'no']));
    expect(xs.map(gold)).toEqual(['yes', 'no', 'yes', 'no', 'yes']);
    expect(xs.map((x) => x.extra_data)).toEqual(
      [0, 1, 2, 3, 4].map((row, i) => ({ labels_row: row, prompt_labels_row: [2, 1, 0, 3, 4][i] })),
    );
    expect(xs[0].source_id).toBe('102@2021-02-10T23:59:00.000000');
    const first = ['MEDS_BIRTH', 'ICD10CM/I10', 'Visit/IP', 'LOINC/2951-2', 'CPT4/99223'];
    expect(xs.map((x) => x.input.text)).toEqual([
      ehrshotInputText('guo_los', first),
      ehrshotInputText('guo_los', [...first, 'ICD10CM/N17.9', 'Visit/ER']),
      ehrshotInputText('guo_los', ['MEDS_BIRTH', 'SNOMED/59621000', 'Visit/IP']),
      ehrshotInputText('guo_los', ['MEDS_BIRTH', 'Note/café visit (follow-up)', null, 'LOINC/718-7']),
      ehrshotInputText('guo_los', []),
    ]);
    expect(xs[3].input.text).toContain('\n- None\n- LOINC/718-7\n\n');
    expect(xs[4].input.text.endsWith('Patient EHR:\n\n\n')).toBe(true);
    expect(ctx.warnings).toEqual([
      { code: 'EF_HELM_MISALIGNMENT', message: expect.stringContaining('2 of 5 instances') },
    ]);
  });

  it('records the three files with their sha256 and the label row count', async () => {
    const { loaded } = await load({ subject: 'guo_los' });
    expect(loaded.data.files.map((f) => f.path.slice(FIXTURE.length + 1))).toEqual([
      'data/data.parquet',
      'metadata/subject_splits.parquet',
      'labels/guo_los/labels.parquet',
    ]);
    expect(loaded.data.files.every((f) => /^[0-9a-f]{64}$/.test(f.sha256) && f.bytes > 0)).toBe(true);
    expect(loaded.data).toMatchObject({ revision: null, num_rows: 5 });
  });

  it('renders HELM\'s layout: instructions, blank line, ": " + scenario text, the yes/no options, the output noun', async () => {
    const { loaded } = await load({ subject: 'guo_los' });
    const x = loaded.instances[4];
    expect(renderMcqPrompt(ehrshot.prompt, x)).toBe(
      `${ehrshot.prompt.instructions}\n\n: ${x.input.text}\nA. yes\nB. no\n${ehrshot.prompt.output_noun}:`,
    );
    expect(x.input.text).toBe(
      '\n# Instructions\nYou are a highly experienced hospitalist at Stanford Healthcare, the academic medical center affiliated with Stanford University, and your specialty is predicting length of stay.\n\n' +
        "Instruction: Go through the patient's EHR history and, drawing on all of the medical evidence it provides, answer this question: " +
        'If this patient were admitted to the hospital now, would the stay probably last at least 7 days (one week)?\n\n\n# Your Task\nPatient EHR:\n\n\n',
    );
  });
});

describe('ehrshot load: new_hypertension (labels already sorted)', () => {
  it('keeps every label with its own prompt, logs instead of warning, and lists the phenotype codes sorted', async () => {
    const { ctx, loaded } = await load({ subject: 'new_hypertension' });
    expect(loaded.instances.map(gold)).toEqual(['no', 'yes', 'no']);
    expect(loaded.instances.map((x) => x.extra_data?.prompt_labels_row)).toEqual([0, 1, 2]);
    expect(ctx.warnings).toEqual([]);
    expect(ctx.logs.join('\n')).toContain('every instance keeps its own prompt');
    const text = loaded.instances[0].input.text;
    expect(text).toContain('\n\nClinical Definition: Hypertension is a chronic condition');
    expect(text).toContain(
      'is indicated when any one of these medical codes appears: ICD10CM/I10, ICD9CM/401, ICD9CM/401.0, ICD9CM/401.1, ICD9CM/401.9, ' +
        'SNOMED/1201005, SNOMED/1218009, SNOMED/155296003, SNOMED/18416000, SNOMED/194758001, SNOMED/194760004, SNOMED/19769006, ' +
        'SNOMED/23717007, SNOMED/266228004, SNOMED/35303009, SNOMED/371125006, SNOMED/40511000119107, SNOMED/429457004, ' +
        'SNOMED/46481004, SNOMED/59621000, SNOMED/63287004, SNOMED/71874008, SNOMED/72022006, SNOMED/78808002, SNOMED/78975002, ' +
        'SNOMED/9901000\n\nInstruction: ',
    );
  });
});

describe('ehrshot load: lab_anemia (pandas sample, seed 1)', () => {
  it('orders the frame like df.sample(random_state=1) and assigns sorted prompts by position', async () => {
    const { ctx, loaded } = await load({ subject: 'lab_anemia' });
    const xs = loaded.instances;
    // np.random.RandomState(1).permutation(7) = [6, 2, 1, 0, 4, 3, 5]
    expect(xs.map((x) => x.extra_data?.labels_row)).toEqual([6, 2, 1, 0, 4, 3, 5]);
    expect(xs.map((x) => x.extra_data?.prompt_labels_row)).toEqual([4, 1, 0, 2, 5, 3, 6]);
    expect(xs.map(gold)).toEqual(['yes', 'no', 'no', 'yes', 'no', 'yes', 'no']); // a null boolean_value is "no"
    const codes = (x: (typeof xs)[number]) =>
      x.input.text
        .split('Patient EHR:\n')[1]
        .split('\n')
        .filter((l) => l !== '');
    expect(xs.map(codes)).toEqual([
      ['- MEDS_BIRTH', '- ICD10CM/I10'],
      ['- MEDS_BIRTH', '- ICD10CM/I10'],
      ['- MEDS_BIRTH', '- ICD10CM/I10', '- Visit/IP', '- LOINC/2951-2'],
      ['- MEDS_BIRTH', '- SNOMED/59621000'],
      [], // a missing prediction time matches no event
      ['- MEDS_BIRTH', '- Note/café visit (follow-up)'],
      ['- MEDS_BIRTH', '- Note/café visit (follow-up)', '- None', '- LOINC/718-7'],
    ]);
    expect(xs[0].input.text).toContain('(i.e. <120 g/L)?');
    expect(ctx.warnings.map((w) => w.message)).toEqual([expect.stringContaining('6 of 7 instances')]);
    expect(ctx.logs.join('\n')).toContain('7 of 7 labels sampled');
  });
});

describe('ehrshot max_length (cl100k_base tokens of the scenario text)', () => {
  it('drops prompts longer than max_length and keeps those at the limit; null keeps all', async () => {
    const all = (await load({ subject: 'guo_los', max_length: null })).loaded.instances;
    const lengths = all.map((x) => countCl100kTokens(x.input.text));
    const limit = [...lengths].sort((a, b) => a - b)[2];
    const { ctx, loaded } = await load({ subject: 'guo_los', max_length: String(limit) });
    expect(loaded.instances.map((x) => x.extra_data?.labels_row)).toEqual(
      all.filter((_, i) => lengths[i] <= limit).map((x) => x.extra_data?.labels_row),
    );
    expect(loaded.instances).toHaveLength(3);
    expect(loaded.instances.map((x) => x.id)).toEqual(['id0', 'id1', 'id2']);
    expect(ctx.logs.join('\n')).toContain(`dropped 2 of 5 labels whose prompt exceeds max_length=${limit}`);
  });
});
