import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  cleanupTempDirs,
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  makeTempDir,
  sha256Hex,
  startFakeOAuthServer,
  type FakeOAuthServer,
} from '@eval-factory/testkit';
import { redact } from '@eval-factory/errors';
import { createAuthContext } from './context.js';
import { OAuthTokenSource } from './oauth-source.js';
import type { ClientCredentials } from './oauth-token-request.js';
import { TokenStore } from './oauth-token-store.js';

let server: FakeOAuthServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});
afterAll(cleanupTempDirs);

async function start(opts: Parameters<typeof startFakeOAuthServer>[0] = {}) {
  server = await startFakeOAuthServer(opts);
  const dir = (await makeTempDir('ef-oauth-')).path;
  const warnings: string[] = [];
  const store = new TokenStore(join(dir, 'tokens'), {
    platform: 'linux',
    warn: (code, m) => warnings.push(`${code}: ${m}`),
  });
  const credentials: ClientCredentials = {
    tokenUrl: server.url,
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_CLIENT_SECRET,
    scope: 'azureopenai-readwrite',
  };
  let clock = Date.now();
  const source = (c: ClientCredentials = credentials) =>
    new OAuthTokenSource('openai', c, { store, request: { retryDelayMs: 1, timeoutMs: 500 }, now: () => clock });
  return { server, dir, store, credentials, source, warnings, advance: (s: number) => void (clock += s * 1000) };
}

describe('OAuth client credentials (docs/configuration.md#judges)', () => {
  it('posts the client-credentials form and reuses the token from memory', async () => {
    const { server, source } = await start();
    const s = source();
    const token = await s.accessToken();
    expect(await s.accessToken()).toBe(token);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      content_type: 'application/x-www-form-urlencoded',
      grant_type: 'client_credentials',
      client_id: FAKE_CLIENT_ID,
      scope: 'azureopenai-readwrite',
      client_secret_sha256: sha256Hex(FAKE_CLIENT_SECRET),
    });
    expect(redact(`token ${token}`)).not.toContain(token);
  });

  it('single flight: concurrent callers share one token request', async () => {
    const { server, source } = await start();
    const s = source();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => s.accessToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('stores the token owner-only (dir 0700, file 0600) and a new process reuses it from disk', async () => {
    const { server, store, source } = await start();
    const token = await source().accessToken();
    const file = store.fileOf('openai');
    expect(file.endsWith('openai_oauth_token.json')).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(store.dir).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(saved).sort()).toEqual([
      'access_token',
      'client_id',
      'expires_at',
      'obtained_at',
      'scope',
      'token_type',
      'token_url',
    ]);
    expect(await source().accessToken()).toBe(token);
    expect(server.requests).toHaveLength(1);
  });

  it('ignores a disk token with another scope, or one readable by others (with a warning)', async () => {
    const { server, store, source, credentials, warnings } = await start();
    await source().accessToken();
    await source({ ...credentials, scope: 'other-scope' }).accessToken();
    expect(server.requests).toHaveLength(2);
    chmodSync(store.fileOf('openai'), 0o644);
    await source({ ...credentials, scope: 'other-scope' }).accessToken();
    expect(server.requests).toHaveLength(3);
    expect(warnings.some((w) => w.startsWith('EF_TOKEN_CACHE'))).toBe(true);
  });

  it('renews 120 s before expiry, not earlier', async () => {
    const { server, source, advance } = await start({ expiresIn: 3600 });
    const s = source();
    const first = await s.accessToken();
    advance(3600 - 121);
    expect(await s.accessToken()).toBe(first);
    advance(2);
    expect(await s.accessToken()).not.toBe(first);
    expect(server.requests).toHaveLength(2);
  });

  it('refresh after a 401: one new token for many concurrent callers, none when already replaced', async () => {
    const { server, source } = await start();
    const s = source();
    const stale = await s.accessToken();
    await Promise.all(Array.from({ length: 5 }, () => s.refresh(stale)));
    const fresh = await s.accessToken();
    expect(fresh).not.toBe(stale);
    expect(server.requests).toHaveLength(2);
    await s.refresh(stale);
    expect(server.requests).toHaveLength(2);
  });

  it('a refused client is EF_OAUTH_FAILED with the status and error code, never the secret', async () => {
    const { source, credentials } = await start();
    const error = await source({ ...credentials, clientSecret: 'wrong-secret-0123456789' })
      .accessToken()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'EF_OAUTH_FAILED',
      message: expect.stringContaining('HTTP 401 (invalid_client)'),
    });
    expect(JSON.stringify({ m: (error as Error).message, h: (error as { hint?: string }).hint })).not.toContain(
      'wrong-secret',
    );
  });

  it('5xx and hangs are retried up to 3 attempts', async () => {
    const { server, source } = await start({ script: [{ status: 503 }, 'hang'] });
    expect(await source().accessToken()).toMatch(/^fake-token-/);
    expect(server.requests).toHaveLength(3);
    server.setScript([{ status: 500 }, { status: 502 }, { status: 503 }]);
    const error = await source({
      tokenUrl: server.url,
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
      scope: 'new-scope',
    })
      .accessToken()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'EF_OAUTH_FAILED',
      message: expect.stringContaining('failed 3 times (last: HTTP 503)'),
    });
  });

  it('refuses a token folder inside the output folder', async () => {
    const { dir } = await start();
    const ctx = createAuthContext({
      outputDir: dir,
      log: () => undefined,
      warn: () => undefined,
      platform: {
        env: {
          EVAL_FACTORY_TOKEN_DIR: join(dir, 'tokens'),
          OPENAI_CLIENT_ID: 'i',
          OPENAI_CLIENT_SECRET: 'client-secret-0123456789',
        },
        platform: 'linux',
        home: dir,
        cwd: dir,
      },
    });
    expect(() =>
      ctx.oauthSource('openai', { tokenUrl: 'http://127.0.0.1:9/t', clientId: 'i', clientSecret: 's', scope: 's' }),
    ).toThrow(expect.objectContaining({ code: 'EF_TOKEN_DIR' }));
  });
});
