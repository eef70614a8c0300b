/** OpenAI-shaped response bodies and error bodies. */
import { createHash } from 'node:crypto';
import type { AnswerRequest, FakeReply, FakeUsage } from './types.js';

/** Token count of the fake: whitespace-separated words (no tokenizer on purpose). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => w !== '').length;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The text the model "sees": chat message contents joined by newlines, or the completions prompt. */
export function promptOf(body: Readonly<Record<string, unknown>>): string {
  if (Array.isArray(body.messages)) {
    return body.messages
      .map((m) => (typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content ?? '')))
      .join('\n');
  }
  if (Array.isArray(body.prompt)) return body.prompt.map(String).join('\n');
  return typeof body.prompt === 'string' ? body.prompt : '';
}

/** Cuts the reply at `max_tokens` words (finish_reason `length`), so truncation paths can be tested. */
function applyMaxTokens(reply: FakeReply, body: Readonly<Record<string, unknown>>): FakeReply {
  const limit = body.max_tokens ?? body.max_completion_tokens;
  if (reply.finish_reason || typeof limit !== 'number' || reply.text === null) return reply;
  const words = reply.text.split(/\s+/).filter((w) => w !== '');
  if (words.length <= limit) return reply;
  return { ...reply, text: words.slice(0, limit).join(' '), finish_reason: 'length' };
}

function usageOf(reply: FakeReply, prompt: string): FakeUsage | undefined {
  if (reply.usage === null) return undefined;
  if (reply.usage) return reply.usage;
  const promptTokens = countWords(prompt);
  const completionTokens = countWords(reply.text ?? '');
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

/** A `chat.completion` or `text_completion` body with `n` identical choices. */
export function completionBody(request: AnswerRequest, raw: FakeReply, seq: number): Record<string, unknown> {
  const reply = applyMaxTokens(raw, request.body);
  const n = typeof request.body.n === 'number' && request.body.n > 1 ? request.body.n : 1;
  const finish = reply.finish_reason ?? 'stop';
  const choices = Array.from({ length: n }, (_, index) =>
    request.kind === 'chat'
      ? { index, message: { role: 'assistant', content: reply.text }, finish_reason: finish, logprobs: null }
      : { index, text: reply.text ?? '', finish_reason: finish, logprobs: null },
  );
  const usage = usageOf(reply, request.prompt);
  return {
    id: `${request.kind === 'chat' ? 'chatcmpl' : 'cmpl'}-fake-${seq}`,
    object: request.kind === 'chat' ? 'chat.completion' : 'text_completion',
    created: 1_700_000_000,
    model: request.model ?? 'fake-model',
    choices,
    ...(usage ? { usage } : {}),
  };
}

/** OpenAI's error envelope. */
export function errorBody(
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): Record<string, unknown> {
  return { error: { message, type, param, code } };
}
