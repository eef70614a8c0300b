import { describe, it, expect } from '@jest/globals';
import { DEMO_TEXT, demoAnswer, optionLetters } from './demo-answerer.js';
import { countWords, promptOf } from './bodies.js';

const ask = (prompt: string) => demoAnswer({ kind: 'chat', model: 'm', prompt, body: {} });

describe('optionLetters', () => {
  it.each([
    ['Q?\nA. yes\nB. no\nC. maybe\nAnswer:', ['A', 'B', 'C']],
    ['  A. indented\n  B. too', ['A', 'B']],
    ['A. once\nA. twice\nB. x', ['A', 'B']],
    ['No options here. A.B. not at line start', []],
    ['A.\nB.', []],
  ])('%j → %j', (prompt, expected) => {
    expect(optionLetters(prompt)).toEqual(expected);
  });
});

describe('demoAnswer', () => {
  it('answers a listed letter, the same one every time for the same prompt', () => {
    const prompt = 'Which one?\nA. first\nB. second\nC. third\nD. fourth\nAnswer:';
    expect(['A', 'B', 'C', 'D']).toContain(ask(prompt));
    expect(ask(prompt)).toBe(ask(prompt));
  });

  it('spreads answers over the options across prompts', () => {
    const answers = new Set(Array.from({ length: 40 }, (_, i) => ask(`Question ${i}\nA. a\nB. b\nC. c\nD. d`)));
    expect(answers.size).toBeGreaterThan(2);
  });

  it('returns the fixed demo text for other prompts', () => {
    expect(ask('Summarize this note.')).toBe(DEMO_TEXT);
  });
});

describe('promptOf and countWords', () => {
  it.each([
    [
      {
        messages: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: 'hi there' },
        ],
      },
      'be brief\nhi there',
    ],
    [{ prompt: 'plain prompt' }, 'plain prompt'],
    [{ prompt: ['a', 'b'] }, 'a\nb'],
    [{}, ''],
  ])('%j → %j', (body, expected) => {
    expect(promptOf(body)).toBe(expected);
  });

  it.each([
    ['', 0],
    ['  one  ', 1],
    ['two words\nthree\tfour', 4],
  ])('countWords(%j) = %d', (text, n) => {
    expect(countWords(text)).toBe(n);
  });
});
