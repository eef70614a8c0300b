import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runNode, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { createNodeFetch } from './node-http-fetch.js';
import type { ModelDeployment } from './model-deployment.js';
import { createOpenAISender } from './openai-client.js';

const ENGINE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

// The server's certificate is made with openssl: without it these tests skip, and say so.
const HAVE_OPENSSL = spawnSync('openssl', ['version']).status === 0;
if (!HAVE_OPENSSL)
  process.stderr.write('outgoing-request.int.test: SKIPPED, openssl is not installed (apt-get install openssl)\n');
const describeTls = HAVE_OPENSSL ? describe : describe.skip;
const body = { model: 'fake-model', messages: [{ role: 'user', content: 'Answer: B' }], max_tokens: 1 };

describeTls('createNodeFetch over HTTPS with a Host of the caller’s', () => {
  let dir: string;
  let tls: Server;
  let port: number;
  /** Resolves with the TLS name (SNI) of the server's next handshake; '' when none is sent (an IP). */
  let nextName: ((name: string) => void) | null = null;
  const handshake = (socket: { servername?: string | false }) => nextName?.(socket.servername || '');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ef-tls-'));
    // A real self-signed certificate for api.internal.
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=api.internal'],
        ...[
          '-addext',
          'subjectAltName=DNS:api.internal',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
      ],
      { stdio: 'ignore' },
    );
    tls = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) });
    tls.on('secureConnection', handshake);
    // The client refuses the certificate (not trusted here), after the name was sent.
    tls.on('tlsClientError', (_e, socket) => handshake(socket as { servername?: string }));
    tls.on('request', (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    port = (tls.address() as AddressInfo).port;
  });
  afterAll(async () => {
    tls.closeAllConnections();
    await new Promise((resolve) => tls.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  /** The TLS name sent for a request to the server's IP with these headers (the certificate is not trusted). */
  async function nameSent(headers: Record<string, string>): Promise<string> {
    const name = new Promise<string>((resolve) => (nextName = resolve));
    const fetch = createNodeFetch();
    await expect(fetch(`https://127.0.0.1:${port}/v1`, { method: 'POST', body: '{}', headers })).rejects.toMatchObject({
      cause: { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
    });
    return name;
  }

  it('sends the Host’s name, without its port, as the TLS name, as node:http does', async () => {
    expect(await nameSent({ Host: 'api.internal' })).toBe('api.internal');
    expect(await nameSent({ host: 'api.internal:8443' })).toBe('api.internal');
  });

  it('checks the certificate against the Host’s name (real Node process trusting it, built code)', async () => {
    const script = `
      import { createNodeFetch } from ${JSON.stringify(pathToFileURL(join(ENGINE_ROOT, 'dist/clients/node-http-fetch.js')).href)};
      const fetch = createNodeFetch();
      for (const headers of [{ Host: 'api.internal' }, {}]) {
        const r = await fetch('https://127.0.0.1:${port}/v1', { method: 'POST', body: '{}', headers }).catch((e) => e);
        console.log(r.status ?? r.cause?.code);
      }`;
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') };
    const result = await runNode(['--input-type=module', '-e', script], { cwd: ENGINE_ROOT, env });
    // The certificate names api.internal, not the IP the URL has.
    expect(result).toMatchObject({ code: 0, stdout: '200\nERR_TLS_CERT_ALTNAME_INVALID\n' });
  });

  it('sends no TLS name for an IP, in the Host or the URL', async () => {
    expect(await nameSent({ Host: '[::1]:8443' })).toBe('');
    expect(await nameSent({ Host: '10.0.0.5' })).toBe('');
    expect(await nameSent({})).toBe('');
  });
});

describe('a deployment’s Content-Length or Transfer-Encoding header', () => {
  let server: FakeOpenAIServer;
  beforeAll(async () => {
    server = await startFakeOpenAIServer({ answer: () => 'B' });
  });
  afterAll(async () => server.close());

  it('is left out: the body’s own length is sent once', async () => {
    for (const headers of [{ 'Content-Length': '3' }, { 'Transfer-Encoding': 'chunked' }]) {
      const deployment = {
        endpoint_type: 'chat',
        base_url: server.url,
        headers,
        nvcf: { enabled: false, backed: false, is_function: false, poll_seconds: 1800 },
      } as ModelDeployment;
      const send = createOpenAISender(deployment, null);
      const from = server.requests.length;
      for (let i = 0; i < 2; i++) expect((await send(body, 5000)).completions[0].text).toBe('B');
      const sent = server.requests.slice(from).map((r) => r.headers);
      expect(sent.map((h) => [h['content-length'], h['transfer-encoding']])).toEqual(
        Array(2).fill([String(Buffer.byteLength(JSON.stringify(body))), undefined]),
      );
    }
  });

  it('is left out of a call’s own headers too', async () => {
    const fetch = createNodeFetch();
    const res = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'Content-Length': '3' },
    });
    expect(res.status).toBe(200);
  });
});
