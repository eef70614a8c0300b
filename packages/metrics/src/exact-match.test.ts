import { describe, it, expect } from '@jest/globals';
import type { Instance, PromptRequest } from '@eval-factory/types';
import {
  exactMatch,
  exactMatchFamily,
  prefixExactMatch,
  quasiExactMatch,
  quasiPrefixExactMatch,
} from './exact-match.js';
import { pyStrip } from './python-text.js';

describe('exact_match scalar functions (docs/benchmarks.md vectors)', () => {
  // gold, pred → EM, QEM, PEM, QPEM
  const cases: [string, string, number, number, number, number][] = [
    ['yes', 'Yes.', 0, 1, 0, 1],
    ['yes', 'yes, because', 0, 0, 1, 1],
    ['A', 'a', 0, 1, 0, 1],
    ['Collagen', 'collagen type I', 0, 0, 0, 1],
    ['the cat', 'cat', 0, 1, 0, 1],
    ['x', '', 0, 0, 0, 0],
    ['', 'x', 0, 0, 1, 1],
    ['!', '?', 0, 1, 0, 1],
    ['33', '33 ', 1, 1, 1, 1],
    [' yes\n', '\u0085yes\u00a0', 1, 1, 1, 1],
  ];
  it.each(cases)('(%j, %j) → %d %d %d %d', (gold, pred, em, qem, pem, qpem) => {
    expect([
      exactMatch(gold, pred),
      quasiExactMatch(gold, pred),
      prefixExactMatch(gold, pred),
      quasiPrefixExactMatch(gold, pred),
    ]).toEqual([em, qem, pem, qpem]);
  });
});

function instance(references: [string, boolean][]): Instance {
  return {
    id: 'id0',
    input: { text: 'q' },
    split: 'test',
    references: references.map(([text, correct]) => ({ output: { text }, tags: correct ? ['correct'] : [] })),
  };
}

function request(outputMapping?: Record<string, string>): PromptRequest {
  return {
    instance_id: 'id0',
    train_trial_index: 0,
    prompt: 'p',
    temperature: 0,
    max_tokens: 1,
    stop: [],
    top_p: null,
    num_completions: 1,
    top_k_per_token: outputMapping ? 5 : 1,
    ...(outputMapping ? { output_mapping: outputMapping } : {}),
  };
}

const MCQ = instance([
  ['yes', false],
  ['no', true],
  ['maybe', false],
]);
const MAPPING = { A: 'yes', B: 'no', C: 'maybe' };
const ALL_ONE = { exact_match: 1, quasi_exact_match: 1, prefix_exact_match: 1, quasi_prefix_exact_match: 1 };
const ALL_ZERO = { exact_match: 0, quasi_exact_match: 0, prefix_exact_match: 0, quasi_prefix_exact_match: 0 };
const twins = (v: Record<string, number>) => Object.fromEntries(Object.entries(v).map(([k, x]) => [`${k}@5`, x]));

describe('exactMatchFamily.compute, MCQ joint (output mapping)', () => {
  const cases: [string, string[], Record<string, number>][] = [
    ['correct letter', ['B'], { ...ALL_ONE, ...twins(ALL_ONE) }],
    ['correct letter with surrounding whitespace', [' B\n'], { ...ALL_ONE, ...twins(ALL_ONE) }],
    ['wrong letter', ['A'], { ...ALL_ZERO, ...twins(ALL_ZERO) }],
    ['lower-case letter does not map', ['b'], { ...ALL_ZERO, ...twins(ALL_ZERO) }],
    ['letter with a dot does not map', ['B.'], { ...ALL_ZERO, ...twins(ALL_ZERO) }],
    ['parenthesised letter does not map', ['(B)'], { ...ALL_ZERO, ...twins(ALL_ZERO) }],
    ['"Answer: B" does not map', ['Answer: B'], { ...ALL_ZERO, ...twins(ALL_ZERO) }],
    ['the option text itself does not map', ['no'], { ...ALL_ZERO, ...twins(ALL_ZERO) }],
    ['empty completion', [''], { ...ALL_ZERO, ...twins(ALL_ZERO) }],
    ['inherited property names do not map', ['constructor'], { ...ALL_ZERO, ...twins(ALL_ZERO) }],
    ['@5 twins take the best completion', ['A', 'B'], { ...ALL_ZERO, ...twins(ALL_ONE) }],
  ];
  it.each(cases)('%s', (_label, completions, expected) => {
    expect(exactMatchFamily.compute({ instance: MCQ, request: request(MAPPING), completions })).toEqual(expected);
  });

  it('compares option texts, not letters: a colliding wrong option scores on looser metrics', () => {
    const inst = instance([
      ['Collagen', true],
      ['collagen type I', false],
    ]);
    const values = exactMatchFamily.compute({
      instance: inst,
      request: request({ A: 'Collagen', B: 'collagen type I' }),
      completions: ['B'],
    });
    expect(values).toMatchObject({
      exact_match: 0,
      quasi_exact_match: 0,
      prefix_exact_match: 0,
      quasi_prefix_exact_match: 1,
    });
  });
});

describe('exactMatchFamily.compute, generation (no output mapping)', () => {
  const gen = instance([['yes', true]]);
  it('scores the first completion and emits no @5 twins', () => {
    expect(exactMatchFamily.compute({ instance: gen, request: request(), completions: ['Yes.', 'yes'] })).toEqual({
      exact_match: 0,
      quasi_exact_match: 1,
      prefix_exact_match: 0,
      quasi_prefix_exact_match: 1,
    });
  });
  it('takes the max over several golds', () => {
    const multi = instance([
      ['no', true],
      ['yes', true],
    ]);
    expect(exactMatchFamily.compute({ instance: multi, request: request(), completions: ['yes'] })).toEqual(ALL_ONE);
  });
  it('returns no values without a completion', () => {
    expect(exactMatchFamily.compute({ instance: gen, request: request(), completions: [] })).toEqual({});
    expect(exactMatchFamily.compute({ instance: MCQ, request: request(MAPPING), completions: [] })).toEqual({});
  });
  it('scores 0 when no reference is correct', () => {
    const none = instance([['yes', false]]);
    expect(exactMatchFamily.compute({ instance: none, request: request(), completions: ['yes'] })).toEqual(ALL_ZERO);
  });
});

describe('exactMatchFamily descriptors', () => {
  it('names eight metrics; only the four base ones are reported; all HELM-compatible', () => {
    expect(exactMatchFamily.name).toBe('exact_match');
    expect(exactMatchFamily.metrics.map((m) => [m.name, m.report])).toEqual([
      ['exact_match', true],
      ['quasi_exact_match', true],
      ['prefix_exact_match', true],
      ['quasi_prefix_exact_match', true],
      ['exact_match@5', false],
      ['quasi_exact_match@5', false],
      ['prefix_exact_match@5', false],
      ['quasi_prefix_exact_match@5', false],
    ]);
    for (const m of exactMatchFamily.metrics) {
      expect(m.helm_compatible).toBe(true);
      expect(m.description).toMatch(/^[^\n]+$/);
    }
  });
});

describe('exactMatchFamily.compute agrees with the scalar functions', () => {
  /** The family's definition: the max of each scalar function over the golds and the (first / every) mapped pred. */
  function oracle(golds: string[], completions: string[], mapping?: Record<string, string>): Record<string, number> {
    if (completions.length === 0) return {};
    const preds = completions.map((c) => {
      const p = pyStrip(c);
      return mapping === undefined ? p : Object.hasOwn(mapping, p) ? mapping[p] : '';
    });
    const best = (fn: (g: string, p: string) => number, ps: string[]) =>
      Math.max(0, ...golds.flatMap((g) => ps.map((p) => fn(g, p))));
    const out: Record<string, number> = {};
    for (const [name, fn] of [
      ['exact_match', exactMatch],
      ['quasi_exact_match', quasiExactMatch],
      ['prefix_exact_match', prefixExactMatch],
      ['quasi_prefix_exact_match', quasiPrefixExactMatch],
    ] as const) {
      out[name] = best(fn, preds.slice(0, 1));
      if (mapping !== undefined) out[`${name}@5`] = best(fn, preds);
    }
    return out;
  }

  const TEXTS = [
    '',
    ' ',
    '\u0085',
    'yes',
    'Yes.',
    'yes, because',
    'the cat',
    'cat',
    'A',
    'a',
    ' B\n',
    'Collagen',
    'collagen type I',
    '33',
    '33 ',
    '!',
    'an apple',
    'maybe',
  ];
  it('on 400 random golds, completions and mappings (keys in the same order too)', () => {
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = () => TEXTS[Math.floor(random() * TEXTS.length)];
    for (let i = 0; i < 400; i++) {
      const refs = Array.from(
        { length: Math.floor(random() * 4) },
        () => [pick(), random() < 0.5] as [string, boolean],
      );
      const completions = Array.from({ length: Math.floor(random() * 4) }, pick);
      const mapping = random() < 0.5 ? { A: pick(), B: pick(), yes: pick() } : undefined;
      const golds = refs.filter(([, correct]) => correct).map(([text]) => text);
      const values = exactMatchFamily.compute({ instance: instance(refs), request: request(mapping), completions });
      const expected = oracle(golds, completions, mapping);
      expect(values).toEqual(expected);
      expect(Object.keys(values)).toEqual(Object.keys(expected));
    }
  });
});
