import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { REPO_ROOT, readJsonl, readTree, runCli, tempDir } from './support.js';

// The run_config shapes users write (test_cases/<shape>/run_config.yml), run unchanged except for the endpoint
// host, which --model_url points at the loopback server (keeping the URL's own path).
const KEY = 'nvapi-TEST-9f8e7d6c5b4a3f2e1d0c';
const cases = [
  { shape: 'openai', env: { OPENAI_API_KEY: KEY }, path: '/v1', kind: 'chat' },
  { shape: 'nvidia_build', env: { NVIDIA_API_KEY: KEY }, path: '/v1/chat/completions', kind: 'chat' },
  { shape: 'local_completions', env: {}, path: '/v1/completions', kind: 'completions' },
] as const;

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterAll(async () => server.close());

describe.each(cases)('test_cases/$shape', ({ shape, env, path, kind }) => {
  it('runs end to end against the loopback server', async () => {
    const out = join(tempDir(), 'out');
    const before = server.requests.length;
    const r = await runCli(
      [
        'run_eval',
        '--run_config',
        join(REPO_ROOT, 'test_cases', shape, 'run_config.yml'),
        '--output_dir',
        out,
        '--model_url',
        `${server.origin}${path}`,
      ],
      { env },
    );
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);
    const sent = server.requests.slice(before);
    expect(sent.length).toBe(readJsonl(join(out, 'instances.jsonl')).length);
    expect(sent.every((q) => q.kind === kind)).toBe(true);
    expect(sent.every((q) => (q.authorization_sha256 !== null) === Object.keys(env).length > 0)).toBe(true);
    const results = parse(readFileSync(join(out, 'results.yml'), 'utf8'));
    expect(Object.keys(results.results.tasks)).toEqual([
      shape === 'nvidia_build' ? 'head_qa' : shape === 'openai' ? 'pubmed_qa' : 'medbullets',
    ]);
    for (const file of readTree(out)) expect(file.text).not.toContain(KEY);
  });
});

describe('test_cases/nvcf', () => {
  it('dry-runs unchanged, with no key set, and renders the engine command', async () => {
    const cwd = tempDir();
    const r = await runCli(
      ['run_eval', '--run_config', join(REPO_ROOT, 'test_cases/nvcf/run_config.yml'), '--dry_run'],
      { cwd, env: { NVIDIA_API_KEY: undefined } },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('use_nvcf: true');
    expect(r.stdout).toMatch(
      /Rendered command:\n\nef-bench run \\\n {2}--run-entries medbullets:model=my-org\/my-model \\\n/,
    );
  });
});
