/**
 * The one contract every sender implements (openai, NVCF, Anthropic): one attempt in, a parsed success out or a
 * throw. Its own file so that what wraps senders (retries, fail-fast, limits) and what classifies their failures
 * depend on it, not on one sender's module.
 */
import type { Completion, Usage } from '@eval-factory/types';

export interface RawSuccess {
  readonly completions: Completion[];
  readonly usage: Usage | null;
  readonly response: unknown;
}

/**
 * Sends one attempt; throws on failure (classified by the caller). `signal` is the run's: a sender leaves no
 * listener on it once the attempt has ended (a run sends millions of attempts under one signal).
 */
export type SendAttempt = (
  body: Record<string, unknown>,
  timeoutMs: number,
  signal?: AbortSignal,
) => Promise<RawSuccess>;
