/**
 * A request is built once for its cache lookup and its send: the feed hands the sender the request it looked up,
 * which assembles its prompt once, and the client hashes it once (a run with a cache used to assemble every prompt
 * twice, for the lookup's key and for the call's body, and to hash a prompt the lookup did not find twice). Real parts: the request plan, the SQLite request cache, the openai SDK against the
 * loopback fake server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MODEL_CONFIG_FILES, type Instance } from '@eval-factory/types';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { buildAdapterSpec, requestPlan, type RequestPlan } from '../adapters/index.js';
import { openSqliteCache } from '../cache/index.js';
import { createModelClient, createSender, readModelDeployment } from '../clients/index.js';
import { RequestFeed } from './request-feed.js';

const ADAPTER = buildAdapterSpec({
  method: 'multiple_choice_joint',
  instructions: 'Answer with a letter.',
  input_noun: 'Question',
  output_noun: 'Answer',
  max_tokens: 1,
});

/** `n` instances that count every read of their text (each prompt assembled reads it). */
function countingInstances(n: number): { instances: Instance[]; reads: () => number } {
  let reads = 0;
  const instances = Array.from({ length: n }, (_, i) => ({
    id: `id${i}`,
    input: {
      get text() {
        reads++;
        return `question ${i}`;
      },
    },
    split: 'test' as const,
    references: [
      { output: { text: 'yes' }, tags: ['correct'] },
      { output: { text: 'no' }, tags: [] },
    ],
  }));
  return { instances, reads: () => reads };
}

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ answer: () => 'A' });
});
afterAll(async () => server.close());

describe('RequestFeed with the model client', () => {
  it('assembles and hashes each prompt once for its lookup and its send, live and from the cache', async () => {
    // The endpoint as a run reads it from model_configs/ (the fake server's chat URL, no key).
    const dir = mkdtempSync(join(tmpdir(), 'ef-feed-'));
    const entry = { name: 'eval-factory/fake-model', model_name: 'fake-model', base_url: server.url };
    writeFileSync(
      join(dir, MODEL_CONFIG_FILES.deployments),
      JSON.stringify({ model_deployments: [{ ...entry, request_url: `${server.url}/chat/completions` }] }),
    );
    const sent = readModelDeployment(dir, 'fake-model');
    // Only a cache key reads a request's salt (the endpoint's fields are read once per client): its reads count the
    // keys computed. Read through a non-enumerable getter on each request the plan builds, so no body changes.
    let keys = 0;
    const policy = { maxRetries: 0, timeoutMs: 5000, nvcfBacked: false, backoffBaseS: 0.001, backoffCapS: 0.01 };
    const cache = await openSqliteCache(
      join(mkdtempSync(join(tmpdir(), 'ef-feed-')), 'cache.db'),
      'model',
      () => undefined,
    );
    const { instances, reads } = countingInstances(30);
    const built = requestPlan(ADAPTER, instances, { numTrials: 1 });
    const plan: RequestPlan = {
      length: built.length,
      at(index) {
        const request = built.at(index);
        return Object.defineProperty(request, 'salt', {
          get() {
            keys++;
            return undefined;
          },
        });
      },
    };
    const one = reads();
    plan.at(0).prompt;
    const perPrompt = reads() - one;
    const runOnce = async () => {
      const client = createModelClient({
        deployment: sent,
        send: createSender(sent, null),
        cache,
        policy,
        engineVersion: 't',
      });
      const feed = new RequestFeed(plan, (batch) => client.prefetch(batch), 8);
      const before = reads();
      keys = 0;
      const records = [];
      for (let i = 0; i < plan.length; i++) {
        const request = await feed.get(i);
        if (request) records.push(await client.call(request));
      }
      return { records, assembled: (reads() - before) / perPrompt, keys };
    };
    const live = await runOnce();
    expect(live.records.every((r) => r.outcome.ok && !r.outcome.cached)).toBe(true);
    expect(live.assembled).toBe(plan.length);
    expect(live.keys).toBe(plan.length);
    const sentBefore = server.requests.length;
    const cached = await runOnce();
    expect(cached.records.every((r) => r.outcome.ok && r.outcome.cached)).toBe(true);
    expect(cached.records.map((r) => r.prompt)).toEqual(live.records.map((r) => r.prompt));
    expect(cached.records[3]?.body).toEqual(live.records[3]?.body);
    expect(cached.assembled).toBe(plan.length);
    expect(cached.keys).toBe(plan.length);
    expect(server.requests.length).toBe(sentBefore);
    await cache.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
