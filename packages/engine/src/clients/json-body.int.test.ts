import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
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
