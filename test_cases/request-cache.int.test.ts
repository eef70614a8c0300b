/**
 * The request cache's two settings (adapter_config.use_caching, caching_dir), as a user sets them in a run_config:
 * both reach the engine by one route, its command line (--disable-cache, --cache-path), and do what
 * docs/configuration.md says: off sends every request again; a folder keeps cache.db there, shared by runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { fixture, runCli, tempDir, writeRunConfig } from './support.js';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ answer: () => 'A' });
});
afterAll(async () => server.close());

/** run_eval of pubmed_qa (2 instances) into `out`, for `model`, with `adapter` as its adapter_config. */
async function runWith(out: string, model: string, adapter: object) {
  const dir = tempDir();
  writeRunConfig(dir, {
    config: {
      type: 'pubmed_qa',
      output_dir: out,
      params: { limit_samples: 2, parallelism: 1, extra: { data_path: fixture('pubmed_qa') } },
    },
    target: { api_endpoint: { url: server.url, model_id: model, type: 'chat', adapter_config: adapter } },
  });
  const r = await runCli(['run_eval', '--run_config', join(dir, 'run_config.yml')]);
  expect(r.stderr).not.toMatch(/error\[/);
  expect(r.code).toBe(0);
  return parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8')) as {
    counts: { requests: { cached: number } };
  };
}

const sent = (model: string) =>
  server.requests.filter((q) => q.kind === 'chat' && (q.body as { model?: string }).model === model).length;

describe('adapter_config.use_caching', () => {
  it('true (the default): cache.db in the output folder; the same run again sends nothing', async () => {
    const out = join(tempDir(), 'results');
    await runWith(out, 'cached-model', {});
    const again = await runWith(out, 'cached-model', {});
    expect(sent('cached-model')).toBe(2);
    expect(again.counts.requests.cached).toBe(2);
    expect(existsSync(join(out, 'cache.db'))).toBe(true);
  });

  it('false: no cache.db, and the same run again sends every request', async () => {
    const out = join(tempDir(), 'results');
    await runWith(out, 'no-cache-model', { use_caching: false });
    const again = await runWith(out, 'no-cache-model', { use_caching: false });
    expect(sent('no-cache-model')).toBe(4);
    expect(again.counts.requests.cached).toBe(0);
    expect(existsSync(join(out, 'cache.db'))).toBe(false);
  });
});

describe('adapter_config.caching_dir', () => {
  it('keeps cache.db in that folder, shared by a run into another output folder', async () => {
    const cacheDir = tempDir();
    const first = join(tempDir(), 'results');
    const second = join(tempDir(), 'results');
    await runWith(first, 'shared-cache-model', { caching_dir: cacheDir });
    const other = await runWith(second, 'shared-cache-model', { caching_dir: cacheDir });
    expect(sent('shared-cache-model')).toBe(2);
    expect(other.counts.requests.cached).toBe(2);
    expect(existsSync(join(cacheDir, 'cache.db'))).toBe(true);
    expect(existsSync(join(first, 'cache.db'))).toBe(false);
  });
});
