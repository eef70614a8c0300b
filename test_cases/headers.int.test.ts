/**
 * Request headers holding a secret (docs/configuration.md#headers): the config carries `${VAR}`, the engine fills
 * it in from the environment, the fake server receives the value, and no file of the run nor its terminal output
 * shows it. A literal secret in a header is refused before anything is written.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { fixture, readTree, runCli, tempDir, writeRunConfig, type CliResult } from './support.js';

const TOKEN = 'gw-SENTINEL-header-token-0123456789abcdef';
const REFERENCE = 'Bearer ${EF_TEST_GATEWAY_TOKEN}';

let server: FakeOpenAIServer;
beforeAll(async () => {
  // The server answers only a request carrying the substituted header: a reference sent as it is fails the run.
  server = await startFakeOpenAIServer({ answer: () => 'A', requireApiKey: TOKEN });
});
afterAll(async () => server.close());

/** pubmed_qa on its fixture for `model`, sending `headers`, into `<dir>/out` (the config is written when run). */
function headersRun(model: string, headers: Record<string, string>, extraArgs: string[] = []) {
  const dir = tempDir();
  const out = join(dir, 'out');
  const run = (env: Record<string, string | undefined>) => {
    const runConfig = writeRunConfig(dir, {
      config: {
        type: 'pubmed_qa',
        output_dir: out,
        params: { limit_samples: 3, parallelism: 2, extra: { data_path: fixture('pubmed_qa') } },
      },
      target: { api_endpoint: { url: server.url, model_id: model, type: 'chat', headers } },
    });
    return runCli(['run_eval', '--run_config', runConfig, ...extraArgs], {
      env: { EF_TEST_GATEWAY_TOKEN: undefined, ...env },
    });
  };
  return { out, run };
}

const sentBy = (model: string) =>
  server.requests.filter((r) => r.kind === 'chat' && (r.body as { model?: string }).model === model);

describe('a header value from an environment variable', () => {
  const { out, run } = headersRun('header-model', { Authorization: REFERENCE, 'X-Request-Source': 'medhelm' });
  let result: CliResult;
  beforeAll(async () => {
    result = await run({ EF_TEST_GATEWAY_TOKEN: TOKEN });
  });

  it('reaches the server on every request, beside the literal header', () => {
    expect(result.stderr).not.toMatch(/error\[/);
    expect(result.code).toBe(0);
    const sent = sentBy('header-model');
    expect(sent.length).toBe(3);
    const expected = createHash('sha256').update(`Bearer ${TOKEN}`).digest('hex');
    for (const r of sent) {
      expect(r.authorization_sha256).toBe(expected);
      expect(r.headers['x-request-source']).toBe('medhelm');
    }
  });

  it('is in no file of the output folder, nor on stdout or stderr', () => {
    const files = readTree(out);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) if (file.text.includes(TOKEN)) throw new Error(`${file.path} holds the header's value`);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('is written as its reference in run_config.yml, results.yml and model_configs/', () => {
    for (const name of ['run_config.yml', 'results.yml'])
      expect({ name, text: readFileSync(join(out, name), 'utf8') }).toEqual({
        name,
        text: expect.stringContaining(REFERENCE),
      });
    const deployments = readTree(join(out, 'model_configs')).map((f) => f.text);
    expect(deployments.some((text) => text.includes(REFERENCE))).toBe(true);
  });
});

describe('a header whose variable is not set', () => {
  it('is EF_API_KEY_MISSING naming the variable and the header, before anything is written', async () => {
    const { out, run } = headersRun('unset-model', { Authorization: REFERENCE });
    const result = await run({});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('EF_API_KEY_MISSING');
    expect(result.stderr).toMatch(/header Authorization references \$\{EF_TEST_GATEWAY_TOKEN\}/);
    expect(existsSync(out)).toBe(false);
    expect(sentBy('unset-model')).toEqual([]);
  });

  it('is a warning of a dry run, which prints the reference', async () => {
    const { run } = headersRun('dry-model', { Authorization: REFERENCE }, ['--dry_run']);
    const result = await run({});
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning[EF_API_KEY_MISSING]');
    expect(result.stdout).toContain(REFERENCE);
  });
});

describe('a literal secret in a header', () => {
  it('is refused with EF_API_KEY_LOOKS_LIKE_SECRET, its last 4 characters at most, nothing written', async () => {
    const { out, run } = headersRun('literal-model', { Authorization: `Bearer ${TOKEN}` });
    const result = await run({});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('EF_API_KEY_LOOKS_LIKE_SECRET');
    expect(result.stderr).toContain('target.api_endpoint.headers.Authorization');
    expect(result.stderr).toContain('docs/configuration.md#headers');
    expect(result.stderr).not.toContain(TOKEN.slice(0, -4));
    expect(existsSync(out)).toBe(false);
  });
});
