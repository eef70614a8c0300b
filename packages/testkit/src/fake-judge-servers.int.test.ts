import { afterEach, describe, expect, it } from '@jest/globals';
import { sha256Hex } from './fake-server/bodies.js';
import { MALFORMED_REPLY, rubricReply, startFakeJudgeServer } from './fake-judge-server.js';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeOAuthServer } from './fake-oauth-server.js';

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((s) => s.close()));
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('fake judge server', () => {
  it('answers OpenAI chat and Anthropic messages with rubric JSON and records credentials as hashes', async () => {
    const s = await startFakeJudgeServer();
    closers.push(s);
    const chat = (await (
      await post(
        `${s.url}/chat/completions`,
        { model: 'j', messages: [{ role: 'user', content: 'grade' }] },
        { authorization: 'Bearer k1' },
      )
    ).json()) as any;
    expect(JSON.parse(chat.choices[0].message.content)).toEqual(JSON.parse(rubricReply()));
    const msg = (await (
      await post(
        s.anthropicUrl,
        { messages: [{ role: 'user', content: 'grade' }] },
        { 'Ocp-Apim-Subscription-Key': 'k2', dataClassification: 'confidential' },
      )
    ).json()) as any;
    expect(msg.content[0]).toEqual({ type: 'text', text: rubricReply() });
    expect(s.requests.map((r) => [r.protocol, r.credentials])).toEqual([
      ['openai', { authorization: sha256Hex('Bearer k1') }],
      ['anthropic', { 'ocp-apim-subscription-key': sha256Hex('k2') }],
    ]);
    expect(s.requests[1].headers.data_classification).toBe('confidential');
  });

  it('plays scripted faults, custom replies and the authorize check', async () => {
    const s = await startFakeJudgeServer({
      script: [{ status: 429, headers: { 'retry-after': '1' } }],
      reply: () => MALFORMED_REPLY,
      authorize: (h) => h.authorization !== 'Bearer bad',
    });
    closers.push(s);
    const first = await post(`${s.url}/chat/completions`, { messages: [] });
    expect([first.status, first.headers.get('retry-after')]).toEqual([429, '1']);
    const second = (await (await post(`${s.url}/chat/completions`, { messages: [] })).json()) as any;
    expect(second.choices[0].message.content).toBe(MALFORMED_REPLY);
    expect((await post(s.anthropicUrl, {}, { authorization: 'Bearer bad' })).status).toBe(401);
  });
});

describe('fake OAuth token server', () => {
  const form = (secret: string) =>
    new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: FAKE_CLIENT_ID,
      client_secret: secret,
      scope: 's',
    }).toString();
  const token = (url: string, secret = FAKE_CLIENT_SECRET) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form(secret),
    });

  it('issues expiring tokens, refuses bad clients, revokes, and plays scripted errors', async () => {
    const o = await startFakeOAuthServer({ expiresIn: 60, script: [{ status: 503 }] });
    closers.push(o);
    expect((await token(o.url)).status).toBe(503);
    const ok = (await (await token(o.url)).json()) as { access_token: string; expires_in: number; token_type: string };
    expect(ok).toMatchObject({ expires_in: 60, token_type: 'Bearer' });
    expect(o.isValid(ok.access_token)).toBe(true);
    o.revoke(ok.access_token);
    expect(o.isValid(ok.access_token)).toBe(false);
    const bad = await token(o.url, 'wrong');
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([401, 'invalid_client']);
    expect(o.requests.map((r) => r.client_secret_sha256)).toEqual([
      sha256Hex(FAKE_CLIENT_SECRET),
      sha256Hex(FAKE_CLIENT_SECRET),
      sha256Hex('wrong'),
    ]);
    expect(JSON.stringify(o.requests)).not.toContain(FAKE_CLIENT_SECRET);
  });
});
