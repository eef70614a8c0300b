/**
 * A fake OAuth 2.0 client-credentials token endpoint on 127.0.0.1 (docs/configuration.md#judges) for tests: issues
 * expiring tokens, answers scripted 4xx/5xx errors or hangs, and can revoke a token so a judge endpoint sees it as
 * expired. Secrets are never stored: requests keep a hash of the client secret.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { sha256Hex } from './fake-server/bodies.js';
import { readBody } from './fake-server/http-io.js';
import { listenOnLoopback } from './fake-server/listen.js';

/** One scripted token reply: a normal token, an error status (with an OAuth `error` code), or no answer at all. */
export type OAuthStep = 'ok' | 'hang' | { readonly status: number; readonly error?: string; readonly body?: string };

export interface FakeOAuthOptions {
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** `expires_in` of issued tokens, seconds (default 3600). */
  readonly expiresIn?: number;
  /** Steps consumed one per token request; afterwards every request gets a token. */
  readonly script?: readonly OAuthStep[];
}

export interface OAuthRequestRecord {
  readonly seq: number;
  readonly path: string;
  readonly content_type: string | null;
  readonly grant_type: string | null;
  readonly client_id: string | null;
  readonly scope: string | null;
  readonly client_secret_sha256: string | null;
  status: number | null;
}

export interface FakeOAuthServer {
  /** The token URL: `http://127.0.0.1:<port>/oauth/token`. */
  readonly url: string;
  readonly origin: string;
  readonly requests: OAuthRequestRecord[];
  /** Every access token issued, in order. */
  readonly issued: string[];
  /** Issued, not revoked, not past its server-side expiry. */
  isValid(token: string): boolean;
  /** Makes the server (and `isValid`) treat a token as expired from now on. */
  revoke(token: string): void;
  setScript(steps: readonly OAuthStep[]): void;
  close(): Promise<void>;
}

export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_CLIENT_SECRET = 'fake-client-secret-0123456789';

/**
 * @example
 * const oauth = await startFakeOAuthServer({ expiresIn: 60 });
 * process.env.OPENAI_TOKEN_URL = oauth.url;
 */
export async function startFakeOAuthServer(opts: FakeOAuthOptions = {}): Promise<FakeOAuthServer> {
  const clientId = opts.clientId ?? FAKE_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? FAKE_CLIENT_SECRET;
  const requests: OAuthRequestRecord[] = [];
  const issued: string[] = [];
  const expiry = new Map<string, number>();
  const revoked = new Set<string>();
  let script = [...(opts.script ?? [])];

  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const form = new URLSearchParams(text);
      const secret = form.get('client_secret');
      const entry: OAuthRequestRecord = {
        seq: requests.length,
        path: (req.url ?? '/').split('?')[0],
        content_type: req.headers['content-type'] ?? null,
        grant_type: form.get('grant_type'),
        client_id: form.get('client_id'),
        scope: form.get('scope'),
        client_secret_sha256: secret === null ? null : sha256Hex(secret),
        status: null,
      };
      requests.push(entry);
      const send = (status: number, body: string) => {
        entry.status = status;
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      };
      const step = script.shift() ?? 'ok';
      if (step === 'hang') return;
      if (step !== 'ok')
        return send(
          step.status,
          step.body ?? JSON.stringify({ error: step.error ?? 'server_error', error_description: 'scripted failure' }),
        );
      if (req.method !== 'POST' || entry.grant_type !== 'client_credentials')
        return send(400, JSON.stringify({ error: 'unsupported_grant_type' }));
      if (entry.client_id !== clientId || secret !== clientSecret)
        return send(401, JSON.stringify({ error: 'invalid_client', error_description: 'bad client credentials' }));
      const expiresIn = opts.expiresIn ?? 3600;
      const token = `fake-token-${issued.length}-${randomBytes(8).toString('hex')}`;
      issued.push(token);
      expiry.set(token, Date.now() + expiresIn * 1000);
      send(
        200,
        JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: entry.scope }),
      );
    });
  });
  const { origin, close } = await listenOnLoopback(server);
  return {
    url: `${origin}/oauth/token`,
    origin,
    requests,
    issued,
    isValid: (token) => expiry.has(token) && !revoked.has(token) && Date.now() < (expiry.get(token) ?? 0),
    revoke: (token) => void revoked.add(token),
    setScript: (steps) => void (script = [...steps]),
    close,
  };
}
