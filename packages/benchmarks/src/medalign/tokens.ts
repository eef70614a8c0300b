/**
 * cl100k_base token counts and HELM's "keep the last tokens" EHR truncation, fast enough for MedAlign's long EHRs.
 *
 * js-tiktoken encodes ~150k tokens/s, and an EHR can hold millions, so we never encode a whole EHR when only its
 * tail matters. Why encoding pieces of the text is exact: cl100k's pre-tokenizer regex cuts the text into pieces
 * before BPE, and no piece spans a "\n" followed by a printable ASCII character (every alternative that can hold a
 * "\n" ends at the last newline of its run when a non-space follows), and the regex has no look-behind. So at every
 * such position ("safe boundary") `encode(a + b) = encode(a) ++ encode(b)`. We cut the text into lines at safe
 * boundaries, encode them from the end (memoised: EHR XML repeats the same lines), and stop once enough tokens are
 * known. `tokens.test.ts` checks this against whole-text encoding on awkward text.
 */
import { decodeCl100k, encodeCl100k } from '../shared/cl100k.js';

export { decodeCl100k, encodeCl100k, specialTokenIn } from '../shared/cl100k.js';

const memo = new Map<string, number[]>();
/** Distinct lines kept; EHR XML repeats tags and codes, but a long run of patients must not grow without bound. */
const MEMO_LIMIT = 200_000;

function encodeLine(line: string): number[] {
  let tokens = memo.get(line);
  if (tokens === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    tokens = encodeCl100k(line);
    memo.set(line, tokens);
  }
  return tokens;
}

const SAFE_NEXT = /[!-~]/;

/** Start index of the last line of `text[0:end]` that begins at a safe boundary (0 when there is none). */
function lineStart(text: string, end: number): number {
  let k = end - 2;
  while (k >= 0) {
    k = text.lastIndexOf('\n', k);
    if (k < 0) break;
    if (SAFE_NEXT.test(text[k + 1]!)) return k + 1;
    k -= 1;
  }
  return 0;
}

export interface TextTail {
  /** The last tokens of `encode(text)`: all of them when `whole`, otherwise at least the number asked for. */
  readonly tokens: readonly number[];
  readonly whole: boolean;
  /** Token index (into `tokens`) of every safe boundary found, ascending. */
  readonly boundaries: readonly number[];
}

/**
 * The last `atLeast` tokens (or more) of `encode(text)`, encoding only as many lines from the end as needed.
 * @example tailTokens('a\nb\n', 1).tokens.length >= 1 // true
 */
export function tailTokens(text: string, atLeast: number): TextTail {
  const chunks: number[][] = [];
  let count = 0;
  let end = text.length;
  while (end > 0 && count < atLeast) {
    const start = lineStart(text, end);
    const tokens = encodeLine(text.slice(start, end));
    chunks.push(tokens);
    count += tokens.length;
    end = start;
  }
  const tokens: number[] = [];
  const boundaries: number[] = [];
  for (let i = chunks.length - 1; i >= 0; i--) {
    boundaries.push(tokens.length);
    for (const t of chunks[i]!) tokens.push(t);
  }
  return { tokens, whole: end === 0, boundaries };
}

/**
 * HELM's truncation (`medalign_scenario_helper.pack_and_trim_prompts`): if the EHR has more than `budget` tokens,
 * decode its last `2·budget` tokens, encode that text again and keep its last `budget` tokens. The second pass
 * re-tokenizes only the cut at the start, so whenever a safe boundary leaves at least `budget` tokens after it, the
 * result is the EHR's own last `budget` tokens; otherwise we run the second pass for real.
 */
export function truncateToLastTokens(tail: TextTail, budget: number): { text: string | null; truncated: boolean } {
  if (tail.whole && tail.tokens.length <= budget) return { text: null, truncated: false };
  const firstKept = tail.tokens.length - 2 * budget;
  const boundary = tail.boundaries.find((b) => b >= firstKept);
  if (boundary !== undefined && tail.tokens.length - boundary >= budget) {
    return { text: decodeCl100k(tail.tokens.slice(-budget)), truncated: true };
  }
  const again = encodeCl100k(decodeCl100k(tail.tokens.slice(Math.max(0, firstKept))));
  return { text: decodeCl100k(again.slice(-budget)), truncated: true };
}
