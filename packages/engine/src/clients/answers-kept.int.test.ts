/**
 * Answers already paid for are kept whatever stops the run: each is in the cache before its slot is given to the
 * next request (so a kill -9 loses at most the answers of the slots in flight), and a graceful stop lets the answers
 * in flight arrive and stores them while sending nothing new.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_REQUEST_SETTINGS, type PromptRequest } from '@eval-factory/types';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { openSqliteCache, type RequestCache } from '../cache/index.js';
import { createModelClient } from './model-client.js';
import { createSender } from './create-sender.js';
import { RequestLimiter } from './rate-limiter.js';
import type { ModelDeployment } from './model-deployment.js';

const policy = { maxRetries: 2, timeoutMs: 5000, nvcfBacked: false, backoffBaseS: 0.001, backoffCapS: 0.01 };

const ask = (n: number): PromptRequest => ({
  instance_id: `id${n}`,
  train_trial_index: 0,
  prompt: `Question ${n}: x\nA. yes\nB. no\nAnswer:`,
  temperature: 0,
  max_tokens: 1,
  stop: [],
  top_p: null,
  num_completions: 1,
  top_k_per_token: 5,
});

function deployment(url: string): ModelDeployment {
  return {
    name: 'eval-factory/fake-model',
    model_name: 'fake-model',
    provider: 'openai_compatible',
    endpoint_type: 'chat',
    base_url: url,
    request_url: `${url}/chat/completions`,
    auth: { kind: 'none' },
    nvcf: { enabled: false, backed: false, is_function: false, poll_seconds: 1800 },
    max_tokens_field: 'max_tokens',
    request_settings: DEFAULT_REQUEST_SETTINGS,
  };
}

const newCache = () =>
  openSqliteCache(join(mkdtempSync(join(tmpdir(), 'ef-kept-')), 'cache.db'), 'model', () => undefined);

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

let server: FakeOpenAIServer;
let gate: Promise<void> = Promise.resolve();
beforeAll(async () => {
  server = await startFakeOpenAIServer({ answer: async () => (await gate, 'B') });
});
afterAll(async () => server.close());

describe('answers received are kept', () => {
  it('27.19 an answer is in the cache before its concurrency slot goes to the next request', async () => {
    const store = await newCache();
    let storing = 0;
    const sentWhileStoring: number[] = [];
    // The real SQLite cache, whose writes take a while (a busy disk): a request that reaches the server while an
    // answer is still being written was given that answer's slot too early.
    const cache: RequestCache = {
      ...store,
      get: (key) => store.get(key),
      getMany: (keys) => store.getMany(keys),
      close: () => store.close(),
      set: async (key, value) => {
        storing++;
        const sentBefore = server.requests.length;
        const deadline = Date.now() + 300;
        await until(() => server.requests.length > sentBefore || Date.now() > deadline);
        if (server.requests.length > sentBefore) sentWhileStoring.push(server.requests.length);
        await store.set(key, value);
        storing--;
      },
    };
    const d = deployment(server.url);
    const limiter = new RequestLimiter({ maxConcurrency: 1, requestsPerMinute: null, tokensPerMinute: null });
    const client = createModelClient({
      deployment: d,
      send: createSender(d, null),
      cache,
      policy,
      engineVersion: 't',
      limiter,
    });
    const records = await Promise.all([1, 2, 3].map((n) => client.call(ask(n))));
    expect(records.map((r) => r.outcome.ok)).toEqual([true, true, true]);
    expect(sentWhileStoring).toEqual([]);
    expect(storing).toBe(0);
    await store.close();
  });

  it('27.19 a stopped run still receives and caches the answer in flight, and sends nothing new', async () => {
    const cache = await newCache();
    const d = deployment(server.url);
    const client = createModelClient({
      deployment: d,
      send: createSender(d, null),
      cache,
      policy: { ...policy, stopGraceMs: 10_000 },
      engineVersion: 't',
    });
    let answer = () => undefined as void;
    gate = new Promise<void>((resolve) => (answer = resolve));
    const run = new AbortController();
    const sentBefore = server.requests.length;
    const inFlight = client.call(ask(10), run.signal);
    await until(() => server.requests.length > sentBefore);
    run.abort(); // Ctrl-C / SIGTERM while the answer is on its way
    const late = await client.call(ask(11), run.signal);
    answer();
    const kept = await inFlight;
    gate = Promise.resolve();
    expect(kept.outcome).toMatchObject({ ok: true, cached: false });
    expect(late.outcome).toMatchObject({ ok: false, error_kind: 'interrupted' });
    expect(server.requests.length - sentBefore).toBe(1);
    // Stored: the resume answers it from the cache.
    expect((await client.call(ask(10))).outcome).toMatchObject({ ok: true, cached: true });
    await cache.close();
  });
});
