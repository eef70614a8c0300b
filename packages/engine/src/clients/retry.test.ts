import { describe, expect, it } from '@jest/globals';
import { APIError } from 'openai';
import { BadResponseError } from './classify-error.js';
import type { RawSuccess, SendAttempt } from './send-attempt.js';
import { registerSecret } from '@eval-factory/errors';
import { sendWithRetries } from './retry.js';

const ok: RawSuccess = { completions: [{ text: 'A', finish_reason: 'stop' }], usage: null, response: {} };
const policy = { maxRetries: 3, timeoutMs: 1000, nvcfBacked: false, backoffBaseS: 0.001, backoffCapS: 0.01 };
const status = (code: number, headers: Record<string, string> = {}) =>
  APIError.generate(code, { message: `status ${code}` }, undefined, new Headers(headers));

function scripted(steps: (Error | 'ok')[]): { send: SendAttempt; calls: () => number } {
  let i = 0;
  return {
    send: async () => {
      const step = steps[Math.min(i++, steps.length - 1)];
      if (step === 'ok') return ok;
      throw step;
    },
    calls: () => i,
  };
}

describe('sendWithRetries', () => {
  it('retries retriable failures and counts every attempt', async () => {
    const s = scripted([status(500), status(429, { 'retry-after': '0' }), new BadResponseError('no choices'), 'ok']);
    const r = await sendWithRetries(s.send, {}, policy);
    expect(r.ok && r.attempts).toBe(4);
    expect(r.retries.map((x) => x.error_kind)).toEqual(['server_error', 'rate_limited', 'bad_response']);
  });
  it('gives up after 1 + maxRetries attempts', async () => {
    const s = scripted([status(503)]);
    const r = await sendWithRetries(s.send, {}, policy);
    expect(r.ok).toBe(false);
    expect(s.calls()).toBe(4);
    if (!r.ok) expect(r.failure).toMatchObject({ error_kind: 'server_error', retriable: true, attempts: 4 });
  });
  it('redacts a known secret that the provider echoed in its error', async () => {
    registerSecret('sk-retry-test-0123456789abcdef');
    const echo = APIError.generate(
      401,
      { error: { message: 'Incorrect API key provided: sk-retry-test-0123456789abcdef' } },
      undefined,
      new Headers(),
    );
    const r = await sendWithRetries(scripted([echo]).send, {}, policy);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.message).not.toContain('sk-retry-test-0123456789abcdef');
      expect(r.failure.message).toContain('Incorrect API key provided');
    }
  });
  it('does not retry a per-request 400 or a fatal 401', async () => {
    for (const [code, fatal] of [
      [400, false],
      [401, true],
    ] as const) {
      const s = scripted([status(code)]);
      const r = await sendWithRetries(s.send, {}, policy);
      expect(s.calls()).toBe(1);
      if (!r.ok) expect(r.failure.fatal).toBe(fatal);
    }
  });
  it('does not retry a 504 on an NVCF-backed host', async () => {
    const s = scripted([status(504)]);
    await sendWithRetries(s.send, {}, { ...policy, nvcfBacked: true });
    expect(s.calls()).toBe(1);
  });
  it('stops retrying once the run is interrupted', async () => {
    const controller = new AbortController();
    controller.abort();
    const s = scripted([status(500)]);
    const r = await sendWithRetries(s.send, {}, policy, controller.signal);
    expect(s.calls()).toBe(1);
    if (!r.ok) expect(r.failure.error_kind).toBe('interrupted');
  });
});
