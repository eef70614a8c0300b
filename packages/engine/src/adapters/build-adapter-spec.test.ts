import { describe, it, expect } from '@jest/globals';
import type { PromptSpec } from '@eval-factory/types';
import { buildAdapterSpec } from './build-adapter-spec.js';

const GEN: PromptSpec = {
  method: 'generation',
  instructions: 'Do it.',
  input_noun: 'Clinical Note',
  output_noun: 'Answer',
  max_tokens: 256,
};
const MCQ: PromptSpec = {
  method: 'multiple_choice_joint',
  instructions: 'Pick.',
  input_noun: 'Question',
  output_noun: 'Answer',
  max_tokens: 1,
};

describe('buildAdapterSpec, shared fields', () => {
  it.each([GEN, MCQ])('%j gets HELM defaults for untouched fields', (spec) => {
    expect(buildAdapterSpec(spec)).toMatchObject({
      global_prefix: '',
      global_suffix: '',
      reference_prefix: 'A. ',
      reference_suffix: '\n',
      output_suffix: '\n',
      instance_prefix: '\n',
      substitutions: [],
      num_train_trials: 1,
      sample_train: true,
      eval_splits: ['valid', 'test'],
      multi_label: false,
      max_train_instances: 0,
      temperature: 0,
    });
  });
});

describe('buildAdapterSpec, generation builder', () => {
  const cases: [string, Partial<PromptSpec>, Record<string, unknown>][] = [
    [
      'nouns',
      {},
      { instructions: 'Do it.\n', input_prefix: 'Clinical Note: ', input_suffix: '\n', output_prefix: 'Answer: ' },
    ],
    ['no input noun', { input_noun: null }, { input_prefix: '', input_suffix: '\n' }],
    ['empty-string input noun is a real noun', { input_noun: '' }, { input_prefix: ': ' }],
    ['newline after input noun', { newline_after_input_noun: true }, { input_prefix: 'Clinical Note:\n' }],
    ['no output noun', { output_noun: null }, { output_prefix: '' }],
    ['no instructions', { instructions: '' }, { instructions: '' }],
    ['defaults', {}, { method: 'generation', num_outputs: 1, max_tokens: 256, stop_sequences: ['\n'] }],
    [
      'given stop sequences, temperature, train instances',
      { stop_sequences: [], temperature: 0.7, max_train_instances: 3 },
      { stop_sequences: [], temperature: 0.7, max_train_instances: 3 },
    ],
  ];
  it.each(cases)('%s', (_label, change, expected) => {
    expect(buildAdapterSpec({ ...GEN, ...change })).toMatchObject(expected);
  });
});

describe('buildAdapterSpec, multiple-choice-joint builder', () => {
  const cases: [string, Partial<PromptSpec>, Record<string, unknown>][] = [
    [
      'nouns',
      {},
      { instructions: 'Pick.\n', input_prefix: 'Question: ', input_suffix: '\n', output_prefix: 'Answer: ' },
    ],
    ['no input noun: no prefix and no suffix', { input_noun: null }, { input_prefix: '', input_suffix: '' }],
    [
      'empty-string input noun: prefix ": " and suffix "\\n"',
      { input_noun: '' },
      { input_prefix: ': ', input_suffix: '\n' },
    ],
    [
      'newline_after_input_noun is a generation-only option',
      { newline_after_input_noun: true },
      { input_prefix: 'Question: ' },
    ],
    ['sentence output noun', { output_noun: 'Reply with A or B only' }, { output_prefix: 'Reply with A or B only: ' }],
    ['defaults', {}, { method: 'multiple_choice_joint', num_outputs: 5, max_tokens: 1, stop_sequences: ['\n'] }],
  ];
  it.each(cases)('%s', (_label, change, expected) => {
    expect(buildAdapterSpec({ ...MCQ, ...change })).toMatchObject(expected);
  });
});
