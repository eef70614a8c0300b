import { describe, expect, it } from '@jest/globals';
import { criteriaOf, judgeViews, replyObject } from './judges.js';

const REPLY =
  'Here is my rating:\n{"accuracy": {"score": 4, "explanation": "mostly right"}, "completeness": {"score": 3, "explanation": "misses the dose"}, "clarity": {"score": 5, "explanation": "clear"}}';

describe('judge replies', () => {
  it('read the JSON object between the first { and the last }', () => {
    expect(criteriaOf(replyObject(REPLY))).toEqual([
      { name: 'accuracy', score: '4', explanation: 'mostly right' },
      { name: 'completeness', score: '3', explanation: 'misses the dose' },
      { name: 'clarity', score: '5', explanation: 'clear' },
    ]);
  });

  it('accept a reply missing its closing brace, as HELM does', () => {
    expect(replyObject('{"accuracy": {"score": 2, "explanation": "x"}')).toEqual({
      accuracy: { score: 2, explanation: 'x' },
    });
  });

  it('give nothing for text that is not JSON', () => {
    expect(replyObject('I cannot rate this.')).toBeNull();
    expect(criteriaOf(null)).toEqual([]);
  });
});

describe('judgeViews', () => {
  const annotations = {
    jury: {
      prompt_text: 'rubric…',
      judges: {
        gpt: { ok: true, reply: REPLY, cached: false },
        llama: { ok: true, reply: 'no json here', cached: false },
        claude: { ok: false, error_kind: 'timeout', message: 'no answer after 600 s' },
      },
    },
  };
  const lines = [
    {
      instance_id: 'x',
      judge: 'llama',
      result: { success: true, completions: [{ text: 'no json here' }] },
      parse_error: 'no_json',
    },
  ];

  it('show each judge of a jury annotation with its criteria, or why it has none', () => {
    const views = judgeViews(annotations, lines);
    expect(views.map((v) => [v.judge, v.ok, v.criteria.length, v.error])).toEqual([
      ['gpt', true, 3, null],
      ['llama', false, 0, 'parse failure: no_json'],
      ['claude', false, 0, 'timeout: no answer after 600 s'],
    ]);
  });

  it('say when no judge was called for an empty answer', () => {
    expect(judgeViews({ jury: { prompt_text: null, empty_output_equivalence_judgement: false } }, [])[0].error).toMatch(
      /no judge was called/,
    );
  });

  it('show judges.jsonl lines without an annotation on their own', () => {
    const views = judgeViews(null, [
      { instance_id: 'x', judge: 'gpt', result: { success: false, error: 'HTTP 500', error_kind: 'server_error' } },
    ]);
    expect(views).toEqual([
      {
        annotator: 'judges.jsonl',
        judge: 'gpt',
        ok: false,
        reply: null,
        criteria: [],
        error: 'server_error: HTTP 500',
      },
    ]);
  });

  it('ignore annotations that are not a jury (an SQL execution result)', () => {
    expect(judgeViews({ sql: { rows: [[1]] } }, [])).toEqual([]);
  });
});
