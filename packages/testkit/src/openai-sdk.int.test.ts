import { describe, it, expect, afterAll, beforeAll } from '@jest/globals';
import OpenAI from 'openai';
import { startFakeOpenAIServer, sha256Hex, type FakeOpenAIServer } from './index.js';

let server: FakeOpenAIServer;
let client: OpenAI;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ requireApiKey: 'test-key-123' });
  client = new OpenAI({ baseURL: server.url, apiKey: 'test-key-123', maxRetries: 0 });
});
afterAll(() => server.close());

const MCQ = 'Which organ pumps blood?\nA. Liver\nB. Heart\nC. Lung\nAnswer:';

describe('fake server with the real openai SDK', () => {
  it('chat: reads choices[0].message.content, finish_reason and usage', async () => {
    const completion = await client.chat.completions.create({
      model: 'demo',
      messages: [{ role: 'user', content: MCQ }],
      temperature: 0,
      max_tokens: 5,
    });
    expect(['A', 'B', 'C']).toContain(completion.choices[0].message.content);
    expect(completion.choices[0].finish_reason).toBe('stop');
    expect(completion.usage).toEqual({ prompt_tokens: 11, completion_tokens: 1, total_tokens: 12 });
    expect(completion.model).toBe('demo');
  });

  it('completions: reads choices[0].text, deterministic across calls', async () => {
    const ask = () => client.completions.create({ model: 'demo', prompt: MCQ, max_tokens: 5 });
    const [first, second] = [await ask(), await ask()];
    expect(first.choices[0].text).toBe(second.choices[0].text);
    expect(first.object).toBe('text_completion');
  });

  it('lists models', async () => {
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toEqual(['fake-model']);
  });

  it('records the body the SDK sent and a hash of the bearer header', async () => {
    await client.chat.completions.create({ model: 'demo', messages: [{ role: 'user', content: 'hi' }], stop: ['\n'] });
    const entry = server.requests.at(-1);
    expect(entry?.body).toEqual({ model: 'demo', messages: [{ role: 'user', content: 'hi' }], stop: ['\n'] });
    expect(entry?.authorization_sha256).toBe(sha256Hex('Bearer test-key-123'));
    expect(entry?.headers['content-type']).toMatch(/application\/json/);
    expect(Object.keys(entry?.headers ?? {})).not.toContain('authorization');
  });

  it('a scripted 429 then ok: the SDK with one retry succeeds, honouring Retry-After', async () => {
    server.setScript([{ kind: 'rate_limit', retryAfter: 0 }, 'ok']);
    const retrying = new OpenAI({ baseURL: server.url, apiKey: 'test-key-123', maxRetries: 1 });
    const completion = await retrying.chat.completions.create({
      model: 'demo',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(completion.choices).toHaveLength(1);
    expect(server.requests.slice(-2).map((r) => r.status)).toEqual([429, 200]);
  });
});
