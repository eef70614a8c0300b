/**
 * Prompt lengths in cl100k_base tokens (HELM: `tiktoken.encoding_for_model("gpt-4")`), without tokenizing every
 * prompt whole. A lab task has 10,000 prompts of up to ~100k tokens each, mostly repeating the same codes, so we
 * count each distinct code line once and add the counts up.
 *
 * Why the sum is exact: cl100k's pre-tokenizer regex splits text into pieces before BPE, and no piece can span a
 * "\n" that is followed by "-" (the pieces that may contain "\n" are whitespace runs or punctuation followed by
 * newlines, and neither can continue into "-"). The text before such a boundary ends with "\n", where every
 * alternative matches the same way whether or not text follows. So the token count of
 * `head + "- c1\n" + … + "- cn\n" + "\n"` is `count(head) + Σ count("- ci\n")`, except that the last line and the
 * final "\n" must be counted together (`"\n\n"` is one piece). `token-count.test.ts` checks this against whole-text
 * encoding on awkward codes.
 */
import { encodeCl100k } from '../shared/cl100k.js';
import { codeLine, PROMPT_TAIL } from './prompt.js';

/** Number of cl100k_base tokens; throws (like Python tiktoken) when the text contains a special token. */
export function countCl100kTokens(text: string): number {
  return encodeCl100k(text).length;
}

export interface LineTokens {
  /** Tokens of `"- <code>\n"`: a line followed by another line. */
  readonly inner: number;
  /** Tokens of `"- <code>\n\n"`: the last line with the prompt's tail. */
  readonly last: number;
}

/** Token counts of one code line in both positions. */
export function lineTokens(code: string | null): LineTokens {
  const line = `${codeLine(code)}\n`;
  return { inner: countCl100kTokens(line), last: countCl100kTokens(line + PROMPT_TAIL.slice(1)) };
}

/** Tokens of a prompt with a fixed head and a variable number of code lines. */
export class PromptTokenCounter {
  readonly head: number;
  readonly empty: number;

  constructor(head: string) {
    this.head = countCl100kTokens(head);
    this.empty = countCl100kTokens(head + PROMPT_TAIL);
  }

  /**
   * Tokens of `head + lines + tail` given Σ `inner` over all lines but the last and the `last` count of the final
   * line (`null` when there are no lines).
   */
  total(innerSumBeforeLast: number, lastLine: number | null): number {
    return lastLine === null ? this.empty : this.head + innerSumBeforeLast + lastLine;
  }
}
