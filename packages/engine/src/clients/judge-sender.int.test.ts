import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import {
  cleanupTempDirs,
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  makeTempDir,
  rubricReply,
  sha256Hex,
  startFakeJudgeServer,
  startFakeOAuthServer,
  type FakeJudgeServer,
  type FakeOAuthServer,
} from '@eval-factory/testkit';
import { OAuthTokenSource, TokenStore } from '../auth/index.js';
import { classifyError } from './classify-error.js';
import { createJudgeTransport, type CredentialSource, type JudgeEndpoint } from './judge-sender.js';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(cleanupTempDirs);

const KEY = 'judge-key-0123456789-ZZZZ';
const fixed = (value: string | null): CredentialSource => ({
  secret: async () => value,
  refreshable: false,
  refresh: async () => undefined,
});

async function judgeServer(opts: Parameters<typeof startFakeJudgeServer>[0] = {}): Promise<FakeJudgeServer> {
  const s = await startFakeJudgeServer(opts);
  servers.push(s);
  return s;
}

function anthropic(server: FakeJudgeServer): JudgeEndpoint {
  return {
    role: 'claude',
    provider: 'nvidia_anthropic',
    base_url: null,
    request_url: server.anthropicUrl,
    model_id: 'claude-3-7-sonnet-20250219',
    auth_header: null,
    nvcf_backed: false,
  };
}

function openai(server: FakeJudgeServer, auth_header: string | null = null): JudgeEndpoint {
  return {
    role: 'gpt',
    provider: 'openai_compatible',
    base_url: server.url,
    request_url: `${server.url}/chat/completions`,
    model_id: 'gpt-4o',
    auth_header,
    nvcf_backed: false,
  };
}

describe('Anthropic-messages sender (docs/configuration.md#judges)', () => {
  it('posts the bedrock body with the gateway headers and reads the first text block', async () => {
    const server = await judgeServer({ reply: () => rubricReply({ accuracy: 5, completeness: 4, clarity: 3 }) });
    const t = createJudgeTransport(anthropic(server), fixed(KEY));
    const body = t.body('Grade this.', 4096, 0);
    expect(body).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      messages: [{ role: 'user', content: 'Grade this.' }],
      max_tokens: 4096,
      temperature: 0,
    });
    const raw = await t.send(body, 5000);
    expect(JSON.parse(raw.completions[0].text)).toMatchObject({ accuracy: { score: 5 } });
    expect(raw.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: expect.any(Number) });
    expect(t.parse(raw.response)).toEqual({ ...raw });
    expect(server.requests[0]).toMatchObject({
      protocol: 'anthropic',
      credentials: { authorization: sha256Hex(`Bearer ${KEY}`) },
      headers: { content_type: 'application/json', data_classification: 'confidential' },
    });
    expect(t.salt).toBe('model:claude-3-7-sonnet-20250219');
  });

  it('throws the SDK error classes, so one classifier serves every client', async () => {
    const server = await judgeServer({
      script: [
        { status: 429, headers: { 'retry-after': '2' } },
        { status: 404 },
        { status: 200, body: '{"content": 5' },
      ],
    });
    const t = createJudgeTransport(anthropic(server), fixed(KEY));
    const kinds = [];
    for (let i = 0; i < 3; i++)
      kinds.push(
        await t.send(t.body('x', 10, 0), 5000).then(
          () => null,
          (e: unknown) => classifyError(e, false),
        ),
      );
    expect(kinds.map((k) => [k?.error_kind, k?.fatal])).toEqual([
      ['rate_limited', false],
      ['not_found', true],
      ['bad_response', false],
    ]);
    expect(kinds[0]?.retry_after_s).toBe(2);
  });
});

describe('OpenAI-compatible judge sender', () => {
  it('sends the judge key as Bearer, or bare in a custom header with no Authorization at all', async () => {
    const server = await judgeServer();
    const bearer = createJudgeTransport(openai(server), fixed(KEY));
    await bearer.send(bearer.body('p', 16, 0), 5000);
    const custom = createJudgeTransport(openai(server, 'Ocp-Apim-Subscription-Key'), fixed(KEY));
    await custom.send(custom.body('p', 16, 0), 5000);
    expect(server.requests.map((r) => r.credentials)).toEqual([
      { authorization: sha256Hex(`Bearer ${KEY}`) },
      { 'ocp-apim-subscription-key': sha256Hex(KEY) },
    ]);
    expect(server.requests[0].body).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'p' }],
      temperature: 0,
      max_tokens: 16,
      n: 1,
    });
  });

  it('auth none sends no credential header', async () => {
    const server = await judgeServer();
    const t = createJudgeTransport(openai(server), fixed(null));
    await t.send(t.body('p', 16, 0), 5000);
    expect(server.requests[0].credentials).toEqual({});
  });
});

describe('OAuth refresh on rejection (§9)', () => {
  async function oauthSetup(expiresIn = 3600) {
    const oauth: FakeOAuthServer = await startFakeOAuthServer({ expiresIn });
    servers.push(oauth);
    const dir = (await makeTempDir('ef-judge-oauth-')).path;
    const source = new OAuthTokenSource(
      'openai',
      { tokenUrl: oauth.url, clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET, scope: 's' },
      { store: new TokenStore(join(dir, 't'), { platform: 'linux', warn: () => undefined }) },
    );
    const credential: CredentialSource = {
      secret: () => source.accessToken(),
      refreshable: true,
      refresh: (stale) => source.refresh(stale),
    };
    const tokenOf = (h: string | string[] | undefined) => (typeof h === 'string' ? h.replace(/^Bearer /, '') : '');
    return { oauth, credential, tokenOf };
  }

  it('a 401 on an expired token refreshes once and the request succeeds', async () => {
    const { oauth, credential, tokenOf } = await oauthSetup();
    const server = await judgeServer({ authorize: (h) => oauth.isValid(tokenOf(h.authorization)) });
    const t = createJudgeTransport(openai(server), credential);
    await t.send(t.body('a', 8, 0), 5000);
    oauth.revoke(oauth.issued[0]);
    await t.send(t.body('b', 8, 0), 5000);
    expect(server.requests.map((r) => r.status)).toEqual([200, 401, 200]);
    expect(oauth.issued).toHaveLength(2);
  });

  it('a second 401 after the refresh is thrown (fatal for the judge)', async () => {
    const { oauth, credential } = await oauthSetup();
    const server = await judgeServer({ authorize: () => false });
    const t = createJudgeTransport(anthropic(server), credential);
    const error = await t.send(t.body('a', 8, 0), 5000).catch((e: unknown) => e);
    expect(classifyError(error, false)).toMatchObject({ error_kind: 'auth', fatal: true });
    expect(server.requests).toHaveLength(2);
    expect(oauth.issued).toHaveLength(2);
  });

  it('a 403 refreshes only when its body talks about the token', async () => {
    const { oauth, credential } = await oauthSetup();
    const server = await judgeServer({
      script: [
        { status: 403, body: { error: { message: 'Token expired' } } },
        'ok',
        { status: 403, body: { error: { message: 'Forbidden region' } } },
      ],
    });
    const t = createJudgeTransport(openai(server), credential);
    await t.send(t.body('a', 8, 0), 5000);
    expect(await t.send(t.body('b', 8, 0), 5000).catch((e: unknown) => classifyError(e, false).error_kind)).toBe(
      'auth',
    );
    expect(oauth.issued).toHaveLength(2);
  });
});
