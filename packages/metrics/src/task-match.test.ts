import { describe, expect, it } from '@jest/globals';
import { CORRECT_TAG, type Instance } from '@eval-factory/types';
import { labelAccuracyFamily, regexMatchFamily } from './task-match.js';

const instance = (gold: string): Instance => ({
  id: 'id0',
  split: 'test',
  input: { text: 'q' },
  references: [
    { output: { text: gold }, tags: [CORRECT_TAG] },
    { output: { text: 'other' }, tags: [] },
  ],
});
const answerAfter = (answer: string) => /Answer: (.*)/.exec(answer)?.[1] ?? null;

describe('regexMatchFamily (the extractor is the caller’s; the gold is normalised as HELM normalises)', () => {
  it.each([
    ['Answer: The Aspirin.', 'aspirin', 1],
    ['Answer: ibuprofen', 'aspirin', 0],
    ['no marker at all', 'aspirin', 0],
  ])('%j against %j → %j', (answer, gold, expected) => {
    expect(regexMatchFamily(answerAfter).compute({ instance: instance(gold), completions: [answer] } as never)).toEqual(
      { regex_match: expected },
    );
  });
  it('scores nothing without a completion', () => {
    expect(regexMatchFamily(answerAfter).compute({ instance: instance('x'), completions: [] } as never)).toEqual({});
  });
});

describe('labelAccuracyFamily', () => {
  it.each([
    ['Yes, because the trial says so.', 'yes', 1],
    ['"no"', 'yes', 0],
    ['Perhaps', 'yes', 0],
  ])('%j with gold %j → %j', (answer, gold, expected) => {
    expect(
      labelAccuracyFamily(['yes', 'no', 'maybe'], false).compute({
        instance: instance(gold),
        completions: [answer],
      } as never),
    ).toEqual({ label_accuracy: expected });
  });
});
