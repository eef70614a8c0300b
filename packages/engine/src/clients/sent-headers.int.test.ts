import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { PlainHeaders, ResponseHeaders } from './loaded-response.js';
import { createNodeFetch } from './node-http-fetch.js';
import { buildHeadersOnce, SdkClient } from './sdk-client.js';

const KEY = 'sk-test-sent-headers';
const body = { model: 'fake-model', messages: [{ role: 'user', content: 'Answer: B' }], max_tokens: 1 };

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ requireApiKey: KEY, answer: () => 'B' });
});
afterAll(async () => server.close());

/** A real SDK client on the project's fetch with its headers built once; `seen` gets each call's fetch headers. */
function client(options: { logLevel?: 'debug'; logger?: OpenAI['logger'] } = {}) {
  const seen: unknown[] = [];
  const fetch = createNodeFetch();
  const c = new OpenAI({
    apiKey: KEY,
    baseURL: server.url,
    maxRetries: 0,
    ...options,
    fetch: (url, init) => {
      seen.push(init?.headers);
      return fetch(url, init);
    },
  });
  buildHeadersOnce(c);
  return { c, seen };
}

/** What is iterated while `run` runs: each headers object the headers classes' readers are called on, and how. */
async function iterated(run: () => Promise<void>): Promise<{ on: unknown; reader: PropertyKey }[]> {
  const readers = [PlainHeaders.prototype, ResponseHeaders.prototype].flatMap((proto) =>
    (['entries', 'forEach', Symbol.iterator] as const).map((name) => ({ proto, name, original: proto[name] })),
  );
  const calls: { on: unknown; reader: PropertyKey }[] = [];
  for (const { proto, name, original } of readers)
    (proto as unknown as Record<PropertyKey, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      calls.push({ on: this, reader: name });
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  try {
    await run();
  } finally {
    for (const { proto, name, original } of readers)
      (proto as unknown as Record<PropertyKey, unknown>)[name] = original;
  }
  return calls;
}

describe('request headers while the SDK’s debug log is off', () => {
  it('reach the fetch unread: the SDK formats no call’s headers for a log it does not write', async () => {
    const { c, seen } = client();
    const from = server.requests.length;
    const readers = await iterated(async () => {
      for (let i = 0; i < 3; i++)
        expect((await c.chat.completions.create(body as never)).choices[0].message.content).toBe('B');
    });
    expect(seen).toHaveLength(3);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[0]).toBeInstanceOf(PlainHeaders);
    expect(seen[0]).not.toBeInstanceOf(Headers);
    expect(readers.filter((r) => r === seen[0])).toEqual([]);
    // Still every header the SDK builds, the key included (a missing key is a 401).
    const sent = server.requests.slice(from).map((r) => r.headers);
    expect(sent[0]['user-agent']).toMatch(/^OpenAI\/JS \d/);
    expect(sent[2]).toEqual(sent[0]);
  });

  it('the SDK’s debug log, when on, still shows each request’s headers with the key masked', async () => {
    const details: unknown[] = [];
    const logger = { debug: (...args: unknown[]) => details.push(args), info() {}, warn() {}, error() {} };
    const { c } = client({ logLevel: 'debug', logger });
    await c.chat.completions.create(body as never);
    const sending = details.find((d) => String((d as unknown[])[0]).endsWith('sending request')) as unknown[];
    expect((sending[1] as { headers: Record<string, string> }).headers).toMatchObject({
      authorization: '***',
      'user-agent': expect.stringMatching(/^OpenAI\/JS \d/),
    });
  });

  it('are read whole by the built-in fetch a redirect goes to', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const hop: Server = createServer((req, res) => {
      seen.push(req.headers);
      if (req.url === '/v1/chat/completions') res.writeHead(307, { location: '/v1/moved' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices":[{"message":{"content":"M"}}]}');
    });
    await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hop.address() as AddressInfo).port}/v1`;
      const c = new OpenAI({ apiKey: KEY, baseURL: url, maxRetries: 0, fetch: createNodeFetch() });
      buildHeadersOnce(c);
      expect((await c.chat.completions.create(body as never)).choices[0].message.content).toBe('M');
      // Ours, then the built-in fetch's: the request again and where it was sent on.
      expect(seen.map((h) => [h.authorization, h['user-agent']?.slice(0, 9)])).toEqual(
        Array(3).fill([`Bearer ${KEY}`, 'OpenAI/JS']),
      );
    } finally {
      hop.closeAllConnections();
      await new Promise((resolve) => hop.close(resolve));
    }
  });
});

describe('response headers while the SDK’s debug log is off', () => {
  it('are plain: the SDK reads them (x-request-id) but formats none for a log it does not write', async () => {
    const c = new SdkClient({ apiKey: KEY, baseURL: server.url, maxRetries: 0 });
    const calls = await iterated(async () => {
      for (let i = 0; i < 3; i++)
        expect((await c.chat.completions.create(body as never)).choices[0].message.content).toBe('B');
    });
    // Each response once, for the x-request-id of the SDK's log line; never spread for the details of its log.
    expect(calls.map(({ on, reader }) => [on instanceof Headers, reader])).toEqual(Array(3).fill([false, 'entries']));
  });

  it('are a Headers the SDK’s debug log shows, when it is on', async () => {
    const details: unknown[][] = [];
    const logger = { debug: (...args: unknown[]) => details.push(args), info() {}, warn() {}, error() {} };
    const c = new SdkClient({ apiKey: KEY, baseURL: server.url, maxRetries: 0, logLevel: 'debug', logger });
    await c.chat.completions.create(body as never);
    const start = details.find((d) => String(d[0]).endsWith('response start')) as unknown[];
    expect((start[1] as { headers: Record<string, string> }).headers).toMatchObject({
      'content-type': expect.stringMatching(/^application\/json/),
    });
  });
});
