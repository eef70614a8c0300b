import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_REQUEST_SETTINGS, type PromptRequest } from '@eval-factory/types';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { disabledCache, openSqliteCache } from '../cache/index.js';
import { createModelClient } from './model-client.js';
import type { ModelDeployment } from './model-deployment.js';
import { createSender } from './create-sender.js';
import { getEventListeners } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const request: PromptRequest = {
  instance_id: 'id0',
  train_trial_index: 0,
  prompt: 'Question: x\nA. yes\nB. no\nAnswer:',
  temperature: 0,
  max_tokens: 1,
  stop: [],
  top_p: null,
  num_completions: 1,
  top_k_per_token: 5,
};
const policy = { maxRetries: 2, timeoutMs: 5000, nvcfBacked: false, backoffBaseS: 0.001, backoffCapS: 0.01 };

/** A request cache in a fresh temp folder. */
function tempCache() {
  return openSqliteCache(join(mkdtempSync(join(tmpdir(), 'ef-mc-')), 'cache.db'), 'model', () => undefined);
}

/** A model client for `d` over `cache`, sending through the real sender. */
function clientOver(d: ModelDeployment, cache: Parameters<typeof createModelClient>[0]['cache']) {
  return createModelClient({ deployment: d, send: createSender(d, null), cache, policy, engineVersion: 't' });
}

function deployment(server: FakeOpenAIServer, over: Partial<ModelDeployment> = {}): ModelDeployment {
  return {
    name: 'eval-factory/fake-model',
    model_name: 'fake-model',
    provider: 'openai_compatible',
    endpoint_type: 'chat',
    base_url: server.url,
    request_url: `${server.url}/chat/completions`,
    auth: { kind: 'none' },
    nvcf: { enabled: false, backed: false, is_function: false, poll_seconds: 1800 },
    max_tokens_field: 'max_tokens',
    request_settings: DEFAULT_REQUEST_SETTINGS,
    ...over,
  };
}

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ answer: () => 'B' });
});
afterAll(async () => server.close());

describe('model client (real openai SDK → loopback server)', () => {
  it('leaves no abort listener on the run-wide signal after its requests end (they piled up, O(n²))', async () => {
    const d = deployment(server);
    const client = clientOver(d, disabledCache);
    const run = new AbortController();
    const requests = Array.from({ length: 200 }, (_, i) => ({
      ...request,
      instance_id: `l${i}`,
      prompt: `${request.prompt} ${i}`,
    }));
    let inFlightMax = 0;
    for (let i = 0; i < requests.length; i += 16) {
      const batch = requests.slice(i, i + 16).map((r) => client.call(r, run.signal));
      inFlightMax = Math.max(inFlightMax, getEventListeners(run.signal, 'abort').length);
      for (const record of await Promise.all(batch)) expect(record.outcome.ok).toBe(true);
    }
    expect(inFlightMax).toBeLessThanOrEqual(16); // at most one per request in flight
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('sends HELM’s body with no Authorization header when there is no key, then answers from the cache', async () => {
    const cache = await tempCache();
    const d = deployment(server);
    const client = clientOver(d, cache);
    const before = server.requests.length;
    const first = await client.call(request);
    expect(first.outcome).toMatchObject({
      ok: true,
      cached: false,
      attempts: 1,
      completions: [{ text: 'B', finish_reason: 'stop' }],
    });
    const sent = server.requests[server.requests.length - 1];
    expect(sent.body).toEqual({
      model: 'fake-model',
      messages: [{ role: 'user', content: request.prompt }],
      temperature: 0,
      max_tokens: 1,
      n: 1,
    });
    expect(sent.authorization_sha256).toBeNull();
    const second = await client.call(request);
    expect(second.outcome).toMatchObject({ ok: true, cached: true, attempts: 0 });
    expect(second.original_request_time_s).toBeGreaterThan(0);
    expect(server.requests.length - before).toBe(1);
    await cache.close();
  });

  it('after prefetch, a request prefetch did not find is sent without a second lookup; a duplicate then hits', async () => {
    const store = await tempCache();
    let gets = 0;
    const cache = {
      ...store,
      get: (key: string) => (gets++, store.get(key)),
      getMany: (keys: string[]) => store.getMany(keys),
      set: store.set.bind(store),
      close: store.close.bind(store),
    };
    const d = deployment(server);
    const client = clientOver(d, cache);
    const fresh = { ...request, prompt: `${request.prompt} (prefetch)` };
    expect(await client.prefetch([fresh])).toBe(0);
    expect((await client.call(fresh)).outcome).toMatchObject({ ok: true, cached: false });
    expect(gets).toBe(0);
    expect((await client.call({ ...fresh })).outcome).toMatchObject({ ok: true, cached: true });
    await cache.close();
  });

  it('answers prefetched requests from the prefetch; the second of two equal prompts looks the cache up itself', async () => {
    const store = await tempCache();
    let gets = 0;
    const cache = {
      ...store,
      get: (key: string) => (gets++, store.get(key)),
      getMany: store.getMany,
      set: store.set,
      close: store.close,
    };
    const d = deployment(server);
    const paid = clientOver(d, cache);
    const same = { ...request, prompt: `${request.prompt} (twice)` };
    const other = { ...request, prompt: `${request.prompt} (once)` };
    await paid.call(same);
    await paid.call(other);
    const rerun = clientOver(d, cache);
    const requests = [same, other, { ...same }];
    const before = server.requests.length;
    gets = 0;
    expect(await rerun.prefetch(requests)).toBe(2);
    const records = [];
    for (const r of requests) records.push(await rerun.call(r));
    expect(records.map((r) => [r.outcome.ok && r.outcome.cached, r.duplicate ?? false])).toEqual([
      [true, false],
      [true, false],
      [true, true],
    ]);
    expect(records.map((r) => r.body.messages)).toEqual(requests.map((r) => [{ role: 'user', content: r.prompt }]));
    expect(gets).toBe(1);
    expect(server.requests.length).toBe(before);
    await cache.close();
  });

  it('two prompts under one instance id each get their own cached answer, never the other one', async () => {
    const echo = await startFakeOpenAIServer({ answer: ({ prompt }) => prompt.slice(-1) });
    try {
      const cache = await tempCache();
      const d = deployment(echo);
      const first = { ...request, prompt: `${request.prompt} 1` };
      const second = { ...request, prompt: `${request.prompt} 2` }; // the same instance_id and trial
      await clientOver(d, cache).call(first);
      await clientOver(d, cache).call(second);
      const rerun = clientOver(d, cache);
      expect(await rerun.prefetch([first, second])).toBe(2);
      const texts = [];
      for (const r of [first, second]) {
        const record = await rerun.call(r);
        texts.push(record.outcome.ok ? [record.outcome.cached, record.outcome.completions[0]?.text] : null);
      }
      expect(texts).toEqual([
        [true, '1'],
        [true, '2'],
      ]);
      await cache.close();
    } finally {
      await echo.close();
    }
  });

  it('prefetches batch after batch (the next queued while one is handled); a failed read fails the prefetch', async () => {
    const store = await tempCache();
    const d = deployment(server);
    const paid = clientOver(d, store);
    const requests = Array.from({ length: 1100 }, (_, i) => ({ ...request, prompt: `${request.prompt} #${i}` }));
    for (const r of requests.slice(0, 1050)) await paid.call(r);
    let reads = 0;
    const counted = { ...store, getAnswers: (keys: readonly string[]) => (reads++, store.getAnswers(keys)) };
    const rerun = clientOver(d, counted);
    expect(await rerun.prefetch(requests)).toBe(1050);
    expect(reads).toBe(3);
    const failing = {
      ...store,
      getAnswers: (keys: readonly string[]) =>
        ++reads === 5 ? Promise.reject(new Error('disk gone')) : store.getAnswers(keys),
    };
    const broken = clientOver(d, failing);
    await expect(broken.prefetch(requests)).rejects.toThrow('disk gone');
    await store.close();
  });

  it('retries a 429 then succeeds; a failure is never cached', async () => {
    server.setScript([
      { kind: 'rate_limit', retryAfter: 0 },
      'ok',
      { kind: 'status', status: 400, body: { error: { message: 'bad' } } },
    ]);
    const d = deployment(server);
    const client = createModelClient({
      deployment: d,
      send: createSender(d, 'sk-fake-key-123456'),
      cache: disabledCache,
      policy,
      engineVersion: 't',
    });
    const ok = await client.call({ ...request, prompt: 'p1' });
    expect(ok.outcome).toMatchObject({ ok: true, attempts: 2 });
    expect(ok.retries.map((r) => r.error_kind)).toEqual(['rate_limited']);
    const bad = await client.call({ ...request, prompt: 'p2' });
    expect(bad.outcome).toMatchObject({ ok: false, error_kind: 'bad_request', status_code: 400, attempts: 1 });
  });

  it('speaks the NVCF function protocol: 202 + NVCF-REQID, then polls the status URL', async () => {
    server.setScript([{ kind: 'nvcf_pending', polls: 2 }]);
    const fn = `${server.origin}/v2/nvcf/pexec/functions/abc-123`;
    const d = deployment(server, {
      provider: 'nvcf',
      base_url: null,
      request_url: fn,
      nvcf: { enabled: true, backed: true, is_function: true, poll_seconds: 1800 },
    });
    const client = createModelClient({
      deployment: d,
      send: createSender(d, 'nvapi-fake-key-0000'),
      cache: disabledCache,
      policy: { ...policy, nvcfBacked: true },
      engineVersion: 't',
    });
    const before = server.requests.length;
    const r = await client.call({ ...request, prompt: 'nvcf prompt' });
    expect(r.outcome).toMatchObject({ ok: true, completions: [{ text: 'B' }] });
    const kinds = server.requests.slice(before).map((q) => q.kind);
    // polls: 2 → two more 202s from the status URL, then the 200.
    expect(kinds).toEqual(['nvcf_pexec', 'nvcf_status', 'nvcf_status', 'nvcf_status']);
    expect(server.requests[before].headers['nvcf-poll-seconds']).toBe('5');
  });
});
