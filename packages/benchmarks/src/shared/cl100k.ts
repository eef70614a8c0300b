/**
 * The cl100k_base tokenizer (HELM: `tiktoken.encoding_for_model("gpt-4")`), loaded on first use (the ranks are a
 * few MB): MedAlign truncates EHRs with it, EHRSHOT counts prompt lengths.
 */
import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite';
import { lazyRequire } from './lazy-require.js';

let encoder: Tiktoken | null = null;
let specialTokens: RegExp | null = null;

function cl100k(): Tiktoken {
  if (!encoder) {
    const { Tiktoken: Encoder } = lazyRequire<typeof import('js-tiktoken/lite')>('js-tiktoken/lite');
    const ranks = lazyRequire<TiktokenBPE>('js-tiktoken/ranks/cl100k_base');
    encoder = new Encoder(ranks);
    specialTokens = new RegExp(
      Object.keys(ranks.special_tokens)
        .map((t) => t.replace(/[|]/g, '\\|'))
        .join('|'),
    );
  }
  return encoder;
}

/** cl100k_base tokens of `text`; throws, like Python tiktoken's `encode`, when it contains a special token. */
export function encodeCl100k(text: string): number[] {
  return cl100k().encode(text);
}

export function decodeCl100k(tokens: readonly number[]): string {
  return cl100k().decode([...tokens]);
}

/** The special token `text` contains (Python tiktoken refuses to encode it), or `null`. */
export function specialTokenIn(text: string): string | null {
  cl100k();
  return specialTokens!.exec(text)?.[0] ?? null;
}
