/**
 * Judges on a local server: the worked example of docs/configuration.md run exactly as written (only
 * the two localhost URLs point at loopback fakes, plus the output folder and the fixture's data path), a judge
 * credential checked before anything is written, and a folder whose run failed before sending anything replaced by
 * the corrected config.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { rubricReply, startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { fixture, REPO_ROOT, runCli, tempDir, writeRunConfig } from './support.js';

/** No judge key anywhere: the example must not need one. */
const NO_KEYS = {
  GPT_JUDGE_API_KEY: undefined,
  LLAMA_JUDGE_API_KEY: undefined,
  CLAUDE_JUDGE_API_KEY: undefined,
  OPENAI_API_KEY: undefined,
  OPENAI_CLIENT_ID: undefined,
  OPENAI_CLIENT_SECRET: undefined,
  EVAL_FACTORY_CREDENTIALS: undefined,
  HOME: tempDir('ef-home-'),
};
const DATA = `config.params.extra.data_path=${JSON.stringify(join(fixture('mtsamples_replicate'), 'mtsamples_processed'))}`;

/** The yaml block under the local-judges-example marker of docs/configuration.md. */
function docExample(): string {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
  const match = /<!-- local-judges-example[^>]*-->\n```yaml\n([\s\S]*?)```/.exec(doc);
  if (!match) throw new Error('docs/configuration.md lost its local-judges-example block');
  return match[1]!;
}

let judge: FakeOpenAIServer;
let model: FakeOpenAIServer;
beforeAll(async () => {
  judge = await startFakeOpenAIServer({
    models: ['judge-model'],
    answer: () => rubricReply({ accuracy: 4, completeness: 3, clarity: 5 }),
  });
  model = await startFakeOpenAIServer({
    models: ['my-model'],
    answer: () => 'Rest, fluids, and follow up in one week.',
  });
});
afterAll(async () => {
  await judge.close();
  await model.close();
});

describe('docs/configuration.md: all judges on one local OpenAI-compatible server', () => {
  it('runs as written with no key: every judge called on the local server as openai_compatible, without credential', async () => {
    const text = docExample()
      .replaceAll('http://localhost:8000/v1', judge.url)
      .replaceAll('http://localhost:8001/v1', model.url);
    const dir = tempDir();
    const rc = join(dir, 'local_judges.yml');
    writeRunConfig(dir, parse(text), 'local_judges.yml');
    const out = join(dir, 'out');
    const r = await runCli(['run_eval', '--run_config', rc, '--output_dir', out, '--overrides', DATA], {
      env: NO_KEYS,
    });
    expect(r.stderr).not.toMatch(/error\[|EF_JUDGE|EF_AUTH/);
    expect(r.code).toBe(0);
    const evaluation = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
    expect(evaluation.status).toBe('success');
    // 10 asked, the fixture's 5 HELM instances and their corrected-set twins evaluated: the summary says so.
    expect(r.stdout).toMatch(
      new RegExp(
        `instances: ${evaluation.counts.instances.evaluated} evaluated \\(\\d+ \\+ their \\d+ corrected-set twins\\)`,
      ),
    );
    expect(readFileSync(join(out, 'logs', 'eval-factory.log'), 'utf8')).toMatch(
      / final: status success; instances: \d+ evaluated/,
    );
    expect(Object.keys(evaluation.counts.judges.per_judge).sort()).toEqual(['claude', 'gpt', 'llama']);
    const judgeRequests = judge.requests.filter((q) => q.path.endsWith('/chat/completions'));
    expect(new Set(judgeRequests.map((q) => (q.body as { model: string }).model))).toEqual(new Set(['judge-model']));
    expect(judgeRequests.length).toBeGreaterThanOrEqual(3);
    expect(judgeRequests.every((q) => q.authorization_sha256 === null)).toBe(true);
    const judgesYaml = parse(readFileSync(join(out, 'model_configs', 'judges.yaml'), 'utf8'));
    expect(
      judgesYaml.judges.map((j: { provider: string; auth: { kind: string } }) => [j.provider, j.auth.kind]),
    ).toEqual(Array(3).fill(['openai_compatible', 'api_key_if_set']));
  });
});

describe('judge credentials and failed folders', () => {
  const defaultJudgesConfig = (out: string, dataPath: string) =>
    writeRunConfig(tempDir(), {
      config: {
        type: 'mtsamples_replicate',
        output_dir: out,
        params: { limit_samples: 2, extra: { data_path: dataPath } },
      },
      target: { api_endpoint: { url: model.url, model_id: 'my-model', type: 'chat' } },
    });

  it('a judge without any credential fails before anything is written, printed once', async () => {
    const out = join(tempDir(), 'out');
    const r = await runCli(['run_eval', '--run_config', defaultJudgesConfig(out, fixture('mtsamples_replicate'))], {
      env: NO_KEYS,
    });
    expect(r.code).toBe(1);
    expect(r.stderr.match(/EF_JUDGE_AUTH_MISSING/g)).toHaveLength(1);
    expect(r.stderr).toMatch(/judges gpt, llama, claude: no credential/);
    expect(existsSync(out)).toBe(false);
  });

  it('a folder whose run failed before sending anything does not block a corrected config; one with answers does', async () => {
    const out = join(tempDir(), 'out');
    const local = (extra: Record<string, unknown>) =>
      writeRunConfig(tempDir(), {
        config: {
          type: 'mtsamples_replicate',
          output_dir: out,
          params: {
            limit_samples: 2,
            extra: {
              ...extra,
              judges: {
                gpt: { url: judge.url, model_id: 'judge-model' },
                llama: { enabled: false },
                claude: { enabled: false },
              },
            },
          },
        },
        target: { api_endpoint: { url: model.url, model_id: 'my-model', type: 'chat' } },
      });
    const broken = await runCli(['run_eval', '--run_config', local({ data_path: tempDir('ef-empty-data-') })], {
      env: NO_KEYS,
    });
    expect(broken.code).not.toBe(0);
    expect(broken.stderr.match(/error\[EF_DATA_FORMAT\]/g)).toHaveLength(1); // the engine's error, not repeated by run_eval
    expect(existsSync(join(out, 'run_config.yml'))).toBe(true);
    const fixed = await runCli(
      ['run_eval', '--run_config', local({ data_path: join(fixture('mtsamples_replicate'), 'mtsamples_processed') })],
      { env: NO_KEYS },
    );
    expect(fixed.stderr).not.toContain('EF_OUTPUT_DIR_MISMATCH');
    expect(fixed.stderr).toMatch(/held a run that failed before sending anything/);
    expect(fixed.code).toBe(0);
    const changed = await runCli(
      [
        'run_eval',
        '--run_config',
        local({ data_path: join(fixture('mtsamples_replicate'), 'mtsamples_processed') }),
        '--overrides',
        'config.params.limit_samples=1',
      ],
      { env: NO_KEYS },
    );
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('EF_OUTPUT_DIR_MISMATCH');
  });
});
