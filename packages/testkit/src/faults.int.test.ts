import { describe, it, expect, afterAll, beforeAll } from '@jest/globals';
import OpenAI from 'openai';
import { startFakeOpenAIServer, type FakeOpenAIServer, type Fault } from './index.js';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ models: ['m'], requireApiKey: 'right-key', contextLimitTokens: 50 });
});
afterAll(() => server.close());

const MESSAGES = [{ role: 'user' as const, content: 'hello' }];

function sdk(apiKey = 'right-key', timeout = 5_000): OpenAI {
  return new OpenAI({ baseURL: server.url, apiKey, maxRetries: 0, timeout });
}

function chatFetch(body: Record<string, unknown> = {}, apiKey = 'right-key'): Promise<Response> {
  return fetch(`${server.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ model: 'm', messages: MESSAGES, ...body }),
  });
}

async function caught(
  promise: Promise<unknown>,
): Promise<Error & { status?: number; code?: string; headers?: Headers }> {
  try {
    await promise;
  } catch (e) {
    return e as Error & { status?: number };
  }
  throw new Error('expected a rejection');
}

describe.each([
  { fault: { kind: 'rate_limit', retryAfter: 7 }, status: 429, sdkError: 'RateLimitError' },
  { fault: { kind: 'server_error' }, status: 500, sdkError: 'InternalServerError' },
  { fault: { kind: 'server_error', status: 502 }, status: 502, sdkError: 'InternalServerError' },
  { fault: { kind: 'server_error', status: 503 }, status: 503, sdkError: 'InternalServerError' },
  { fault: { kind: 'server_error', status: 504 }, status: 504, sdkError: 'InternalServerError' },
  { fault: { kind: 'unauthorized' }, status: 401, sdkError: 'AuthenticationError' },
  { fault: { kind: 'not_found' }, status: 404, sdkError: 'NotFoundError' },
  { fault: { kind: 'context_length' }, status: 400, sdkError: 'BadRequestError' },
  { fault: { kind: 'status', status: 422 }, status: 422, sdkError: 'UnprocessableEntityError' },
] as { fault: Fault; status: number; sdkError: string }[])('fault $fault.kind ($status)', ({
  fault,
  status,
  sdkError,
}) => {
  it('reaches fetch as that HTTP status with an OpenAI error body', async () => {
    server.setScript([fault]);
    const res = await chatFetch();
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { message: string } }).error.message).toEqual(expect.any(String));
    expect(server.requests.at(-1)).toMatchObject({ fault: fault.kind, status });
  });

  it(`reaches the openai SDK as ${sdkError}`, async () => {
    server.setScript([fault]);
    const err = await caught(sdk().chat.completions.create({ model: 'm', messages: MESSAGES }));
    expect(err.constructor.name).toBe(sdkError);
    expect(err.status).toBe(status);
  });
});

describe('Retry-After', () => {
  it.each([
    [3, '3'],
    ['Wed, 21 Oct 2037 07:28:00 GMT', 'Wed, 21 Oct 2037 07:28:00 GMT'],
    [new Date(Date.UTC(2037, 9, 21, 7, 28)), 'Wed, 21 Oct 2037 07:28:00 GMT'],
  ])('sends %p as %p (fetch and SDK)', async (retryAfter, header) => {
    server.setScript([
      { kind: 'rate_limit', retryAfter },
      { kind: 'rate_limit', retryAfter },
    ]);
    expect((await chatFetch()).headers.get('retry-after')).toBe(header);
    const err = await caught(sdk().chat.completions.create({ model: 'm', messages: MESSAGES }));
    expect(err.headers?.get('retry-after')).toBe(header);
  });

  it('is absent when not given', async () => {
    server.setScript([{ kind: 'rate_limit' }]);
    expect((await chatFetch()).headers.get('retry-after')).toBeNull();
  });
});

describe('transport faults', () => {
  it('hang: fetch aborts on its own timeout; the SDK raises a timeout error', async () => {
    server.setScript([{ kind: 'hang' }, { kind: 'hang' }]);
    const viaFetch = fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer right-key' },
      body: '{"model":"m","messages":[]}',
      signal: AbortSignal.timeout(200),
    });
    expect((await caught(viaFetch)).name).toBe('TimeoutError');
    const t0 = Date.now();
    const err = await caught(sdk('right-key', 200).chat.completions.create({ model: 'm', messages: MESSAGES }));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    // Plain Node gives APIConnectionTimeoutError; under Jest's VM realm the SDK's `instanceof Error` check on the
    // AbortError fails and it reports APIConnectionError instead. Either way the client gave up on its timeout.
    expect(['APIConnectionTimeoutError', 'APIConnectionError']).toContain(err.constructor.name);
    expect(server.requests.at(-1)).toMatchObject({ fault: 'hang', status: null, responded_at: null });
  });

  it('reset: fetch fails with a connection error; the SDK raises APIConnectionError', async () => {
    server.setScript([{ kind: 'reset' }, { kind: 'reset' }]);
    const viaFetch = await caught(chatFetch());
    expect(String((viaFetch as Error & { cause?: unknown }).cause)).toMatch(/ECONNRESET|other side closed|socket/i);
    const err = await caught(sdk().chat.completions.create({ model: 'm', messages: MESSAGES }));
    expect(err.constructor.name).toBe('APIConnectionError');
  });

  it('garbage: 200 with a body that is not JSON', async () => {
    server.setScript([{ kind: 'garbage' }, { kind: 'garbage' }]);
    const res = await chatFetch();
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
    await expect(sdk().chat.completions.create({ model: 'm', messages: MESSAGES })).rejects.toThrow();
  });

  it('no_choices: 200 with an empty choices list', async () => {
    server.setScript([{ kind: 'no_choices' }, { kind: 'no_choices' }]);
    expect(((await (await chatFetch()).json()) as { choices: unknown[] }).choices).toEqual([]);
    const completion = await sdk().chat.completions.create({ model: 'm', messages: MESSAGES });
    expect(completion.choices).toEqual([]);
  });
});

describe('built-in checks', () => {
  it('401 for a wrong key, with the wrong key never logged', async () => {
    expect((await chatFetch({}, 'wrong-key')).status).toBe(401);
    const err = await caught(sdk('wrong-key').chat.completions.create({ model: 'm', messages: MESSAGES }));
    expect(err.status).toBe(401);
    expect(JSON.stringify(server.requests)).not.toContain('wrong-key');
  });

  it('404 for a model not in `models`', async () => {
    expect((await chatFetch({ model: 'other' })).status).toBe(404);
    const err = await caught(sdk().chat.completions.create({ model: 'other', messages: MESSAGES }));
    expect(err.constructor.name).toBe('NotFoundError');
  });

  it('400 context_length_exceeded for a prompt over contextLimitTokens words', async () => {
    const long = [{ role: 'user' as const, content: 'word '.repeat(51) }];
    const res = await chatFetch({ messages: long });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('context_length_exceeded');
    const err = await caught(sdk().chat.completions.create({ model: 'm', messages: long }));
    expect(err.code).toBe('context_length_exceeded');
  });

  it('a faults callback can fail requests selectively; scripted steps win and `ok` passes', async () => {
    server.setFaults((r) =>
      (r.body as { temperature?: number }).temperature === 1 ? { kind: 'server_error', status: 503 } : null,
    );
    try {
      expect((await chatFetch({ temperature: 1 })).status).toBe(503);
      expect((await chatFetch({ temperature: 0 })).status).toBe(200);
      server.setScript(['ok']);
      expect((await chatFetch({ temperature: 1 })).status).toBe(200);
    } finally {
      server.setFaults(null);
    }
  });
});

describe('maxInFlight', () => {
  it('counts each model id apart, from arrival to answer, faults included; reset starts again', async () => {
    const slow = await startFakeOpenAIServer({
      models: ['a', 'b'],
      latencyMs: 150,
      faults: (r) =>
        (r.body as { messages?: { content: string }[] }).messages?.[0]?.content === 'fail'
          ? { kind: 'server_error' }
          : null,
    });
    try {
      const ask = (model: string, content = 'hi') =>
        fetch(`${slow.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
        }).then((r) => r.status);
      expect(await Promise.all([ask('a'), ask('a', 'fail'), ask('a'), ask('b')])).toEqual([200, 500, 200, 200]);
      expect([slow.maxInFlight('a'), slow.maxInFlight('b'), slow.maxInFlight('c')]).toEqual([3, 1, 0]);
      slow.resetMaxInFlight();
      await ask('a');
      await ask('a', 'fail');
      expect(slow.maxInFlight('a')).toBe(1);
    } finally {
      await slow.close();
    }
  });
});
