import { describe, it, expect, afterEach } from '@jest/globals';
import { startFakeOpenAIServer, type FakeOpenAIServer, type FakeServerOptions } from './index.js';

let server: FakeOpenAIServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(opts: FakeServerOptions): Promise<FakeOpenAIServer> {
  server = await startFakeOpenAIServer({ answer: () => 'B', ...opts });
  return server;
}

const HEADERS = {
  authorization: 'Bearer nv-key',
  'content-type': 'application/json',
  accept: 'application/json',
  'nvcf-poll-seconds': '1800',
};
const BODY = JSON.stringify({ model: 'meta/llama', messages: [{ role: 'user', content: 'q' }], max_tokens: 5 });

function invoke(s: FakeOpenAIServer, path = '/v2/nvcf/pexec/functions/fn-123'): Promise<Response> {
  return fetch(`${s.origin}${path}`, { method: 'POST', headers: HEADERS, body: BODY });
}

function poll(s: FakeOpenAIServer, reqId: string): Promise<Response> {
  return fetch(`${s.origin}/v2/nvcf/pexec/status/${reqId}`, { headers: HEADERS });
}

describe('NVCF function invocation', () => {
  it('answers 200 at once by default', async () => {
    const s = await start({});
    const res = await invoke(s);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe(
      'B',
    );
  });

  it.each([0, 1, 3])('202 + NVCF-REQID, then %d pending polls, then 200 with the result', async (polls) => {
    const s = await start({ nvcfPendingPolls: polls, requireApiKey: 'nv-key' });
    const first = await invoke(s, '/v2/nvcf/pexec/functions/fn-123/versions/v-9');
    expect(first.status).toBe(202);
    const reqId = first.headers.get('nvcf-reqid') ?? '';
    expect(reqId).not.toBe('');
    const statuses: number[] = [];
    for (let i = 0; i < polls; i += 1) {
      const pending = await poll(s, reqId);
      statuses.push(pending.status);
      expect(pending.headers.get('nvcf-reqid')).toBe(reqId);
    }
    expect(statuses).toEqual(Array(polls).fill(202));
    const done = await poll(s, reqId);
    expect(done.status).toBe(200);
    expect(((await done.json()) as { model: string }).model).toBe('meta/llama');
    expect((await poll(s, reqId)).status).toBe(404);
    expect(s.requests.map((r) => r.kind)).toEqual(['nvcf_pexec', ...Array(polls + 2).fill('nvcf_status')]);
    expect(s.requests[0].headers['nvcf-poll-seconds']).toBe('1800');
  });

  it('per-request script: nvcf_pending overrides the default; nvcf_missing_reqid omits the header', async () => {
    const s = await start({ script: [{ kind: 'nvcf_pending', polls: 1 }, { kind: 'nvcf_missing_reqid' }] });
    const pending = await invoke(s);
    expect(pending.status).toBe(202);
    const reqId = pending.headers.get('nvcf-reqid') ?? '';
    expect((await poll(s, reqId)).status).toBe(202);
    expect((await poll(s, reqId)).status).toBe(200);
    const missing = await invoke(s);
    expect(missing.status).toBe(202);
    expect(missing.headers.get('nvcf-reqid')).toBeNull();
  });

  it('faults apply to the POST and to status polls', async () => {
    const s = await start({
      nvcfPendingPolls: 1,
      faults: (r) => (r.kind === 'nvcf_status' && r.seq === 1 ? { kind: 'server_error', status: 502 } : null),
    });
    const reqId = (await invoke(s)).headers.get('nvcf-reqid') ?? '';
    expect((await poll(s, reqId)).status).toBe(502);
    expect((await poll(s, reqId)).status).toBe(202);
    expect((await poll(s, reqId)).status).toBe(200);
    s.setScript([{ kind: 'server_error', status: 504 }]);
    expect((await invoke(s)).status).toBe(504);
  });

  it('the model errors of the result are delivered after polling (404 for an unknown model)', async () => {
    const s = await start({ nvcfPendingPolls: 0, models: ['other'] });
    const reqId = (await invoke(s)).headers.get('nvcf-reqid') ?? '';
    expect((await poll(s, reqId)).status).toBe(404);
  });
});
