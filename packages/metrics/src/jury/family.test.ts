import { describe, expect, it } from '@jest/globals';
import type { Instance, JudgeCall, JudgeRole, JuryAnnotation, MetricInput } from '@eval-factory/types';
import { juryFamily } from './family.js';

const CRITERIA = ['accuracy', 'completeness', 'clarity'] as const;
const ROLES: readonly JudgeRole[] = ['gpt', 'llama', 'claude'];
const M = 'mtsamples_replicate_accuracy';

const rubric = (a: number | string, c: number | string, l: number | string): JudgeCall => ({
  ok: true,
  cached: false,
  reply: JSON.stringify({
    accuracy: { score: a, explanation: 'a' },
    completeness: { score: c, explanation: 'c' },
    clarity: { score: l, explanation: 'l' },
  }),
});
const raw = (reply: string): JudgeCall => ({ ok: true, cached: false, reply });
const failed: JudgeCall = { ok: false, error_kind: 'http_500', message: 'server error' };

function input(
  annotation: JuryAnnotation | undefined,
  opts: { variant?: 'corrected'; completions?: string[] } = {},
): MetricInput {
  const instance: Instance = {
    id: opts.variant ? 'c-id0' : 'id0',
    input: { text: 'note' },
    references: [{ output: { text: 'plan' }, tags: ['correct'] }],
    split: 'test',
    ...(opts.variant ? { variant: opts.variant } : {}),
  };
  const request = {
    instance_id: instance.id,
    train_trial_index: 0,
    prompt: 'p',
    temperature: 0,
    max_tokens: 512,
    stop: [],
    top_p: null,
    num_completions: 1,
    top_k_per_token: 1,
  };
  return {
    instance,
    request,
    completions: opts.completions ?? ['an answer'],
    ...(annotation ? { annotations: { jury: annotation } } : {}),
  };
}

const judged = (judges: JuryAnnotation['judges']): JuryAnnotation => ({ prompt_text: 'rubric prompt', judges });
const EMPTY: JuryAnnotation = { prompt_text: null, empty_output_equivalence_judgement: false, judges: {} };

/** medalign-style family: every metric on every instance. */
const sameSet = juryFamily({ metric: M, annotator: 'jury', criteria: CRITERIA, roles: ROLES });
/** mtsamples-style family: HELM metric on the HELM set, the rest on the corrected set. */
const split = juryFamily({ metric: M, annotator: 'jury', criteria: CRITERIA, roles: ROLES, correctedSet: true });

describe('juryFamily: HELM-compatible aggregation (docs/configuration.md#judges)', () => {
  it.each([
    // The spec's vector: gpt {4,3,5}, llama {5,4,5}, claude unparseable → 26/6.
    [
      'gpt {4,3,5}, llama {5,4,5}, claude unparseable → 26/6',
      judged({ gpt: rubric(4, 3, 5), llama: rubric(5, 4, 5), claude: raw('I cannot help with that.') }),
      26 / 6,
    ],
    ['empty output → 1.0', EMPTY, 1],
    ['a score of 4.7 counts as 4', judged({ gpt: rubric(4.7, 4, 4) }), 4],
    [
      'every judge failed → 1.0',
      judged({ gpt: failed, llama: raw('{'), claude: raw('{"accuracy": {"score": 4}}') }),
      1,
    ],
    ['no judge configured → 1.0', judged({}), 1],
    ['out-of-scale and string scores are HELM-read', judged({ gpt: rubric(0, '5', 10) }), 5],
    [
      'an extra key with a score joins the flat list',
      judged({
        gpt: raw(
          '{"accuracy": {"score": 4, "explanation": ""}, "completeness": {"score": 4, "explanation": ""}, "clarity": {"score": 4, "explanation": ""}, "overall": {"score": 1}}',
        ),
      }),
      13 / 4,
    ],
    [
      'a null score fails that judge (HELM would crash)',
      judged({ gpt: rubric(null as unknown as number, 5, 5), llama: rubric(2, 2, 2) }),
      2,
    ],
  ])('%s', (_, annotation, expected) => {
    expect(sameSet.compute(input(annotation))[M]).toBeCloseTo(expected, 12);
  });
});

describe('juryFamily: corrected aggregation and breakdowns (§5.2–§5.3)', () => {
  it('the spec vector: 26/6 with per-judge and per-criterion means', () => {
    const values = sameSet.compute(input(judged({ gpt: rubric(4, 3, 5), llama: rubric(5, 4, 5), claude: raw('no') })));
    expect(values).toEqual({
      [M]: 26 / 6,
      [`${M}_corrected`]: 26 / 6,
      [`${M}_judge_gpt`]: 4,
      [`${M}_judge_llama`]: 14 / 3,
      [`${M}_criterion_accuracy`]: 4.5,
      [`${M}_criterion_completeness`]: 3.5,
      [`${M}_criterion_clarity`]: 5,
    });
  });

  it('an empty output scores 1.0 in both readings, without breakdowns', () => {
    expect(sameSet.compute(input(EMPTY, { completions: [''] }))).toEqual({ [M]: 1, [`${M}_corrected`]: 1 });
  });

  it('judge failures leave the instance unscored (no corrected value) while HELM scores 1.0', () => {
    expect(sameSet.compute(input(judged({ gpt: failed, llama: raw('{}'), claude: raw('refused') })))).toEqual({
      [M]: 1,
    });
  });

  it('4.7 is not a valid corrected score: only the valid criteria count', () => {
    const values = sameSet.compute(input(judged({ gpt: rubric(4.7, 3, 5) })));
    expect(values[M]).toBe(4);
    expect(values[`${M}_corrected`]).toBe(4);
    expect(values[`${M}_criterion_accuracy`]).toBeUndefined();
    expect(values[`${M}_judge_gpt`]).toBe(4);
  });

  it('extra keys never enter the corrected mean; out-of-scale scores are dropped per criterion', () => {
    const values = sameSet.compute(
      input(
        judged({
          gpt: raw(
            '{"accuracy": {"score": 2, "explanation": ""}, "completeness": {"score": 9, "explanation": ""}, "clarity": {"score": "3", "explanation": ""}, "overall": {"score": 5}}',
          ),
        }),
      ),
    );
    expect(values).toEqual({
      [M]: 19 / 4,
      [`${M}_corrected`]: 2.5,
      [`${M}_judge_gpt`]: 2.5,
      [`${M}_criterion_accuracy`]: 2,
      [`${M}_criterion_clarity`]: 3,
    });
  });
});

describe('juryFamily: instance sets and missing inputs', () => {
  const annotation = judged({ gpt: rubric(4, 4, 4), llama: rubric(2, 2, 2) });

  it('with a corrected set, HELM instances get only the HELM metric', () => {
    expect(split.compute(input(annotation))).toEqual({ [M]: 3 });
  });

  it('with a corrected set, corrected instances get only the corrected metric and breakdowns', () => {
    expect(split.compute(input(annotation, { variant: 'corrected' }))).toEqual({
      [`${M}_corrected`]: 3,
      [`${M}_judge_gpt`]: 4,
      [`${M}_judge_llama`]: 2,
      [`${M}_criterion_accuracy`]: 3,
      [`${M}_criterion_completeness`]: 3,
      [`${M}_criterion_clarity`]: 3,
    });
  });

  it('no completion (failed request) or no annotation (annotator failed) gives no value', () => {
    expect(sameSet.compute(input(annotation, { completions: [] }))).toEqual({});
    expect(sameSet.compute(input(undefined))).toEqual({});
  });

  it('ignores judges outside the roster', () => {
    const only = juryFamily({ metric: M, annotator: 'jury', criteria: CRITERIA, roles: ['gpt'] });
    expect(only.compute(input(annotation))[M]).toBe(4);
  });
});

describe('juryFamily descriptors', () => {
  it('declares the HELM metric, its corrected twin and the breakdowns', () => {
    expect(split.name).toBe(`${M}_jury`);
    expect(split.metrics.map((m) => [m.name, m.helm_compatible, m.corrects ?? null])).toEqual([
      [M, true, null],
      [`${M}_corrected`, false, M],
      [`${M}_judge_gpt`, false, null],
      [`${M}_judge_llama`, false, null],
      [`${M}_judge_claude`, false, null],
      [`${M}_criterion_accuracy`, false, null],
      [`${M}_criterion_completeness`, false, null],
      [`${M}_criterion_clarity`, false, null],
    ]);
    expect(split.metrics.every((m) => m.report)).toBe(true);
  });
});
