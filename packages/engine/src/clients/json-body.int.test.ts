import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { createNodeFetch } from './node-http-fetch.js';
import { SdkClient } from './sdk-client.js';

const body = { model: 'fake-model', messages: [{ role: 'user', content: 'Answer: é "B"' }], max_tokens: 1 };

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ answer: () => 'B' });
});
afterAll(async () => server.close());

type BuildBody = (args: { options: object }) => unknown;
const sdkBuildBody = (OpenAI.prototype as unknown as { buildBody: BuildBody }).buildBody;

describe('SdkClient: a JSON body encoded as the SDK’s encoder does', () => {
  it('sends a plain object’s JSON without the SDK’s body steps, and a call with headers of its own through them', async () => {
    let stepped = 0;
    const proto = OpenAI.prototype as unknown as { buildBody: BuildBody };
    proto.buildBody = function (this: OpenAI, args) {
      stepped++;
      return sdkBuildBody.call(this, args);
    };
    try {
      const client = new SdkClient({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
      const from = server.requests.length;
      for (let i = 0; i < 3; i++)
        expect((await client.chat.completions.create(body)).choices[0].message.content).toBe('B');
      expect(stepped).toBe(0);
      await client.chat.completions.create(body, { headers: { 'X-Extra': 'one' } });
      expect(stepped).toBe(1);
      const sent = server.requests.slice(from);
      expect(sent.map((r) => r.body)).toEqual(Array(4).fill(body));
      expect(sent.map((r) => r.headers['content-type'])).toEqual(Array(4).fill('application/json'));
    } finally {
      proto.buildBody = sdkBuildBody;
    }
  });

  // Fails when an SDK update encodes bodies otherwise: then this shortcut must follow it or go.
  it.each([
    ['a chat body', { method: 'post', path: '/chat/completions', body, stream: false }],
    ['a completions body', { method: 'post', path: '/completions', body: { model: 'm', prompt: 'p' } }],
    ['a body the SDK streams', { method: 'post', path: '/x', body: new Uint8Array([1, 2]) }],
    ['no body', { method: 'get', path: '/models' }],
  ])('gives what the SDK’s own steps give for %s', (_name, options) => {
    const client = new SdkClient({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
    const ours = (client as unknown as { buildBody: BuildBody }).buildBody({ options });
    expect(ours).toEqual(sdkBuildBody.call(client, { options }));
  });
});

type BuildHeaders = (args: object) => Promise<Headers>;

// SdkClient hands every plain call of an endpoint one read-only headers object (buildHeadersOnce), whose writers
// throw: an SDK update that writes to a call's headers after building them must fail here, not every request.
describe('the SDK’s version: a plain call’s headers, once built, are never written', () => {
  it.each([
    ['chat', (c: OpenAI) => c.chat.completions.create(body, { timeout: 5000, maxRetries: 0 })],
    ['completions', (c: OpenAI) => c.completions.create({ model: 'm', prompt: 'p' }, { timeout: 5000, maxRetries: 0 })],
  ])('%s', async (_name, call) => {
    const proto = OpenAI.prototype as unknown as { buildHeaders: BuildHeaders };
    const sdkBuildHeaders = proto.buildHeaders;
    const writers = ['set', 'append', 'delete'] as const;
    const originals = writers.map((name) => Headers.prototype[name]);
    const built = new Set<Headers>();
    const writes: string[] = [];
    proto.buildHeaders = async function (this: OpenAI, args) {
      const headers = await sdkBuildHeaders.call(this, args);
      built.add(headers);
      return headers;
    };
    writers.forEach((name, i) => {
      Headers.prototype[name] = function (this: Headers, ...args: [string, string]) {
        if (built.has(this)) writes.push(`${name} ${args[0]}`);
        return (originals[i] as (...a: unknown[]) => void).apply(this, args);
      } as never;
    });
    try {
      // The SDK's own steps (no headers built once), so every object it builds is seen.
      const client = new OpenAI({ apiKey: 'k', baseURL: server.url, maxRetries: 0, fetch: createNodeFetch() });
      for (let i = 0; i < 2; i++) await call(client);
      expect(built.size).toBe(2);
      expect(writes).toEqual([]);
    } finally {
      proto.buildHeaders = sdkBuildHeaders;
      writers.forEach((name, i) => {
        Headers.prototype[name] = originals[i] as never;
      });
    }
  });
});
