import { describe, expect, it } from '@jest/globals';
import { decodeCl100k, encodeCl100k, specialTokenIn, tailTokens, truncateToLastTokens } from './tokens.js';

/** HELM's two passes on the whole text, the reference the fast path must match. */
function helmTruncate(text: string, budget: number): string {
  const tokens = encodeCl100k(text);
  if (tokens.length <= budget) return text;
  const firstPass = decodeCl100k(tokens.slice(-2 * budget));
  return decodeCl100k(encodeCl100k(firstPass).slice(-budget));
}

/** Deterministic awkward text: XML lines, indentation, blank lines, CRLF, tabs, non-ASCII, digits, contractions. */
function awkwardText(seed: number, pieces: number): string {
  const parts = [
    '\n',
    '\n\n',
    ' \n',
    '\r\n',
    '<a>',
    '</a>\n',
    '  <b x="1">',
    'Word',
    " it's",
    ' café',
    ' 12345',
    '\t',
    '😀',
    '—',
    '.',
    '-',
    '\n<',
    '\n ',
    'ab',
    ' ',
    '\n\t<',
  ];
  let x = seed;
  let out = '';
  for (let i = 0; i < pieces; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += parts[x % parts.length];
  }
  return out;
}

describe('tailTokens (line-wise encoding from the end)', () => {
  it.each([1, 2, 3, 4, 5, 6])('equals the tail of whole-text encoding (seed %i)', (seed) => {
    const text = awkwardText(seed, 1500);
    const whole = encodeCl100k(text);
    for (const atLeast of [1, 10, 100, 400, whole.length + 5]) {
      const tail = tailTokens(text, atLeast);
      expect(tail.tokens).toEqual(whole.slice(whole.length - tail.tokens.length));
      expect(tail.tokens.length >= Math.min(atLeast, whole.length)).toBe(true);
      expect(tail.whole).toBe(tail.tokens.length === whole.length);
      // Every reported boundary splits the token stream where the text splits.
      for (const b of tail.boundaries.filter((_, i) => i % 25 === 0))
        expect(encodeCl100k(decodeCl100k(tail.tokens.slice(b)))).toEqual(tail.tokens.slice(b));
    }
  });

  it('handles text without any safe boundary and the empty text', () => {
    expect(tailTokens('one long line without breaks', 1)).toMatchObject({ whole: true, boundaries: [0] });
    expect(tailTokens('', 3)).toEqual({ tokens: [], whole: true, boundaries: [] });
  });
});

describe('truncateToLastTokens (HELM keeps the last tokens in two passes)', () => {
  it.each([1, 2, 3, 4])('matches HELM on awkward text for many budgets (seed %i)', (seed) => {
    const text = awkwardText(seed * 7, 1200);
    for (const budget of [1, 2, 5, 17, 64, 200, 5000]) {
      const tail = tailTokens(text, 2 * budget + 1);
      const cut = truncateToLastTokens(tail, budget);
      expect(cut.text ?? text).toBe(helmTruncate(text, budget));
      expect(cut.truncated).toBe(encodeCl100k(text).length > budget);
    }
  });
});

describe('special tokens', () => {
  it('finds a special token (Python tiktoken refuses to encode it)', () => {
    expect(specialTokenIn('a <|endoftext|> b')).toBe('<|endoftext|>');
    expect(specialTokenIn('<|fim_prefix|>')).toBe('<|fim_prefix|>');
    expect(specialTokenIn('a <|end|> b')).toBeNull();
  });
});
