import { describe, expect, it } from '@jest/globals';
import { parseJudgeReply } from './parse-reply.js';
import { pyInt, pyIntOfString } from './py-int.js';

const CRITERIA = ['accuracy', 'completeness', 'clarity'] as const;

/** A well-formed rubric reply with the given raw JSON score literals. */
const reply = (a: string, c: string, l: string, extra = '') =>
  `{"accuracy": {"score": ${a}, "explanation": "x"}, "completeness": {"score": ${c}, "explanation": "y"}, "clarity": {"score": ${l}, "explanation": "z"}${extra}}`;

describe('parseJudgeReply: JSON extraction (docs/configuration.md#judges)', () => {
  it.each([
    ['plain JSON', reply('4', '3', '5'), { accuracy: 4, completeness: 3, clarity: 5 }],
    [
      'prose and a code fence around it',
      `Here is my rating:\n\`\`\`json\n${reply('4', '3', '5')}\n\`\`\`\nThanks.`,
      { accuracy: 4, completeness: 3, clarity: 5 },
    ],
    // The outer closing brace is missing: the span ends at the last inner "}", and one appended "}" repairs it.
    ['a missing final brace', reply('2', '2', '2').slice(0, -1), { accuracy: 2, completeness: 2, clarity: 2 }],
  ])('reads %s', (_, text, scores) => {
    expect(parseJudgeReply(text, CRITERIA, 'helm')).toEqual({ ok: true, scores });
    expect(parseJudgeReply(text, CRITERIA, 'corrected')).toEqual({ ok: true, scores });
  });

  it.each([
    ['a refusal without braces', "I'm sorry, I can't evaluate this.", 'no_json'],
    ['an empty reply', '', 'no_json'],
    ['an opening brace only', '{"accuracy": {"score": 4', 'no_json'],
    ['broken JSON inside braces', '{"accuracy": {"score": 4,, "explanation": "x"}}', 'invalid_json'],
    ['two objects side by side', `${reply('1', '1', '1')} and ${reply('2', '2', '2')}`, 'invalid_json'],
    ['single-quoted Python dict', "{'accuracy': {'score': 4, 'explanation': 'x'}}", 'invalid_json'],
  ])('rejects %s as %s', (_, text, reason) => {
    expect(parseJudgeReply(text, CRITERIA, 'helm')).toEqual({ ok: false, reason });
    expect(parseJudgeReply(text, CRITERIA, 'corrected')).toEqual({ ok: false, reason });
  });
});

describe('parseJudgeReply: structure (§4.3, HELM _validate_annotation)', () => {
  it.each([
    [
      'a missing criterion',
      '{"accuracy": {"score": 4, "explanation": "x"}, "clarity": {"score": 4, "explanation": "x"}}',
      'missing_criterion:completeness',
    ],
    ['a JSON array (no braces: the whole text parses)', '[4, 3, 5]', 'missing_criterion:accuracy'],
    ['a brace span holding no criterion', 'Scores: [{"overall": 4}]', 'missing_criterion:accuracy'],
    [
      'a criterion without explanation',
      reply('4', '3', '5').replace('"explanation": "y"', '"why": "y"'),
      'missing_field:completeness.explanation',
    ],
    [
      'a criterion without score',
      reply('4', '3', '5').replace('"score": 4', '"rating": 4'),
      'missing_field:accuracy.score',
    ],
    [
      'a criterion that is a bare number',
      '{"accuracy": 4, "completeness": 3, "clarity": 5}',
      'missing_field:accuracy.score',
    ],
  ])('rejects %s', (_, text, reason) => {
    expect(parseJudgeReply(text, CRITERIA, 'helm')).toEqual({ ok: false, reason });
    expect(parseJudgeReply(text, CRITERIA, 'corrected')).toEqual({ ok: false, reason });
  });
});

describe('parseJudgeReply: scores in HELM mode (Python int())', () => {
  it.each([
    ['4.7 truncates to 4', reply('4.7', '3', '5'), { accuracy: 4, completeness: 3, clarity: 5 }],
    ['-0.5 truncates to 0', reply('-0.5', '3', '5'), { accuracy: 0, completeness: 3, clarity: 5 }],
    ['integer strings with spaces', reply('" 4 "', '"3"', '"+5"'), { accuracy: 4, completeness: 3, clarity: 5 }],
    ['booleans as 1/0', reply('true', 'false', '5'), { accuracy: 1, completeness: 0, clarity: 5 }],
    ['out-of-scale integers kept', reply('0', '10', '5'), { accuracy: 0, completeness: 10, clarity: 5 }],
    [
      'an extra key with a score is read',
      reply('4', '3', '5', ', "overall": {"score": 2}'),
      { accuracy: 4, completeness: 3, clarity: 5, overall: 2 },
    ],
  ])('%s', (_, text, scores) => {
    expect(parseJudgeReply(text, CRITERIA, 'helm')).toEqual({ ok: true, scores });
  });

  it.each([
    ['null', reply('null', '3', '5'), 'bad_score:accuracy'],
    ['"4.5"', reply('4', '"4.5"', '5'), 'bad_score:completeness'],
    ['"4/5"', reply('4', '3', '"4/5"'), 'bad_score:clarity'],
    ['an object score', reply('{"value": 4}', '3', '5'), 'bad_score:accuracy'],
    ['a non-object extra key', reply('4', '3', '5', ', "summary": "fine"'), 'bad_score:summary'],
    ['an extra object without score', reply('4', '3', '5', ', "notes": {"text": "n"}'), 'bad_score:notes'],
    ['1e400 (infinite)', reply('1e400', '3', '5'), 'bad_score:accuracy'],
  ])('fails the whole judge on %s (HELM would crash)', (_, text, reason) => {
    expect(parseJudgeReply(text, CRITERIA, 'helm')).toEqual({ ok: false, reason });
  });
});

describe('parseJudgeReply: scores in corrected mode (integers 1–5, per criterion)', () => {
  it('accepts integral numbers and integer strings, ignores extra keys', () => {
    expect(parseJudgeReply(reply('4.0', '" 3 "', '5', ', "summary": "fine"'), CRITERIA, 'corrected')).toEqual({
      ok: true,
      scores: { accuracy: 4, completeness: 3, clarity: 5 },
    });
  });

  it.each([
    ['4.7', reply('4.7', '3', '5'), 'accuracy'],
    ['0', reply('0', '3', '5'), 'accuracy'],
    ['6', reply('4', '6', '5'), 'completeness'],
    ['null', reply('4', '3', 'null'), 'clarity'],
    ['true', reply('true', '3', '5'), 'accuracy'],
    ['"4.5"', reply('"4.5"', '3', '5'), 'accuracy'],
  ])('drops only the criterion scored %s', (_, text, bad) => {
    const result = parseJudgeReply(text, CRITERIA, 'corrected');
    const expected = Object.fromEntries(
      Object.entries({ accuracy: 4, completeness: 3, clarity: 5 }).filter(([c]) => c !== bad),
    );
    expect(result).toEqual({ ok: true, scores: expected, invalid: [`bad_score:${bad}`] });
  });

  it('fails the judge when no criterion has a usable score', () => {
    expect(parseJudgeReply(reply('0', '"x"', 'null'), CRITERIA, 'corrected')).toEqual({
      ok: false,
      reason: 'bad_score:accuracy',
    });
  });
});

describe('pyInt (Python int() of JSON values)', () => {
  it.each([
    [4, 4],
    [4.7, 4],
    [-4.7, -4],
    [1e20, 1e20],
    [true, 1],
    [false, 0],
    ['4', 4],
    [' 4\n', 4],
    ['-3', -3],
    ['1_0', 10],
    ['007', 7],
    ['\u0664', 4],
    ['\uff15', 5],
    ['\u{1D7D0}', 2],
  ])('int(%j) = %j', (value, expected) => {
    expect(pyInt(value)).toBe(expected);
  });

  it.each([
    [null],
    ['4.5'],
    ['4/5'],
    [''],
    ['1__0'],
    ['_1'],
    ['+ 4'],
    [[4]],
    [{}],
    [Number.NaN],
    [Infinity],
  ])('int(%j) raises', (value) => {
    expect(pyInt(value)).toBeNull();
  });

  it('pyIntOfString never returns -0', () => {
    expect(Object.is(pyIntOfString('-0'), 0)).toBe(true);
  });
});

describe("a reply with Python's JSON literals (NaN, Infinity), read as HELM's json.loads reads it", () => {
  it('keeps the scores of a reply whose other fields hold NaN or Infinity', () => {
    const reply =
      '{"accuracy": {"score": 4, "explanation": "ok", "confidence": NaN}, "clarity": {"score": 5, "explanation": "NaN in text", "p": -Infinity}}';
    expect(parseJudgeReply(reply, ['accuracy', 'clarity'], 'helm')).toEqual({
      ok: true,
      scores: { accuracy: 4, clarity: 5 },
    });
  });

  it('a NaN or Infinity score is what HELM cannot int(): bad_score, never a number', () => {
    expect(parseJudgeReply('{"accuracy": {"score": NaN, "explanation": "x"}}', ['accuracy'], 'helm')).toEqual({
      ok: false,
      reason: 'bad_score:accuracy',
    });
    expect(parseJudgeReply('{"accuracy": {"score": Infinity, "explanation": "x"}}', ['accuracy'], 'helm')).toEqual({
      ok: false,
      reason: 'bad_score:accuracy',
    });
  });
});
