import type { Completion } from '@eval-factory/types';
import { BadResponseError } from './classify-error.js';
import { throwIfHttpError, withDeadline } from './fetch-deadline.js';
import type { RawSuccess, SendAttempt } from './send-attempt.js';

export const ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/** The Anthropic-messages body (docs/configuration.md#judges): no `model` field, the gateway URL selects the model. */
export function anthropicMessagesBody(
  prompt: string,
  o: { max_tokens: number; temperature: number; top_p?: number; top_k?: number; stop_sequences?: readonly string[] },
): Record<string, unknown> {
  return {
    anthropic_version: ANTHROPIC_VERSION,
    messages: [{ role: 'user', content: prompt }],
    max_tokens: o.max_tokens,
    temperature: o.temperature,
    ...(o.top_p !== undefined ? { top_p: o.top_p } : {}),
    ...(o.top_k !== undefined ? { top_k: o.top_k } : {}),
    ...(o.stop_sequences?.length ? { stop_sequences: [...o.stop_sequences] } : {}),
  };
}

/** The text of the first `content` block of type `text` ("" when there is none), and the usage when present. */
export function parseAnthropicResponse(response: unknown): RawSuccess {
  const content = (response as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) throw new BadResponseError('no content array in the Anthropic-messages response');
  const block = content.find(
    (b: { type?: unknown; text?: unknown }) => b?.type === 'text' && typeof b.text === 'string',
  ) as { text: string } | undefined;
  const stop = (response as { stop_reason?: unknown }).stop_reason;
  const completion: Completion = { text: block?.text ?? '', finish_reason: typeof stop === 'string' ? stop : null };
  const u = (response as { usage?: Record<string, unknown> }).usage;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const input = num(u?.input_tokens);
  const output = num(u?.output_tokens);
  const usage = u
    ? {
        prompt_tokens: input,
        completion_tokens: output,
        total_tokens: input !== null && output !== null ? input + output : null,
      }
    : null;
  return { completions: [completion], usage, response };
}

/**
 * The Anthropic-messages client of `nvidia_anthropic` judges (§10), with Node's fetch: POST the body to the URL as
 * configured, with `dataClassification: confidential`. Failures are thrown as the openai SDK's error classes, so
 * `classifyError` and the retry policy treat every client alike.
 */
export function createAnthropicSender(url: string, credentialHeaders: Readonly<Record<string, string>>): SendAttempt {
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    dataClassification: 'confidential',
    ...credentialHeaders,
  };
  return async (body, timeoutMs, signal) => {
    // The body is read inside the deadline too: a reply that stalls mid-body is a timeout, not a hang.
    const { response, text } = await withDeadline(Date.now() + timeoutMs, signal, async (combined) => {
      const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: combined });
      return { response, text: await response.text() };
    });
    throwIfHttpError(response, text);
    return parseAnthropicResponse(JSON.parse(text) as unknown);
  };
}
