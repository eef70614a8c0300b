import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { fixture, readJsonl, readTree, runCli, tempDir, writeRunConfig } from './support.js';

const SECRET = 'sk-test-Zq81VvLx0PpK3mW7nR2tY5uB9cD4eF6g';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ requireApiKey: SECRET });
});
afterAll(async () => server.close());

function config(benchmark: string, outputDir: string, extra: Record<string, unknown> = {}) {
  return {
    config: {
      type: benchmark,
      output_dir: outputDir,
      params: { parallelism: 3, extra: { data_path: fixture(benchmark), ...extra } },
    },
    target: { api_endpoint: { url: server.url, model_id: 'fake-model', type: 'chat', api_key_name: 'EF_TEST_KEY' } },
  };
}

/** exact_match computed independently: the answered letter maps to the reference tagged correct. */
function independentExactMatch(out: string): number {
  const instances = new Map(readJsonl(join(out, 'instances.jsonl')).map((i) => [i.id, i]));
  const responses = readJsonl(join(out, 'responses/model.jsonl'));
  const scores = responses.map((r) => {
    const letter = String(r.result.completions[0].text).trim();
    const refs: { tags: string[] }[] = instances.get(r.instance_id)!.references;
    const index = letter.length === 1 ? letter.charCodeAt(0) - 65 : -1;
    return refs[index]?.tags.includes('correct') ? 1 : 0;
  });
  return scores.reduce((a: number, b: number) => a + b, 0) / scores.length;
}

describe.each([
  'pubmed_qa',
  'head_qa',
  'medbullets',
])('run_eval %s against a loopback OpenAI-compatible server', (benchmark) => {
  const out = join(tempDir(), 'out');
  let result: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    const rc = writeRunConfig(tempDir(), config(benchmark, out));
    result = await runCli(['run_eval', '--run_config', rc], { env: { EF_TEST_KEY: SECRET } });
  });

  it('exits 0 and prints the scores', () => {
    expect(result.stderr).not.toMatch(/error\[/);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/exact_match\s+\d\.\d{4}/);
  });

  it('writes every file of the output folder', () => {
    for (const f of [
      'run_config.yml',
      'model_configs/model_deployments.yaml',
      'model_configs/model_metadata.yaml',
      'cache.db',
      'instances.jsonl',
      'responses/model.jsonl',
      'results.jsonl',
      'evaluation_config.yaml',
      'results.yml',
      'eval_factory_metrics.json',
      'logs/eval-factory.log',
    ]) {
      expect(existsSync(join(out, f))).toBe(true);
    }
    const runDir = join(out, 'runs', benchmark);
    expect(existsSync(runDir)).toBe(true);
  });

  it('reports exact_match equal to the value computed from the answers', () => {
    const results = parse(readFileSync(join(out, 'results.yml'), 'utf8'));
    const em = results.results.tasks[benchmark].metrics.exact_match.scores.mean;
    expect(em.value).toBeCloseTo(independentExactMatch(out), 12);
    expect(em.stats.count).toBe(readJsonl(join(out, 'instances.jsonl')).length);
    const evalConfig = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
    expect(evalConfig.status).toBe('success');
    expect(evalConfig.metrics.find((m: any) => m.name === 'exact_match').main).toBe(true);
  });

  it('never writes the API key to any file or log line', () => {
    for (const file of readTree(out)) expect(file.text.includes(SECRET)).toBe(false);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    expect(readFileSync(join(out, 'model_configs/model_deployments.yaml'), 'utf8')).toContain('EF_TEST_KEY');
  });
});

describe('resume', () => {
  it('re-sends only failed requests and reports the scores of an uninterrupted run', async () => {
    const flaky = await startFakeOpenAIServer({
      script: ['ok', { kind: 'server_error', status: 500 }, 'ok', { kind: 'server_error', status: 503 }],
    });
    try {
      const out = join(tempDir(), 'out');
      const rc = writeRunConfig(tempDir(), {
        ...config('pubmed_qa', out, { max_failure_rate: 0.5 }),
        target: { api_endpoint: { url: flaky.url, model_id: 'fake-model', type: 'chat' } },
      });
      const args = [
        'run_eval',
        '--run_config',
        rc,
        '--overrides',
        'config.params.max_retries=0,config.params.parallelism=1',
      ];
      const first = await runCli(args);
      expect(first.code).toBe(0); // 2 of 5 failed, within max_failure_rate 0.5 → partial, not an error
      expect(parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8')).status).toBe('partial');
      const firstResults = readJsonl(join(out, 'results.jsonl'));
      const failed = firstResults.filter((r) => r.status === 'failed');
      expect(failed.length).toBe(2);
      expect(failed[0].reason).toMatch(/server_error/);
      const sentBefore = flaky.requests.length;
      const second = await runCli(args);
      expect(second.code).toBe(0);
      expect(flaky.requests.length - sentBefore).toBe(2);
      const evalConfig = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
      expect(evalConfig.counts.requests.cached).toBe(3);
      expect(evalConfig.status).toBe('success');
    } finally {
      await flaky.close();
    }
  });
});
