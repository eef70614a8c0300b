import { describe, expect, it } from '@jest/globals';
import { APIConnectionError } from 'openai';
import { classifyError, classifyStatus, parseRetryAfter } from './classify-error.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['3', 3],
    ['0', 0],
    ['1.5', 1.5],
    ['9999', 300],
    ['Thu, 01 Jan 2026 00:00:10 GMT', 10],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
  ])('%s → %s', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
  it('absent header', () => expect(parseRetryAfter(null, now)).toBeUndefined());
});

describe('classifyStatus', () => {
  it.each([
    [429, false, 'rate_limited', true, false],
    [500, false, 'server_error', true, false],
    [502, false, 'server_error', true, false],
    [503, true, 'server_error', true, false],
    [504, false, 'timeout', true, false],
    [504, true, 'timeout', false, false],
    [401, false, 'auth', false, true],
    [403, false, 'auth', false, true],
    [404, false, 'not_found', false, true],
    [400, false, 'bad_request', false, false],
    [422, false, 'bad_request', false, false],
  ])('%d (nvcf %s) → %s', (status, nvcf, kind, retriable, fatal) => {
    const c = classifyStatus(status, 'x', undefined, nvcf);
    expect([c.error_kind, c.retriable, c.fatal]).toEqual([kind, retriable, fatal]);
  });
  it('recognises a context-length rejection', () => {
    expect(classifyStatus(400, "This model's maximum context length is 8192 tokens", undefined, false).error_kind).toBe(
      'context_length',
    );
  });
  it('reads Retry-After on 429', () => {
    expect(classifyStatus(429, 'slow down', new Headers({ 'retry-after': '7' }), false).retry_after_s).toBe(7);
  });
});

describe('classifyError: connection failures', () => {
  const withCause = (cause: unknown) => new APIConnectionError({ message: 'Connection error.', cause: cause as Error });
  it.each([
    [
      'the code fetch hides under "fetch failed"',
      withCause(
        new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }),
      ),
      'connection error: ECONNRESET',
    ],
    [
      'a code on the cause itself',
      withCause(Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' })),
      'connection error: ECONNREFUSED',
    ],
    [
      'no code anywhere: the deepest message',
      withCause(new TypeError('fetch failed', { cause: new Error('other side closed') })),
      'connection error: other side closed',
    ],
    ['no cause', new APIConnectionError({ message: 'Connection error.' }), 'connection error: Connection error.'],
  ])('%s', (_name, error, message) => {
    expect(classifyError(error, false)).toEqual({ error_kind: 'connection', message, retriable: true, fatal: false });
  });
});
