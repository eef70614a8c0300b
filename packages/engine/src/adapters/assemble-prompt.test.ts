import { describe, it, expect } from '@jest/globals';
import type { AdapterSpec, Instance, PromptSpec, Split } from '@eval-factory/types';
import { assemblePrompt } from './assemble-prompt.js';
import { buildAdapterSpec } from './build-adapter-spec.js';

function makeInstance(id: string, input: string, references: [string, boolean][], split: Split = 'test'): Instance {
  return {
    id,
    input: { text: input },
    split,
    references: references.map(([text, correct]) => ({ output: { text }, tags: correct ? ['correct'] : [] })),
  };
}

/** HELM's raw `AdapterSpec` defaults (docs/architecture.md). */
const RAW_DEFAULTS: AdapterSpec = {
  method: 'multiple_choice_joint',
  global_prefix: '',
  global_suffix: '',
  instructions: '',
  input_prefix: 'Input: ',
  input_suffix: '\n',
  reference_prefix: 'A. ',
  reference_suffix: '\n',
  output_prefix: 'Output: ',
  output_suffix: '\n',
  instance_prefix: '\n',
  substitutions: [],
  max_train_instances: 5,
  num_outputs: 5,
  num_train_trials: 1,
  sample_train: true,
  eval_splits: ['valid', 'test'],
  multi_label: false,
  temperature: 1,
  max_tokens: 100,
  stop_sequences: [],
};

const TRAIN = makeInstance(
  't0',
  'x',
  [
    ['p', false],
    ['q', true],
  ],
  'train',
);
const EVAL = makeInstance('e0', 'y', [
  ['r', false],
  ['s', false],
]);

describe('assemblePrompt, docs/architecture.md worked examples', () => {
  it('MCQ joint with one in-context example', () => {
    expect(assemblePrompt(RAW_DEFAULTS, EVAL, [TRAIN])).toEqual({
      prompt: 'Input: x\nA. p\nB. q\nOutput: B\n' + '\n' + 'Input: y\nA. r\nB. s\nOutput:',
      output_mapping: { A: 'r', B: 's' },
    });
  });
  it('generation with the same data', () => {
    expect(assemblePrompt({ ...RAW_DEFAULTS, method: 'generation' }, EVAL, [TRAIN])).toEqual({
      prompt: 'Input: x\nOutput: q\n\nInput: y\nOutput:',
    });
  });
});

describe('assemblePrompt, training-block outputs', () => {
  const none = makeInstance('t1', 'z', [['u', false]], 'train');
  const two = makeInstance(
    't2',
    'w',
    [
      ['u', true],
      ['v', false],
      ['k', true],
    ],
    'train',
  );
  const cases: [string, AdapterSpec, string][] = [
    ['MCQ, no correct reference → n/a', RAW_DEFAULTS, 'Input: z\nA. u\nOutput: n/a\n\nInput: y\nA. r\nB. s\nOutput:'],
    [
      'generation, no correct reference → n/a',
      { ...RAW_DEFAULTS, method: 'generation' },
      'Input: z\nOutput: n/a\n\nInput: y\nOutput:',
    ],
  ];
  it.each(cases)('%s', (_label, adapter, expected) => {
    expect(assemblePrompt(adapter, EVAL, [none]).prompt).toBe(expected);
  });
  it('MCQ multi_label joins the correct letters with ", "; single-label shows the first', () => {
    expect(assemblePrompt({ ...RAW_DEFAULTS, multi_label: true }, EVAL, [two]).prompt).toContain('Output: A, C\n');
    expect(assemblePrompt(RAW_DEFAULTS, EVAL, [two]).prompt).toContain('Output: A\n');
  });
  it('generation multi_label joins the correct texts with ", "', () => {
    expect(assemblePrompt({ ...RAW_DEFAULTS, method: 'generation', multi_label: true }, EVAL, [two]).prompt).toContain(
      'Output: u, k\n',
    );
  });
});

describe('assemblePrompt, other adapter fields', () => {
  it('wraps with global prefix/suffix and keeps trailing spaces out of the eval output prefix only', () => {
    const adapter = {
      ...RAW_DEFAULTS,
      method: 'generation' as const,
      global_prefix: '<<',
      global_suffix: '>>',
      output_prefix: 'Out: \n ',
    };
    expect(assemblePrompt(adapter, EVAL).prompt).toBe('<<Input: y\nOut:>>');
  });
  it('applies substitutions as literal replacements', () => {
    const adapter = { ...RAW_DEFAULTS, substitutions: [{ source: '[rs]', target: '$&!' }] };
    expect(assemblePrompt(adapter, EVAL).prompt).toBe('Input: y\nA. $&!\nB. $&!\nOutput:');
  });
  it('letters go on past Z as HELM does (chr(ord("A") + i))', () => {
    const many = makeInstance(
      'm',
      'q',
      Array.from({ length: 27 }, (_, i) => [`o${i}`, i === 0] as [string, boolean]),
    );
    const { output_mapping } = assemblePrompt(RAW_DEFAULTS, many);
    expect(Object.keys(output_mapping!).slice(24)).toEqual(['Y', 'Z', '[']);
  });
});

const mcq = (instructions: string, input_noun: string | null, output_noun: string): PromptSpec => ({
  method: 'multiple_choice_joint',
  instructions,
  input_noun,
  output_noun,
  max_tokens: 1,
});
const gen = (
  instructions: string,
  input_noun: string | null,
  output_noun: string | null,
  max_tokens: number,
): PromptSpec => ({ method: 'generation', instructions, input_noun, output_noun, max_tokens, stop_sequences: [] });

describe('assemblePrompt, per-benchmark layouts (docs/benchmarks.md)', () => {
  const cases: [string, PromptSpec, string, [string, boolean][], string][] = [
    [
      'pubmed_qa',
      mcq('INSTR', 'Question', 'Answer'),
      'Context: Background. Some context.\n\nQuestion: Is it?\n',
      [
        ['yes', true],
        ['no', false],
        ['maybe', false],
      ],
      'INSTR\n\nQuestion: Context: Background. Some context.\n\nQuestion: Is it?\n\nA. yes\nB. no\nC. maybe\nAnswer:',
    ],
    [
      'head_qa',
      mcq('P1\n\nP2', 'Question', 'Answer'),
      'Which one?',
      [
        ['a1', false],
        ['a2', true],
        ['a3', false],
        ['a4', false],
      ],
      'P1\n\nP2\n\nQuestion: Which one?\nA. a1\nB. a2\nC. a3\nD. a4\nAnswer:',
    ],
    [
      'medbullets',
      mcq('P1\n\nP2', 'Clinical Scenario', 'Answer'),
      'A patient…',
      [
        ['o1', true],
        ['o2', false],
        ['o3', false],
        ['o4', false],
        ['', false],
      ],
      'P1\n\nP2\n\nClinical Scenario: A patient…\nA. o1\nB. o2\nC. o3\nD. o4\nE. \nAnswer:',
    ],
    [
      'race_based_med (no input noun)',
      mcq('INSTR', null, 'Reply with A or B'),
      'Some text.\n',
      [
        ['yes', true],
        ['no', false],
      ],
      'INSTR\n\nSome text.\nA. yes\nB. no\nReply with A or B:',
    ],
    [
      'ehrshot (empty-string input noun)',
      mcq('INSTR', '', 'Reply A or B'),
      'codes',
      [
        ['yes', true],
        ['no', false],
      ],
      'INSTR\n\n: codes\nA. yes\nB. no\nReply A or B:',
    ],
    [
      'medcalc_bench',
      gen('INSTR', null, 'Give only the value', 10),
      'Patient note: N\n\nQuestion: Q\n',
      [['4', true]],
      'INSTR\n\nPatient note: N\n\nQuestion: Q\n\nGive only the value:',
    ],
    [
      'medec',
      gen('INSTR', 'Clinical Note', 'Answer', 256),
      '0 S0. 1 S1.',
      [['CORRECT', true]],
      'INSTR\n\nClinical Note: 0 S0. 1 S1.\nAnswer:',
    ],
    [
      'ehr_sql',
      gen('I1\n\nI2\n\nI3', 'Medical Question + Schema', 'SQL Query', 1024),
      'schema\n\n',
      [['SELECT 1;', true]],
      'I1\n\nI2\n\nI3\n\nMedical Question + Schema: schema\n\n\nSQL Query:',
    ],
    [
      'medhallu (multi-line output noun)',
      gen('INSTR', null, 'Return 0 or 1.\nYour Judgment', 5),
      'World Knowledge: K\n',
      [['0', true]],
      'INSTR\n\nWorld Knowledge: K\n\nReturn 0 or 1.\nYour Judgment:',
    ],
    ['medalign (no nouns)', gen('INSTR', null, null, 256), 'EHR', [['x', true]], 'INSTR\n\nEHR\n'],
    ['no instructions', gen('', null, 'Answer', 5), 'text', [['x', true]], 'text\nAnswer:'],
  ];
  it.each(cases)('%s', (_label, spec, input, references, expected) => {
    const { prompt, output_mapping } = assemblePrompt(buildAdapterSpec(spec), makeInstance('id0', input, references));
    expect(prompt).toBe(expected);
    if (spec.method === 'multiple_choice_joint') {
      expect(output_mapping).toEqual(Object.fromEntries(references.map(([t], i) => [String.fromCharCode(65 + i), t])));
    } else {
      expect(output_mapping).toBeUndefined();
    }
  });
});
