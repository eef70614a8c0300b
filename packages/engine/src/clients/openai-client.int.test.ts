import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import OpenAI, { APIUserAbortError } from 'openai';
import { runNode, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import type { ModelDeployment } from './model-deployment.js';
import { createNodeFetch } from './node-http-fetch.js';
import { createOpenAISender } from './openai-client.js';
import { buildHeadersOnce, buildUrlOnce } from './sdk-client.js';

const KEY = 'sk-test-headers-once';
const body = { model: 'fake-model', messages: [{ role: 'user', content: 'Answer: B' }], max_tokens: 1 };

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ requireApiKey: KEY, answer: () => 'B' });
});
afterAll(async () => server.close());

/** A real SDK client on the project's fetch, counting how often the SDK builds a request's headers. */
function countingClient(): { client: OpenAI; built: () => number } {
  const client = new OpenAI({ apiKey: KEY, baseURL: server.url, maxRetries: 0, fetch: createNodeFetch() });
  const sdk = client as unknown as { buildHeaders: (...args: unknown[]) => Promise<Headers> };
  const build = sdk.buildHeaders;
  let count = 0;
  sdk.buildHeaders = function (this: OpenAI, ...args: unknown[]) {
    count++;
    return build.apply(this, args);
  };
  buildHeadersOnce(client);
  return { client, built: () => count };
}

const received = (from: number) => server.requests.slice(from).filter((r) => r.kind === 'chat');

describe('openai client: request headers built once per endpoint', () => {
  it('builds them once for calls alike and sends the same headers each time, the key included', async () => {
    const { client, built } = countingClient();
    const from = server.requests.length;
    for (let i = 0; i < 3; i++) {
      const answer = await client.chat.completions.create(body as never, { timeout: 5000, maxRetries: 0 });
      expect(answer.choices[0].message.content).toBe('B'); // a wrong or missing key is a 401
    }
    expect(built()).toBe(1);
    const sent = received(from).map((r) => r.headers);
    expect(sent).toHaveLength(3);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[2]).toEqual(sent[0]);
    expect(sent[0]['x-stainless-timeout']).toBe('5');
    expect(sent[0]['content-type']).toBe('application/json');
  });

  it('builds them anew for another timeout, and per call for a call with headers of its own', async () => {
    const { client, built } = countingClient();
    const from = server.requests.length;
    await client.chat.completions.create(body as never, { timeout: 5000 });
    await client.chat.completions.create(body as never, { timeout: 9000 });
    await client.chat.completions.create(body as never, { timeout: 5000, headers: { 'X-Extra': 'one' } });
    await client.chat.completions.create(body as never, { timeout: 5000, headers: { 'X-Extra': 'two' } });
    await client.chat.completions.create(body as never, { timeout: 5000 });
    expect(built()).toBe(4);
    const sent = received(from).map((r) => r.headers);
    expect(sent.map((h) => h['x-stainless-timeout'])).toEqual(['5', '9', '5', '5', '5']);
    expect(sent.map((h) => h['x-extra'])).toEqual([undefined, undefined, 'one', 'two', undefined]);
  });

  it('the shared headers cannot be edited, so no call can change another’s', async () => {
    const { client } = countingClient();
    const sdk = client as unknown as {
      buildHeaders(a: { options: object; method: string; bodyHeaders: unknown; retryCount: number }): Promise<Headers>;
    };
    const args = { options: { timeout: 1000 }, method: 'post', bodyHeaders: undefined, retryCount: 0 };
    const headers = await sdk.buildHeaders(args);
    expect(await sdk.buildHeaders({ ...args })).toBe(headers);
    expect(() => headers.set('authorization', 'Bearer other')).toThrow(TypeError);
    expect(headers.get('authorization')).toBe(`Bearer ${KEY}`);
  });

  it('the model sender sends no Authorization header when there is no key, and the SDK’s user agent, on every call', async () => {
    const open = await startFakeOpenAIServer({ answer: () => 'A' });
    try {
      const deployment = {
        endpoint_type: 'chat',
        base_url: open.url,
        nvcf: { enabled: false, backed: false, is_function: false, poll_seconds: 1800 },
      } as ModelDeployment;
      const send = createOpenAISender(deployment, null);
      for (let i = 0; i < 3; i++) expect((await send(body, 5000)).completions[0].text).toBe('A');
      const seen = open.requests.filter((r) => r.kind === 'chat');
      expect(seen).toHaveLength(3);
      for (const r of seen) expect(r.authorization_sha256).toBeNull();
      // The SDK's own user agent, not the name of the class that adapts it.
      for (const r of seen) expect(r.headers['user-agent']).toMatch(/^OpenAI\/JS \d/);
    } finally {
      await open.close();
    }
  });
});

describe('openai client: request URL built once per path', () => {
  it('builds it once for calls without a query, per call with one, and sends each to the same URL as the SDK', async () => {
    const client = new OpenAI({ apiKey: KEY, baseURL: `${server.url}/`, maxRetries: 0, fetch: createNodeFetch() });
    const sdk = client as unknown as { buildURL: (...args: unknown[]) => string };
    const build = sdk.buildURL;
    const urls: string[] = [];
    sdk.buildURL = function (this: OpenAI, ...args: unknown[]) {
      urls.push(build.apply(this, args));
      return urls[urls.length - 1];
    };
    buildUrlOnce(client);
    const from = server.requests.length;
    for (let i = 0; i < 3; i++) await client.chat.completions.create(body as never, { timeout: 5000 });
    await client.chat.completions.create(body as never, { timeout: 5000, query: { trace: 'on' } });
    await client.completions.create({ model: 'fake-model', prompt: 'Answer:', max_tokens: 1 }, { timeout: 5000 });
    expect(urls).toEqual([
      `${server.url}/chat/completions`,
      `${server.url}/chat/completions?trace=on`,
      `${server.url}/completions`,
    ]);
    const paths = server.requests.slice(from).map((r) => r.path);
    expect(paths).toEqual([...Array(4).fill('/v1/chat/completions'), '/v1/completions']);
  });
});

const ENGINE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const deploymentOf = (url: string) =>
  ({
    endpoint_type: 'chat',
    base_url: url,
    nvcf: { enabled: false, backed: false, is_function: false, poll_seconds: 1800 },
  }) as ModelDeployment;

describe('openai client: no abort wiring per request', () => {
  it('puts one listener on the run’s signal for all its requests in flight, and none once they end', async () => {
    const slow = await startFakeOpenAIServer({ latencyMs: 100, answer: () => 'C' });
    try {
      const send = createOpenAISender(deploymentOf(slow.url), null);
      const run = new AbortController();
      const calls = Array.from({ length: 16 }, () => send(body, 5000, run.signal));
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
      for (const answer of await Promise.all(calls)) expect(answer.completions[0].text).toBe('C');
      expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
    } finally {
      await slow.close();
    }
  });

  it('a stop ends every request in flight as the SDK’s user abort, and sends nothing after it', async () => {
    const hung = await startFakeOpenAIServer({ latencyMs: 60_000 });
    try {
      const send = createOpenAISender(deploymentOf(hung.url), null);
      const run = new AbortController();
      const calls = Array.from({ length: 4 }, () => send(body, 60_000, run.signal).catch((e: unknown) => e));
      await new Promise((resolve) => setTimeout(resolve, 50));
      run.abort();
      for (const error of await Promise.all(calls)) {
        expect(error).toBeInstanceOf(APIUserAbortError);
        expect((error as Error).message).toBe(new APIUserAbortError().message); // what the SDK throws for a stop
      }
      const before = hung.requests.length;
      await expect(send(body, 60_000, run.signal)).rejects.toBeInstanceOf(APIUserAbortError);
      expect(hung.requests.length).toBe(before);
      expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
    } finally {
      await hung.close();
    }
  });

  // In a real process: the fake server's latency timers would be counted with the client's under Jest.
  it('arms no timer per request: the SDK’s own timeout timer is left out for a sender’s calls (built code)', async () => {
    const slow = await startFakeOpenAIServer({ latencyMs: 300, answer: () => 'C' });
    try {
      const script = `
        import { createOpenAISender } from ${JSON.stringify(pathToFileURL(join(ENGINE_ROOT, 'dist/clients/openai-client.js')).href)};
        const send = createOpenAISender({ endpoint_type: 'chat', base_url: ${JSON.stringify(slow.url)}, nvcf: { enabled: false } }, null);
        const body = { model: 'fake-model', messages: [{ role: 'user', content: 'x' }] };
        const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
        const before = timers();
        const calls = Array.from({ length: 16 }, () => send(body, 60_000, new AbortController().signal));
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
        const during = timers() - before;
        const answers = await Promise.all(calls);
        console.log(during, answers.map((a) => a.completions[0].text).join(''));`;
      const result = await runNode(['--input-type=module', '-e', script], { cwd: ENGINE_ROOT });
      expect(slow.requests.filter((r) => r.kind === 'chat').length).toBe(16);
      expect(result).toMatchObject({ code: 0, stdout: `0 ${'C'.repeat(16)}\n` });
    } finally {
      await slow.close();
    }
  });

  // In a real process: under Jest's VM realm the SDK's `instanceof Error` misses Node's AbortError.
  it('a request past its timeout fails as the SDK’s timeout error, with or without a run signal (built code)', async () => {
    const hung = await startFakeOpenAIServer({ latencyMs: 60_000 });
    try {
      const script = `
        import { createOpenAISender } from ${JSON.stringify(pathToFileURL(join(ENGINE_ROOT, 'dist/clients/openai-client.js')).href)};
        const send = createOpenAISender({ endpoint_type: 'chat', base_url: ${JSON.stringify(hung.url)}, nvcf: { enabled: false } }, null);
        const body = { model: 'fake-model', messages: [{ role: 'user', content: 'x' }] };
        const run = new AbortController();
        const errors = await Promise.all([send(body, 200), send(body, 300, run.signal), send(body, 200)].map((p) => p.catch((e) => e)));
        console.log(errors.map((e) => e.constructor.name).join(' '));`;
      const result = await runNode(['--input-type=module', '-e', script], { cwd: ENGINE_ROOT });
      expect(result).toMatchObject({
        code: 0,
        stdout: 'APIConnectionTimeoutError APIConnectionTimeoutError APIConnectionTimeoutError\n',
      });
    } finally {
      await hung.close();
    }
  });

  it('a redirect, sent by the built-in fetch, still fails at the attempt’s timeout (built code)', async () => {
    // Every chat request is sent on to a path that never answers.
    const hang: Server = createServer((req, res) => {
      if (req.url?.endsWith('/chat/completions')) res.writeHead(307, { location: '/v1/hang' }).end();
    });
    await new Promise<void>((resolve) => hang.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hang.address() as AddressInfo).port}/v1`;
      const script = `
        import { createOpenAISender } from ${JSON.stringify(pathToFileURL(join(ENGINE_ROOT, 'dist/clients/openai-client.js')).href)};
        const send = createOpenAISender({ endpoint_type: 'chat', base_url: ${JSON.stringify(url)}, nvcf: { enabled: false } }, null);
        const body = { model: 'fake-model', messages: [{ role: 'user', content: 'x' }] };
        const error = await send(body, 300, new AbortController().signal).catch((e) => e);
        console.log(error.constructor.name);`;
      const result = await runNode(['--input-type=module', '-e', script], { cwd: ENGINE_ROOT });
      expect(result).toMatchObject({ code: 0, stdout: 'APIConnectionTimeoutError\n' });
    } finally {
      hang.closeAllConnections();
      await new Promise((resolve) => hang.close(resolve));
    }
  });
});
