import { describe, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { caught, contextFor, definitionFrom, loadFrom, scoreWith, writeFiles } from './custom-test-support.js';
import { loadCustomBenchmark } from './definition.js';

/** A self-written definition in MedHELM's configurable-benchmark format (the shape of HELM's documentation). */
const PROMPT =
  'You are a clinical assistant. Answer from the note.\n\nPatient ID: {patient_id}\n\nPatient Note:\n{note}\n\nQuestion:\n{question}\n\nAnswer with a single token: "Yes" or "No"\n';
const DATASET = [
  'patient_id,note,question,correct_answer,incorrect_answers',
  '001,"Patient with hypertension.","Does the patient have hypertension?","Yes","[""No""]"',
  '002,"Patient denies smoking.","Does the patient smoke?","No","[""Yes""]"',
].join('\n');
const CONFIG = `# Name of your benchmark
name: EXACT-MATCH-TOY
description: Yes/no questions about invented clinical notes.
prompt_file: em_prompt.txt
dataset_file: em_dataset.csv
max_tokens: 1
metrics:
  - name: exact_match
`;
const JUDGE =
  'Evaluate the summary.\n<QUESTION>\n{QUESTION}\n</QUESTION>\n<RESPONSE>\n{RESPONSE}\n</RESPONSE>\n<rubric_criteria>\n{\n  "faithfulness": {"score": 0, "explanation": "Explain."},\n  "clarity": {"score": 0, "explanation": "Explain."}\n}\n</rubric_criteria>\n';
const JURY_CONFIG = `name: JURY-TOY
description: Invented discharge summaries.
prompt_file: em_prompt.txt
dataset_file: jury.csv
metrics:
  - name: jury_score
    prompt_file: judge.txt
    judges:
      - name: "huggingface/qwen2.5-7b-instruct"
        model_name: "qwen/qwen2.5-7b-instruct"
`;
const BASE = { 'em.yaml': CONFIG, 'em_prompt.txt': PROMPT, 'em_dataset.csv': DATASET };

describe('MedHELM configurable benchmark: runs unchanged', () => {
  it('prompt: the filled prompt file as input, HELM generation layout (no instructions, no nouns, no stop)', async () => {
    const { instances, benchmark } = await loadFrom(BASE, 'em.yaml');
    expect(benchmark.name).toBe('EXACT-MATCH-TOY');
    expect(benchmark.prompt).toEqual({
      method: 'generation',
      instructions: '',
      input_noun: null,
      output_noun: null,
      max_tokens: 1,
      stop_sequences: [],
      temperature: 0,
      max_train_instances: 0,
    });
    // pandas reads 001 as the integer 1, so HELM's prompt shows "Patient ID: 1".
    expect(instances[0]!.input.text).toBe(
      PROMPT.replace('{patient_id}', '1')
        .replace('{note}', 'Patient with hypertension.')
        .replace('{question}', 'Does the patient have hypertension?'),
    );
    expect(instances.map((i) => i.references)).toEqual([
      [
        { output: { text: 'Yes' }, tags: ['correct'] },
        { output: { text: 'No' }, tags: [] },
      ],
      [
        { output: { text: 'No' }, tags: ['correct'] },
        { output: { text: 'Yes' }, tags: [] },
      ],
    ]);
  });

  it('scores as HELM: the whole exact-match family against correct_answer, main metric = first', async () => {
    const { instances, benchmark } = await loadFrom(BASE, 'em.yaml');
    expect(benchmark.main_metric).toBe('exact_match');
    expect(benchmark.metrics.flatMap((f) => f.metrics.filter((m) => m.report).map((m) => m.name))).toEqual([
      'exact_match',
      'quasi_exact_match',
      'prefix_exact_match',
      'quasi_prefix_exact_match',
    ]);
    expect(scoreWith(benchmark, { instance: instances[0]!, completions: [' Yes'] })).toEqual({
      exact_match: 1,
      quasi_exact_match: 1,
      prefix_exact_match: 1,
      quasi_prefix_exact_match: 1,
    });
    expect(scoreWith(benchmark, { instance: instances[1]!, completions: ['no.'] })).toEqual({
      exact_match: 0,
      quasi_exact_match: 1,
      prefix_exact_match: 0,
      quasi_prefix_exact_match: 1,
    });
  });

  it('defaults and options: max_tokens 1024, `main: true`, a category column becomes sub_split and a breakdown', async () => {
    const config = CONFIG.replace('max_tokens: 1\n', '').replace(
      '  - name: exact_match\n',
      '  - name: exact_match\n  - name: rouge_l\n    main: true\n',
    );
    const csv = DATASET.replace('incorrect_answers', 'incorrect_answers,category')
      .replace('"[""No""]"', '"[""No""]",binary')
      .replace('"[""Yes""]"', '"[""Yes""]",binary');
    const { instances, benchmark } = await loadFrom({ ...BASE, 'em.yaml': config, 'em_dataset.csv': csv }, 'em.yaml');
    expect([benchmark.prompt.max_tokens, benchmark.main_metric]).toEqual([1024, 'rouge_l']);
    expect(instances.map((i) => i.sub_split)).toEqual(['binary', 'binary']);
    expect(benchmark.breakdown?.name).toBe('category');
  });

  it('jury_score: the rubric with {QUESTION}/{RESPONSE} placeholders and its criteria; correct_answer optional', async () => {
    const { instances, benchmark, ctx } = await loadFrom(
      {
        'jury.yaml': JURY_CONFIG,
        'em_prompt.txt': PROMPT,
        'judge.txt': JUDGE,
        'jury.csv': 'patient_id,note,question\n7,n,q\n',
      },
      'jury.yaml',
    );
    expect(benchmark.jury).toEqual({
      annotator: 'jury',
      template: JUDGE.replace('{QUESTION}', '{{QUESTION}}').replace('{RESPONSE}', '{{RESPONSE}}'),
      criteria: ['faithfulness', 'clarity'],
    });
    expect(benchmark.main_metric).toBe('jury_score');
    expect(instances[0]!.references).toEqual([]);
    expect(ctx.logs.join('\n')).toContain('huggingface/qwen2.5-7b-instruct');
  });

  it('files are found next to the YAML, else in the working directory (where HELM looks)', async () => {
    const dir = writeFiles({ 'em_prompt.txt': PROMPT, 'em_dataset.csv': DATASET });
    mkdirSync(join(dir, 'configs'));
    writeFileSync(join(dir, 'configs', 'em.yaml'), CONFIG);
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const benchmark = loadCustomBenchmark('configs/em.yaml');
      expect((await benchmark.load(contextFor(dir))).instances).toHaveLength(2);
    } finally {
      process.chdir(cwd);
    }
  });
});

/** Broken MedHELM definitions: files over BASE, the main file, the code, message fragments. */
const MEDHELM_ERRORS: readonly [string, Record<string, string>, string, string, readonly string[]][] = [
  [
    'a placeholder the CSV lacks (HELM would fill "")',
    { 'em_prompt.txt': 'Age: {age}\n' },
    'em.yaml',
    'EF_CUSTOM_TEMPLATE',
    ['em_prompt.txt uses "age"', 'em_dataset.csv does not have'],
  ],
  [
    'a lone closing brace',
    { 'em_prompt.txt': 'Note: {note} }\n' },
    'em.yaml',
    'EF_CUSTOM_TEMPLATE',
    ["single '}' at character 13"],
  ],
  [
    'literal JSON braces not doubled',
    { 'em_prompt.txt': 'Reply as {"answer": "Yes"} for {note}\n' },
    'em.yaml',
    'EF_CUSTOM_TEMPLATE',
    ['unsupported placeholder {"answer": "Yes"}', "write '{{' and '}}'"],
  ],
  [
    'a missing correct_answer column with exact_match',
    { 'em_dataset.csv': 'patient_id,note,question\n1,n,q\n' },
    'em.yaml',
    'EF_CUSTOM_DATA',
    ['em_dataset.csv header (line 1) has no column "correct_answer"'],
  ],
  [
    'incorrect_answers that is not JSON',
    { 'em_dataset.csv': DATASET.replace('"[""No""]"', 'No') },
    'em.yaml',
    'EF_CUSTOM_DATA',
    ['em_dataset.csv row 1 (line 2), column "incorrect_answers": expected a JSON list'],
  ],
  [
    'an empty incorrect_answers cell',
    { 'em_dataset.csv': DATASET.replace('"[""No""]"', '') },
    'em.yaml',
    'EF_CUSTOM_DATA',
    ['column "incorrect_answers": is empty', 'write []'],
  ],
  [
    'a missing dataset file',
    { 'em.yaml': CONFIG.replace('em_dataset.csv', 'nope.csv') },
    'em.yaml',
    'EF_CUSTOM_DATA',
    ['dataset_file (line 5', 'nope.csv'],
  ],
  [
    'a missing prompt file',
    { 'em.yaml': CONFIG.replace('em_prompt.txt', 'nope.txt') },
    'em.yaml',
    'EF_CUSTOM_TEMPLATE',
    ['prompt_file (line 4', 'nope.txt'],
  ],
  [
    'BERTScore',
    { 'em.yaml': CONFIG.replace('exact_match', 'BERTScore-F') },
    'em.yaml',
    'EF_CUSTOM_METRIC',
    ['metrics[0].name (line 8', 'BERTScore-F needs a BERT model'],
  ],
  [
    'an unknown metric',
    { 'em.yaml': CONFIG.replace('exact_match', 'f1_score') },
    'em.yaml',
    'EF_CUSTOM_METRIC',
    ['unknown metric name f1_score'],
  ],
  [
    'two main metrics',
    {
      'em.yaml': CONFIG.replace(
        '  - name: exact_match\n',
        '  - name: exact_match\n    main: true\n  - name: rouge_1\n    main: true\n',
      ),
    },
    'em.yaml',
    'EF_CUSTOM_METRIC',
    ['metrics[1].main', 'several metrics are marked main (exact_match, rouge_1)'],
  ],
  [
    'a judge prompt without <rubric_criteria>',
    { 'jury.yaml': JURY_CONFIG, 'judge.txt': 'Rate {RESPONSE}.', 'jury.csv': 'patient_id,note,question\n1,n,q\n' },
    'jury.yaml',
    'EF_CUSTOM_TEMPLATE',
    ['judge.txt', 'no <rubric_criteria>'],
  ],
];

describe('MedHELM configurable benchmark: errors', () => {
  it.each(MEDHELM_ERRORS)('%s', async (_, files, main, code, fragments) => {
    const error = await caught(() => loadFrom({ ...BASE, ...files }, main));
    expect(error?.code).toBe(code);
    expect(error?.message).toContain(main);
    for (const fragment of fragments) expect(error?.message).toContain(fragment);
  });

  it('literal braces written {{ }} are kept as single braces', async () => {
    const { instances } = await loadFrom(
      { ...BASE, 'em_prompt.txt': 'Reply as {{"answer": "Yes"}} for {note}' },
      'em.yaml',
    );
    expect(instances[0]!.input.text).toBe('Reply as {"answer": "Yes"} for Patient with hypertension.');
  });

  it('definitionFrom works on MedHELM files too', () => {
    expect(definitionFrom(BASE, 'em.yaml').benchmark.description).toBe(
      'Yes/no questions about invented clinical notes.',
    );
  });
});
