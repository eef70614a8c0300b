/**
 * The config_ef.yaml NeMo Evaluator's launcher writes for a task (its `get_eval_factory_command`: the task's
 * `nemo_evaluator_config` with url, model_id, type, config.type, output_dir and metadata set), run the way it runs
 * it: `eval-factory run_eval --run_config config_ef.yaml` in the working directory that holds the file.
 */
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import {
  rubricReply,
  startFakeJudgeServer,
  startFakeOpenAIServer,
  type FakeJudgeServer,
  type FakeOpenAIServer,
} from '@eval-factory/testkit';
import { fixture, runCli, tempDir, writeRunConfig } from './support.js';

const TRACE = 'nvapi-trace-SENTINEL-0123456789abcdef0123'; // a secret-looking header value, from a variable

let server: FakeOpenAIServer;
let judges: FakeJudgeServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ answer: () => 'A' });
  judges = await startFakeJudgeServer({ reply: () => rubricReply({ accuracy: 4, completeness: 3, clarity: 5 }) });
});
afterAll(async () => {
  await server.close();
  await judges.close();
});

/** A launcher-built config_ef.yaml for `type`, with `endpoint` and `params` spread in. */
function configEf(type: string, out: string, params: object, endpoint: object = {}): string {
  const dir = tempDir();
  writeRunConfig(
    dir,
    {
      config: { type, output_dir: out, params: { parallelism: 2, ...params } },
      target: { api_endpoint: { url: server.url, model_id: 'served-model', type: 'chat', ...endpoint } },
      metadata: { launcher_resolved_config: { execution: { type: 'local' } }, versioning: { launcher: '0.2.6' } },
    },
    'config_ef.yaml',
  );
  return dir;
}

const run = (dir: string, env: Record<string, string> = {}) =>
  runCli(['run_eval', '--run_config', 'config_ef.yaml'], { cwd: dir, env });

const modelRequests = (model: string) =>
  server.requests.filter((r) => r.kind === 'chat' && (r.body as { model?: string }).model === model);

describe('a launcher-built config with interceptors and headers', () => {
  const out = join(tempDir(), 'results');
  let result: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    const dir = configEf(
      'pubmed_qa',
      out,
      { limit_samples: 3, extra: { data_path: fixture('pubmed_qa') } },
      {
        model_id: 'interceptor-model',
        headers: { 'X-Org': 'team-7', 'X-Trace': '${EF_TEST_TRACE}' },
        adapter_config: {
          interceptors: [
            { name: 'system_message', config: { system_message: 'You are a careful clinician.' } },
            { name: 'payload_modifier', config: { params_to_add: { seed: 7 }, params_to_remove: ['n'] } },
            { name: 'request_logging', config: { max_requests: 1 } },
            { name: 'caching', config: { cache_dir: join(out, 'cache'), reuse_cached_responses: true } },
            'endpoint',
            { name: 'response_stats', enabled: true },
          ],
        },
      },
    );
    result = await run(dir, { EF_TEST_TRACE: TRACE });
  });

  it('runs to success', () => {
    expect(result.stderr).not.toMatch(/error\[/);
    expect(result.code).toBe(0);
    expect(parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8')).status).toBe('success');
  });

  it('sends the system message and the payload edits on every request', () => {
    const sent = modelRequests('interceptor-model');
    expect(sent.length).toBe(3);
    for (const r of sent) {
      const body = r.body as { messages: { role: string; content: string }[]; seed?: number; n?: number };
      expect(body.messages[0]).toEqual({ role: 'system', content: 'You are a careful clinician.' });
      expect(body.seed).toBe(7);
      expect(body.n).toBeUndefined();
    }
  });

  it('sends the headers on every request and never prints the secret-looking one', () => {
    for (const r of modelRequests('interceptor-model')) {
      expect(r.headers['x-org']).toBe('team-7');
      expect(r.headers['x-trace']).toBe(TRACE);
    }
    expect(result.stdout + result.stderr).not.toContain(TRACE);
    expect(readFileSync(join(out, 'logs/eval-factory.log'), 'utf8')).not.toContain(TRACE);
  });

  it("writes the launcher's progress file: the requests completed", () => {
    expect(readFileSync(join(out, 'progress'), 'utf8')).toBe('3');
  });

  it("gives NeMo's bundle reader the per-sample rows: eval-results/output.jsonl is results.jsonl, with a reward", () => {
    const link = join(out, 'eval-results', 'output.jsonl');
    expect(readlinkSync(link)).toBe(join('..', 'results.jsonl'));
    const rows = readFileSync(link, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.reward).toBe(row.metrics.exact_match);
  });

  it('keeps the cache where the caching interceptor says', () => {
    expect(readFileSync(join(out, 'cache', 'cache.db')).length).toBeGreaterThan(0);
  });
});

describe('a run that fails before it starts', () => {
  it('writes no results.yml an exporter would take for a finished run, and says why in evaluation_config.yaml', async () => {
    const out = join(tempDir(), 'results');
    const r = await run(configEf('helm.no_such_benchmark', out, {}));
    expect(r.code).not.toBe(0);
    expect(existsSync(join(out, 'results.yml'))).toBe(false);
    expect(parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8')).status).toBe('error');
  });
});

describe('config.params.extra.disable_cache', () => {
  it('turns the request cache off: a second run sends every request again, without a warning', async () => {
    const out = join(tempDir(), 'results');
    const dir = configEf(
      'pubmed_qa',
      out,
      { limit_samples: 2, extra: { data_path: fixture('pubmed_qa'), disable_cache: true } },
      { model_id: 'uncached-model' },
    );
    const first = await run(dir);
    expect(first.code).toBe(0);
    expect(first.stderr).not.toMatch(/EF_UNUSED_PARAMS/);
    const second = await run(dir);
    expect(second.code).toBe(0);
    expect(modelRequests('uncached-model').length).toBe(4);
    expect(parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8')).counts.requests.cached).toBe(0);
  });
});

describe("NVIDIA's med_dialog task names", () => {
  it.each([
    ['med_dialog_icliniq', 'icliniq'],
    ['med_dialog_healthcaremagic', 'healthcaremagic'],
  ])('%s runs med_dialog on its subset', async (type, subset) => {
    const out = join(tempDir(), 'results');
    const judge = (url: string, model_id: string, provider = 'openai_compatible') => ({
      enabled: true,
      provider,
      url,
      model_id,
      auth: 'none',
      max_tokens: 512,
      temperature: 0,
    });
    const extra = {
      data_path: fixture('med_dialog'),
      judges: {
        gpt: judge(judges.url, 'judge-gpt'),
        llama: judge(judges.url, 'judge-llama'),
        claude: judge(judges.anthropicUrl, 'judge-claude', 'nvidia_anthropic'),
      },
    };
    const r = await run(configEf(type, out, { limit_samples: 2, extra }, { model_id: `model-${subset}` }));
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);
    const entries = readFileSync(join(out, 'logs/eval-factory.log'), 'utf8');
    expect(entries).toContain(`med_dialog:model=model-${subset},subset=${subset}`);
    const tasks = parse(readFileSync(join(out, 'results.yml'), 'utf8')).results.tasks;
    expect(Object.keys(tasks)).toEqual([type]); // the launcher's exporters look the task up by its own name
    expect(tasks[type].metrics.med_dialog_accuracy.scores.mean.value).toBeCloseTo(4, 10);
  });
});
