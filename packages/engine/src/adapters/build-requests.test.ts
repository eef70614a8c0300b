import { describe, it, expect, jest } from '@jest/globals';
import type { Instance, PromptSpec, Split } from '@eval-factory/types';
import { buildAdapterSpec } from './build-adapter-spec.js';
import { buildRequests, requestPlan } from './build-requests.js';

function makeInstance(id: string, input: string, references: [string, boolean][], split: Split = 'test'): Instance {
  return {
    id,
    input: { text: input },
    split,
    references: references.map(([text, correct]) => ({ output: { text }, tags: correct ? ['correct'] : [] })),
  };
}

const MCQ = buildAdapterSpec({
  method: 'multiple_choice_joint',
  instructions: 'I',
  input_noun: 'Question',
  output_noun: 'Answer',
  max_tokens: 1,
});
const GEN_SPEC: PromptSpec = {
  method: 'generation',
  instructions: 'I',
  input_noun: null,
  output_noun: 'Answer',
  max_tokens: 10,
  stop_sequences: ['###'],
};
const GEN = buildAdapterSpec(GEN_SPEC);
const INSTANCES = [
  makeInstance('id3', 'q3', [
    ['yes', true],
    ['no', false],
  ]),
  makeInstance('id1', 'q1', [
    ['no', true],
    ['yes', false],
  ]),
];

describe('buildRequests', () => {
  it('MCQ joint: stop [] whatever the spec says, top_k_per_token 5, output mapping, one completion', () => {
    const [first] = buildRequests(MCQ, INSTANCES, { numTrials: 1 });
    expect(first).toEqual({
      instance_id: 'id3',
      train_trial_index: 0,
      prompt: 'I\n\nQuestion: q3\nA. yes\nB. no\nAnswer:',
      temperature: 0,
      max_tokens: 1,
      stop: [],
      top_p: null,
      num_completions: 1,
      top_k_per_token: 5,
      output_mapping: { A: 'yes', B: 'no' },
    });
  });
  it('generation: sends the spec stop sequences, top_k_per_token 1, no output mapping', () => {
    const [first] = buildRequests(GEN, INSTANCES, { numTrials: 1 });
    expect(first).toEqual({
      instance_id: 'id3',
      train_trial_index: 0,
      prompt: 'I\n\nq3\nAnswer:',
      temperature: 0,
      max_tokens: 10,
      stop: ['###'],
      top_p: null,
      num_completions: 1,
      top_k_per_token: 1,
    });
  });
  it('generation default stop is ["\\n"]', () => {
    const adapter = buildAdapterSpec({ ...GEN_SPEC, stop_sequences: undefined });
    expect(buildRequests(adapter, INSTANCES, { numTrials: 1 })[0]!.stop).toEqual(['\n']);
  });
  it('keeps selection order, one request per instance and trial, trial-major, salted repeats', () => {
    const requests = buildRequests(GEN, INSTANCES, { numTrials: 3 });
    expect(requests.map((r) => [r.instance_id, r.train_trial_index, r.salt])).toEqual([
      ['id3', 0, undefined],
      ['id1', 0, undefined],
      ['id3', 1, '1'],
      ['id1', 1, '1'],
      ['id3', 2, '2'],
      ['id1', 2, '2'],
    ]);
    expect('salt' in requests[0]!).toBe(false);
  });
  it('no instances or no trials → no requests', () => {
    expect(buildRequests(GEN, [], { numTrials: 1 })).toEqual([]);
    expect(buildRequests(GEN, INSTANCES, { numTrials: 0 })).toEqual([]);
  });

  const overrides: [string, Parameters<typeof buildRequests>[2], Record<string, unknown>][] = [
    ['--num-output-tokens replaces max_tokens', { numTrials: 1, numOutputTokens: 4000 }, { max_tokens: 4000 }],
    [
      '--max-new-tokens replaces max_tokens and wins',
      { numTrials: 1, numOutputTokens: 4000, maxTokensOverride: 50 },
      { max_tokens: 50 },
    ],
    ['--temperature replaces temperature', { numTrials: 1, temperatureOverride: 0.7 }, { temperature: 0.7 }],
    ['--top-p is sent when given', { numTrials: 1, topP: 0.9 }, { top_p: 0.9 }],
    ['temperature override 0 is kept', { numTrials: 1, temperatureOverride: 0 }, { temperature: 0 }],
  ];
  it.each(overrides)('%s', (_label, opts, expected) => {
    for (const adapter of [MCQ, GEN]) expect(buildRequests(adapter, INSTANCES, opts)[0]).toMatchObject(expected);
  });

  it('passes each trial its in-context examples', () => {
    const adapter = { ...GEN, input_prefix: 'In: ' };
    const train = [makeInstance('t0', 'tx', [['ty', true]], 'train')];
    const [request] = buildRequests(adapter, INSTANCES.slice(0, 1), {
      numTrials: 1,
      trainInstancesForTrial: () => train,
    });
    expect(request!.prompt).toBe('I\n\nIn: tx\nAnswer: ty\n\nIn: q3\nAnswer:');
  });
});

describe('requestPlan, output mappings', () => {
  it('gives requests with the same options one mapping, every time one is built, and other options their own', () => {
    const same = makeInstance('id2', 'q2', [
      ['yes', true],
      ['no', false],
    ]);
    const plan = requestPlan(MCQ, [INSTANCES[0]!, INSTANCES[1]!, same], { numTrials: 1 });
    const first = plan.at(0).output_mapping;
    expect(first).toEqual({ A: 'yes', B: 'no' });
    expect(plan.at(0).output_mapping).toBe(first);
    expect(plan.at(2).output_mapping).toBe(first);
    expect(plan.at(1).output_mapping).toEqual({ A: 'no', B: 'yes' });
    // Texts that one separator would run together are told apart.
    const joined = requestPlan(
      MCQ,
      [
        makeInstance('a', 'q', [['x,y', true]]),
        makeInstance('b', 'q', [
          ['x', true],
          ['y', false],
        ]),
      ],
      {
        numTrials: 1,
      },
    );
    expect(joined.at(0).output_mapping).toEqual({ A: 'x,y' });
    expect(joined.at(1).output_mapping).toEqual({ A: 'x', B: 'y' });
  });

  it('finds the mapping of a request whose options are those of the one built before it without making a key', () => {
    const same = (id: string) =>
      makeInstance(id, 'q', [
        ['yes', true],
        ['no', false],
      ]);
    const other = makeInstance('o', 'q', [
      ['no', true],
      ['yes', false],
    ]);
    const plan = requestPlan(MCQ, [same('a'), same('b'), same('c'), other, same('d')], { numTrials: 1 });
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      const mappings = [0, 1, 2, 3, 4, 0].map((i) => plan.at(i).output_mapping);
      // A key for the first, for the other options, and for the return to the first (found in the shared map).
      expect(stringify).toHaveBeenCalledTimes(3);
      expect(new Set(mappings.filter((m) => m?.A === 'yes')).size).toBe(1);
      expect(mappings[3]).toEqual({ A: 'no', B: 'yes' });
    } finally {
      stringify.mockRestore();
    }
  });
});
