import { describe, it, expect, afterEach } from '@jest/globals';
import { startFakeOpenAIServer, type FakeOpenAIServer, type FakeServerOptions } from './index.js';
import { sha256Hex } from './fake-server/bodies.js';

let server: FakeOpenAIServer | null = null;

async function start(opts: FakeServerOptions = {}): Promise<FakeOpenAIServer> {
  server = await startFakeOpenAIServer(opts);
  return server;
}

afterEach(async () => {
  await server?.close();
  server = null;
});

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const MCQ = 'Pick one.\nA. left\nB. right\nAnswer:';

describe('fake OpenAI server over fetch', () => {
  it('listens on 127.0.0.1 with a /v1 base URL', async () => {
    const s = await start();
    expect(s.url).toBe(`http://127.0.0.1:${s.port}/v1`);
    expect(s.port).toBeGreaterThan(0);
  });

  it('answers chat with an OpenAI-shaped body, usage in words and finish_reason', async () => {
    const s = await start({ answer: () => 'three word answer' });
    const res = await post(`${s.url}/chat/completions`, {
      model: 'm1',
      messages: [{ role: 'user', content: 'one two three four' }],
      max_tokens: 10,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: 'chatcmpl-fake-0',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'm1',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'three word answer' },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 },
    });
  });

  it('answers completions with choices[].text and uses the demo answerer by default', async () => {
    const s = await start();
    const body = (await (await post(`${s.url}/completions`, { model: 'm', prompt: MCQ })).json()) as {
      object: string;
      choices: { text: string }[];
    };
    expect(body.object).toBe('text_completion');
    expect(['A', 'B']).toContain(body.choices[0].text);
  });

  it('serves any base path prefix and lists models', async () => {
    const s = await start({ models: ['m1', 'm2'] });
    const res = await post(`${s.origin}/custom/openai/v1/chat/completions`, {
      model: 'm2',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(res.status).toBe(200);
    const list = (await (await fetch(`${s.url}/models`)).json()) as { data: { id: string }[] };
    expect(list.data.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect((await fetch(`${s.origin}/nowhere`)).status).toBe(404);
  });

  it('honours FakeReply fields: null content, custom finish_reason, no usage, n choices', async () => {
    const s = await start({ answer: () => ({ text: null, finish_reason: 'content_filter', usage: null }) });
    const body = (await (
      await post(`${s.url}/chat/completions`, { model: 'm', n: 2, messages: [{ role: 'user', content: 'x' }] })
    ).json()) as Record<string, unknown>;
    expect(body.choices).toEqual([
      { index: 0, message: { role: 'assistant', content: null }, finish_reason: 'content_filter', logprobs: null },
      { index: 1, message: { role: 'assistant', content: null }, finish_reason: 'content_filter', logprobs: null },
    ]);
    expect(body).not.toHaveProperty('usage');
  });

  it('cuts the answer at max_tokens words with finish_reason length', async () => {
    const s = await start({ answer: () => 'a b c d e f' });
    const body = (await (await post(`${s.url}/completions`, { model: 'm', prompt: 'p', max_tokens: 2 })).json()) as {
      choices: { text: string; finish_reason: string }[];
    };
    expect(body.choices[0]).toMatchObject({ text: 'a b', finish_reason: 'length' });
  });

  it('records method, path, body, timestamps and only a hash of the Authorization header', async () => {
    const s = await start();
    await post(
      `${s.url}/chat/completions?x=1`,
      { model: 'm', messages: [] },
      { authorization: 'Bearer sk-secret-value-123', 'x-api-key': 'also-secret' },
    );
    const [entry] = s.requests;
    expect(entry).toMatchObject({
      seq: 0,
      method: 'POST',
      path: '/v1/chat/completions',
      kind: 'chat',
      body: { model: 'm', messages: [] },
      status: 200,
      fault: null,
    });
    expect(entry.authorization_sha256).toBe(sha256Hex('Bearer sk-secret-value-123'));
    expect(Date.parse(entry.received_at)).not.toBeNaN();
    expect(Date.parse(entry.responded_at ?? '')).toBeGreaterThanOrEqual(Date.parse(entry.received_at));
    expect(JSON.stringify(entry)).not.toMatch(/secret/);
  });

  it('waits latencyMs before answering', async () => {
    const s = await start({ latencyMs: 150 });
    const t0 = Date.now();
    await post(`${s.url}/chat/completions`, { model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('returns 400 for a body that is not JSON and 500 when the answer callback throws', async () => {
    const s = await start({
      answer: () => {
        throw new Error('boom');
      },
    });
    const bad = await fetch(`${s.url}/chat/completions`, { method: 'POST', body: '{not json' });
    expect(bad.status).toBe(400);
    expect(s.requests[0].body).toBe('{not json');
    expect((await post(`${s.url}/chat/completions`, { model: 'm', messages: [] })).status).toBe(500);
  });

  it('closes even with a hung request in flight', async () => {
    const s = await start({ script: [{ kind: 'hang' }] });
    const pending = post(`${s.url}/chat/completions`, { model: 'm', messages: [] }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    await s.close();
    server = null;
    // fetch rejects with a TypeError from another realm, so compare by message rather than instanceof.
    expect(String(await pending)).toMatch(/fetch failed/);
  });
});
