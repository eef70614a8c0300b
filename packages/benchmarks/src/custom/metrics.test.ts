import { describe, expect, it } from '@jest/globals';
import type { Instance, JudgeCall, JuryAnnotation } from '@eval-factory/types';
import { QUIZ_CSV, QUIZ_YML, definitionFrom, loadFrom, scoreWith } from './custom-test-support.js';
import { juryValues, parseJuryReply, pythonInt } from './jury-score.js';
import { firstNumber, labelOf, numericCorrect } from './task-metrics.js';

const withTask = (task: string, extra = '') => QUIZ_YML.replace(/task:[^]*$/, `task: ${task}\n${extra}`);

async function firstInstance(yml: string, csv = QUIZ_CSV) {
  const { instances, benchmark } = await loadFrom({ 'def.yml': yml, 'quiz.csv': csv });
  return { instance: instances[0]!, benchmark };
}

describe('numeric_match', () => {
  it.each([
    ['12.5', 12.5],
    ['about 1,250 mL', 1250],
    ['-3e2', -300],
    ['.5 mg', 0.5],
    ['none', null],
    ['', null],
  ])('firstNumber(%j) = %j', (text, expected) => expect(firstNumber(text)).toBe(expected));

  it.each([
    [10.4, { value: 10, lower: null, upper: null }, 0.5, 0, 1],
    [10.6, { value: 10, lower: null, upper: null }, 0.5, 0, 0],
    [104, { value: 100, lower: null, upper: null }, 0, 0.05, 1],
    [0.30000000000000004, { value: 0.3, lower: null, upper: null }, 0, 0, 1],
    [3, { value: null, lower: 2.5, upper: 3.5 }, 0, 0, 1],
    [3.6, { value: null, lower: 2.5, upper: 3.5 }, 0, 0, 0],
    [9, { value: null, lower: 5, upper: null }, 0, 0, 1],
  ])('numericCorrect(%j, %j, tol %j, rel %j) = %j', (pred, gold, tol, rel, expected) =>
    expect(numericCorrect(pred, gold, tol, rel)).toBe(expected));

  it('scores the first number of the answer against the row within the tolerance', async () => {
    const { instance, benchmark } = await firstInstance(
      withTask('{kind: numeric, answer_column: value, tolerance: 0.5}').replace('  id_column: id\n', ''),
      'question,value\nDose?,80\n',
    );
    expect(scoreWith(benchmark, { instance, completions: ['The dose is 80.4 mg.'] })).toEqual({ numeric_match: 1 });
    expect(scoreWith(benchmark, { instance, completions: ['81 mg'] })).toEqual({ numeric_match: 0 });
    expect(scoreWith(benchmark, { instance, completions: ['I do not know'] })).toEqual({ numeric_match: 0 });
    expect(scoreWith(benchmark, { instance, completions: [] })).toEqual({});
  });
});

describe('label_accuracy', () => {
  const LABELS = ['yes', 'no', 'maybe'];
  it.each([
    ['yes', 'yes'],
    ['Yes.', 'yes'],
    ['**No**', 'no'],
    ['"maybe"', 'maybe'],
    ['No, because the trial was small.', 'no'],
    ['yesterday', null],
    ['I think yes', null],
    ['', null],
  ])('labelOf(%j) = %j', (answer, expected) => expect(labelOf(answer, LABELS, false)).toBe(expected));

  it('case_sensitive: only the exact spelling counts', () => expect(labelOf('Yes', LABELS, true)).toBeNull());

  it("scores against the row's label", async () => {
    const { instance, benchmark } = await firstInstance(
      withTask('{kind: label, answer_column: label, labels: [yes, no, maybe]}').replace('  id_column: id\n', ''),
      'question,label\nIs it?,no\n',
    );
    expect(scoreWith(benchmark, { instance, completions: ['No.'] })).toEqual({ label_accuracy: 1 });
    expect(scoreWith(benchmark, { instance, completions: ['Maybe'] })).toEqual({ label_accuracy: 0 });
  });
});

describe('regex_match', () => {
  it('extracts with the pattern, then compares normalised text', async () => {
    const { instance, benchmark } = await firstInstance(
      withTask('{kind: regex, answer_column: answer, pattern: "final answer: (.+)$", flags: im}').replace(
        '  id_column: id\n',
        '',
      ),
      'question,answer\nWhich?,The Median Nerve\n',
    );
    expect(scoreWith(benchmark, { instance, completions: ['Reasoning…\nFinal answer: median nerve.'] })).toEqual({
      regex_match: 1,
    });
    expect(scoreWith(benchmark, { instance, completions: ['Final answer: ulnar nerve'] })).toEqual({ regex_match: 0 });
    expect(scoreWith(benchmark, { instance, completions: ['median nerve'] })).toEqual({ regex_match: 0 });
  });
});

describe('exact-match family', () => {
  it('multiple choice: the letter maps through the output mapping to the gold text (HELM MCQ joint)', async () => {
    const { instance, benchmark } = await firstInstance(QUIZ_YML);
    const output_mapping = { A: 'Vitamin A', B: 'Vitamin B12', C: 'Vitamin C' };
    expect(scoreWith(benchmark, { instance, completions: ['C'], request: { output_mapping } })).toEqual({
      exact_match: 1,
      'exact_match@5': 1,
    });
    expect(scoreWith(benchmark, { instance, completions: ['A'], request: { output_mapping } })).toEqual({
      exact_match: 0,
      'exact_match@5': 0,
    });
  });

  it('short answer: only the metrics asked for; aliases count as gold', async () => {
    const yml = withTask(
      '{kind: short_answer, answer_column: answer, aliases_column: aliases}',
      'metrics: [quasi_exact_match, prefix_exact_match]\n',
    ).replace('  id_column: id\n', '');
    const { instance, benchmark } = await firstInstance(
      yml,
      'question,answer,aliases\nCapital?,Paris,"[""Paris, France""]"\n',
    );
    expect(scoreWith(benchmark, { instance, completions: ['paris, france!'] })).toEqual({
      quasi_exact_match: 1,
      prefix_exact_match: 0,
    });
    expect(scoreWith(benchmark, { instance, completions: ['Paris is the capital'] })).toEqual({
      quasi_exact_match: 0,
      prefix_exact_match: 1,
    });
  });
});

describe('rouge_l', () => {
  it('uses @eval-factory/metrics rougeFamily (only the ROUGE metrics asked for)', async () => {
    const yml = withTask('{kind: short_answer, answer_column: answer}', 'metrics: [rouge_l]\n').replace(
      '  id_column: id\n',
      '',
    );
    const { instance, benchmark } = await firstInstance(yml, 'question,answer\nSummarise?,the patient is stable\n');
    const values = scoreWith(benchmark, { instance, completions: ['the patient is stable today'] });
    expect(Object.keys(values)).toEqual(['rouge_l']);
    expect(values.rouge_l).toBeCloseTo((2 * (4 / 5) * 1) / (4 / 5 + 1), 10);
  });
});

describe('jury_score (HELM LLMJuryMetric, MedHELM default 0.0)', () => {
  const rubric = {
    criteria: ['accuracy', 'clarity'],
    subkeys: { accuracy: ['score', 'explanation'], clarity: ['score', 'explanation'] },
  };
  const reply = (a: unknown, c: unknown, extra = ''): JudgeCall => ({
    ok: true,
    cached: false,
    reply: `Here: {"accuracy": {"score": ${JSON.stringify(a)}, "explanation": "x"}, "clarity": {"score": ${JSON.stringify(c)}, "explanation": "y"}${extra}} done`,
  });
  const judged = (judges: JuryAnnotation['judges']): JuryAnnotation => ({ prompt_text: 'p', judges });

  it.each([
    [
      'two judges: mean of all 4 scores',
      judged({ gpt: reply(4, 5), llama: reply(2, 3) }),
      { jury_score: 3.5, jury_score_corrected: 3.5 },
    ],
    [
      'a judge whose reply does not parse is dropped',
      judged({ gpt: reply(4, 4), claude: { ok: true, cached: false, reply: 'no json' } }),
      { jury_score: 4, jury_score_corrected: 4 },
    ],
    [
      'a failed call is dropped',
      judged({ gpt: { ok: false, error_kind: 'timeout', message: 't' }, llama: reply(1, 3) }),
      { jury_score: 2, jury_score_corrected: 2 },
    ],
    [
      'no usable judge: HELM 0.0, corrected unscored',
      judged({ gpt: { ok: true, cached: false, reply: '{"accuracy": {"score": 4}}' } }),
      { jury_score: 0 },
    ],
    [
      'empty model output (no judge called): 0 in both',
      { prompt_text: null, empty_output_equivalence_judgement: false, judges: {} } as JuryAnnotation,
      { jury_score: 0, jury_score_corrected: 0 },
    ],
    [
      'int() truncates 4.7 and reads "3"; corrected rejects 4.7',
      judged({ gpt: reply(4.7, '3') }),
      { jury_score: 3.5, jury_score_corrected: 3 },
    ],
    [
      "an extra top-level key with a score joins HELM's list only",
      judged({ gpt: reply(4, 4, ', "overall": {"score": 1}') }),
      { jury_score: 3, jury_score_corrected: 4 },
    ],
    [
      'a missing closing brace is repaired once',
      judged({
        gpt: {
          ok: true,
          cached: false,
          reply: '{"accuracy": {"score": 2, "explanation": ""}, "clarity": {"score": 4, "explanation": ""}',
        },
      }),
      { jury_score: 3, jury_score_corrected: 3 },
    ],
    [
      'a null score drops the judge in HELM mode (HELM would crash)',
      judged({ gpt: reply(null, 4), llama: reply(2, 2) }),
      { jury_score: 2, jury_score_corrected: 8 / 3 },
    ],
  ])('%s', (_, annotation, expected) => {
    expect(juryValues(annotation, rubric)).toEqual(expected);
  });

  it('a reply without a criterion sub-key the rubric lists is dropped (HELM _validate_annotation)', () => {
    expect(parseJuryReply('{"accuracy": {"score": 4}, "clarity": {"score": 4, "explanation": ""}}', rubric).ok).toBe(
      false,
    );
  });

  it.each([
    [4, 4],
    [4.9, 4],
    [-1.5, -1],
    [' 3 ', 3],
    ['3.5', null],
    [true, 1],
    [null, null],
  ])('pythonInt(%j) = %j', (x, expected) => expect(pythonInt(x)).toBe(expected));

  it('the family reads annotations[jury]; no annotation = no value', async () => {
    const files = {
      'def.yml':
        'name: n\ndescription: d\ndata: {path: n.jsonl}\nprompt: {template: "{{note}}"}\ntask: {kind: free_text, rubric: {template: "{{RESPONSE}}", criteria: [accuracy]}}\n',
      'n.jsonl': '{"note": "a"}\n',
    };
    const { benchmark } = definitionFrom(files);
    const instance: Instance = { id: 'id0', input: { text: 'a' }, references: [], split: 'test' };
    const jury = judged({ gpt: { ok: true, cached: false, reply: '{"accuracy": {"score": 5}}' } });
    expect(scoreWith(benchmark, { instance, completions: ['x'], annotations: { jury } })).toEqual({
      jury_score: 5,
      jury_score_corrected: 5,
    });
    expect(scoreWith(benchmark, { instance, completions: ['x'] })).toEqual({});
  });
});
