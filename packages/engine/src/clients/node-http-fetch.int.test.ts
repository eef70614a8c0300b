import { afterEach, describe, expect, it } from '@jest/globals';
import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import OpenAI, { APIConnectionError } from 'openai';
import { runNode } from '@eval-factory/testkit';
import { createNodeFetch } from './node-http-fetch.js';

const ENGINE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

let server: Server | null = null;

/** A loopback server whose handler gets the request with its body read; returns its origin and what it saw. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen: Seen[] = [];
  let connections = 0;
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, connections: () => connections };
}

/** The built-in fetch, counting the calls that reach it. */
function countingFallback() {
  const calls: string[] = [];
  const fallback = ((input: string | URL | Request, init?: RequestInit) => {
    calls.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  }) as typeof fetch;
  return { calls, fallback };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

describe('createNodeFetch', () => {
  it('sends the method, headers and body with a content length and returns a Response read from the bytes', async () => {
    const { origin, seen } = await serve((_req, res) =>
      res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'r1' }).end('{"ok":true}'),
    );
    const body = JSON.stringify({ text: 'é'.repeat(3) });
    const response = await createNodeFetch()(`${origin}/v1/chat`, {
      method: 'POST',
      headers: new Headers({ 'Content-Type': 'application/json', 'X-Trace': 'a' }),
      body,
    });
    expect([response.status, response.ok]).toEqual([201, true]);
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(await response.json()).toEqual({ ok: true });
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', url: '/v1/chat', body })]);
    expect(seen[0].headers).toMatchObject({
      'content-type': 'application/json',
      'x-trace': 'a',
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(seen[0].headers['transfer-encoding']).toBeUndefined();
  });

  it('keeps the connection alive between requests', async () => {
    const { origin, connections } = await serve((_req, res) => res.end('x'));
    const f = createNodeFetch();
    for (let i = 0; i < 3; i++) expect(await (await f(`${origin}/`)).text()).toBe('x');
    expect(connections()).toBe(1);
  });

  it('over plain HTTP hands the agent an empty TLS name, so it works none out per request', async () => {
    const { origin, seen } = await serve((_req, res) => res.end('x'));
    const names: unknown[] = [];
    const add = Agent.prototype.addRequest;
    Agent.prototype.addRequest = function (this: Agent, ...args: unknown[]) {
      names.push((args[1] as { servername?: unknown }).servername);
      return (add as (...a: unknown[]) => void).apply(this, args);
    } as typeof add;
    try {
      const f = createNodeFetch();
      for (let i = 0; i < 2; i++) expect(await (await f(`${origin}/v1`)).text()).toBe('x');
    } finally {
      Agent.prototype.addRequest = add;
    }
    expect(names).toEqual(['', '']);
    expect(seen.map((r) => r.headers.host)).toEqual([origin.slice(7), origin.slice(7)]);
  });

  it('adds what node:http adds: the Host unless given, a URL’s credentials, a zero length for a bodyless POST', async () => {
    const { origin, seen } = await serve((_req, res) => res.end('x'));
    const f = createNodeFetch();
    await f(`${origin}/post`, { method: 'POST' });
    await f(`${origin}/get`);
    await f(`http://u%20s:p%40ss@${origin.slice(7)}/auth`);
    await f(`${origin}/host`, { headers: { Host: 'models.example' } });
    const h = seen.map((s) => s.headers);
    expect(h.map((x) => [x['content-length'], x['transfer-encoding'], x.connection])).toEqual([
      ['0', undefined, 'keep-alive'],
      ...Array(3).fill([undefined, undefined, 'keep-alive']),
    ]);
    expect(h.map((x) => x.host)).toEqual([origin.slice(7), origin.slice(7), origin.slice(7), 'models.example']);
    expect(h[2].authorization).toBe(`Basic ${Buffer.from('u s:p@ss').toString('base64')}`);
  });

  it('gives a null body for 204 and decodes a gzip body the server sent anyway', async () => {
    const { origin } = await serve((req, res) => {
      if (req.url === '/empty') res.writeHead(204).end();
      else res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('{"a":1}'));
    });
    const f = createNodeFetch();
    const empty = await f(`${origin}/empty`);
    expect([empty.status, empty.body]).toEqual([204, null]);
    expect(await (await f(`${origin}/gz`)).json()).toEqual({ a: 1 });
  });

  it.each([
    [
      'a reset before the response',
      (_req: IncomingMessage, res: ServerResponse) => res.socket?.destroy(),
      /ECONNRESET/,
    ],
    [
      'a body cut short',
      (_req: IncomingMessage, res: ServerResponse) => {
        res.writeHead(200, { 'content-length': '100' }).write('{"partial":');
        setTimeout(() => res.socket?.destroy(), 10);
      },
      /ECONNRESET|aborted/,
    ],
  ])('rejects %s like fetch: TypeError "fetch failed" with the cause', async (_name, handler, cause) => {
    const { origin } = await serve(handler);
    const error = await createNodeFetch()(`${origin}/`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe('fetch failed');
    expect(
      `${(error as { cause: { code?: string; message: string } }).cause.code} ${(error as { cause: Error }).cause.message}`,
    ).toMatch(cause);
  });

  it('rejects a refused connection with the cause code', async () => {
    const { origin } = await serve((_req, res) => res.end());
    await new Promise((resolve) => server!.close(resolve));
    server = null;
    const error = (await createNodeFetch()(`${origin}/`).catch((e: unknown) => e)) as TypeError & {
      cause: { code: string };
    };
    expect([error.message, error.cause.code]).toEqual(['fetch failed', 'ECONNREFUSED']);
  });

  it('rejects with the abort reason, before or while waiting for the response, and frees the request', async () => {
    const { origin, seen } = await serve(() => undefined); // never answers
    const f = createNodeFetch();
    const before = new AbortController();
    before.abort();
    await expect(f(`${origin}/`, { signal: before.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(0);

    const during = new AbortController();
    const pending = f(`${origin}/`, { method: 'POST', body: 'x', signal: during.signal });
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    during.abort(new Error('stop now'));
    await expect(pending).rejects.toThrow('stop now');
  });

  it('hands redirects, Request objects and streamed bodies to the built-in fetch', async () => {
    const { origin, seen } = await serve((req, res, body) => {
      if (req.url === '/old') res.writeHead(307, { location: '/new' }).end();
      else res.end(`${req.url} ${body}`);
    });
    const { calls, fallback } = countingFallback();
    const f = createNodeFetch(fallback);
    expect(await (await f(`${origin}/old`, { method: 'POST', body: 'b' })).text()).toBe('/new b');
    expect(await (await f(new Request(`${origin}/req`))).text()).toBe('/req ');
    expect(await (await f(`${origin}/form`, { method: 'POST', body: new URLSearchParams({ q: '1' }) })).text()).toBe(
      '/form q=1',
    );
    expect(calls).toEqual([`${origin}/old`, `${origin}/req`, `${origin}/form`]);
    expect(seen.map((s) => s.url)).toEqual(['/old', '/old', '/new', '/req', '/form']);
  });
});

describe('the openai SDK on createNodeFetch', () => {
  const client = (origin: string, timeout = 5000) =>
    new OpenAI({ baseURL: `${origin}/v1`, apiKey: 'sk-test', maxRetries: 0, timeout, fetch: createNodeFetch() });
  const ask = (c: OpenAI) => c.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });

  it('gets a completion and sends the bearer key', async () => {
    const { origin, seen } = await serve((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'c',
          object: 'chat.completion',
          created: 0,
          model: 'm',
          choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
        }),
      ),
    );
    expect((await ask(client(origin))).choices[0].message.content).toBe('hello');
    expect(seen[0].headers.authorization).toBe('Bearer sk-test');
  });

  it('turns a reset into the SDK connection error', async () => {
    const { origin } = await serve((_req, res) => res.socket?.destroy());
    await expect(ask(client(origin))).rejects.toBeInstanceOf(APIConnectionError);
  });

  // In a real process: under Jest's VM realm the SDK's `instanceof Error` misses Node's AbortError (faults.int.test.ts).
  it('turns a hang into the SDK timeout error (real Node process, built code)', async () => {
    const { origin } = await serve(() => undefined);
    const script = `
      import OpenAI from 'openai';
      import { createNodeFetch } from ${JSON.stringify(pathToFileURL(join(ENGINE_ROOT, 'dist/clients/node-http-fetch.js')).href)};
      const c = new OpenAI({ baseURL: ${JSON.stringify(`${origin}/v1`)}, apiKey: 'k', maxRetries: 0, timeout: 200, fetch: createNodeFetch() });
      const e = await c.chat.completions.create({ model: 'm', messages: [] }).catch((e) => e);
      console.log(e.constructor.name);`;
    const result = await runNode(['--input-type=module', '-e', script], { cwd: ENGINE_ROOT });
    expect(result).toMatchObject({ code: 0, stdout: 'APIConnectionTimeoutError\n' });
  });
});
