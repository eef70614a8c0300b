import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
import { fixture, readTree, runCli, tempDir, writeRunConfig } from './support.js';

// Sentinel secrets: none may appear in any output file or log line, and each client must send only its own.
const KEYS = {
  MODEL_KEY: 'sk-test-SENTINEL-model-0123456789abcdef',
  GPT_JUDGE_API_KEY: 'sk-test-SENTINEL-gpt-0123456789abcdef',
  LLAMA_JUDGE_API_KEY: 'nvapi-SENTINEL-llama-0123456789abcdef',
  CLAUDE_JUDGE_API_KEY: 'sk-ant-SENTINEL-claude-0123456789abcdef',
  OPENAI_API_KEY: 'sk-test-SENTINEL-openai-fallback-0123456789',
};
const bearer = (key: string) => createHash('sha256').update(`Bearer ${key}`).digest('hex');

let model: FakeOpenAIServer;
let judges: FakeJudgeServer;
beforeAll(async () => {
  model = await startFakeOpenAIServer({
    requireApiKey: KEYS.MODEL_KEY,
    answer: () => 'Rest, fluids, and follow up in one week.',
  });
  judges = await startFakeJudgeServer({ reply: () => rubricReply({ accuracy: 4, completeness: 3, clarity: 5 }) });
});
afterAll(async () => {
  await model.close();
  await judges.close();
});

/** A run_config of mtsamples_replicate on its fixture with three judges at `urls` (gpt and llama share one). */
function juryRunConfig(
  out: string,
  urls: { openai: string; anthropic: string },
  modelId: string,
  params: Record<string, unknown> = {},
): string {
  const judge = (url: string, model_id: string, provider = 'openai_compatible') => ({
    enabled: true,
    provider,
    url,
    model_id,
    auth: 'api_key',
    max_tokens: 512,
    temperature: 0,
  });
  return writeRunConfig(tempDir(), {
    config: {
      type: 'mtsamples_replicate',
      output_dir: out,
      params: {
        parallelism: 2,
        ...params,
        extra: {
          data_path: join(fixture('mtsamples_replicate'), 'mtsamples_processed'),
          judges: {
            gpt: judge(urls.openai, 'judge-gpt'),
            llama: judge(urls.openai, 'judge-llama'),
            claude: judge(urls.anthropic, 'judge-claude', 'nvidia_anthropic'),
          },
        },
      },
    },
    target: { api_endpoint: { url: model.url, model_id: modelId, type: 'chat', api_key_name: 'MODEL_KEY' } },
  });
}

describe('a judged benchmark end to end (mtsamples_replicate, three judges)', () => {
  it('scores with the jury, reports judge counts, binds each key to its role and leaks no secret', async () => {
    const out = join(tempDir(), 'out');
    // A model id that contains "llama": it must still get the model key, never the Llama judge's.
    const rc = juryRunConfig(
      out,
      { openai: judges.url, anthropic: judges.anthropicUrl },
      'meta/llama-3.3-70b-instruct',
    );
    const r = await runCli(['run_eval', '--run_config', rc], { env: KEYS });
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);

    const results = parse(readFileSync(join(out, 'results.yml'), 'utf8')).results.tasks.mtsamples_replicate.metrics;
    expect(results.mtsamples_replicate_accuracy.scores.mean.value).toBeCloseTo(4, 10);
    const evaluation = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
    expect(evaluation.counts.judges.calls).toBeGreaterThan(0);
    expect(Object.keys(evaluation.counts.judges.per_judge).sort()).toEqual(['claude', 'gpt', 'llama']);
    expect(evaluation.counts.judges.parse_failures).toBe(0);

    expect(new Set(model.requests.map((q) => q.authorization_sha256))).toEqual(new Set([bearer(KEYS.MODEL_KEY)]));
    for (const q of judges.requests) {
      const body = q.body as { model?: string };
      const expected =
        q.protocol === 'anthropic'
          ? KEYS.CLAUDE_JUDGE_API_KEY
          : body.model === 'judge-gpt'
            ? KEYS.GPT_JUDGE_API_KEY
            : KEYS.LLAMA_JUDGE_API_KEY;
      expect(q.credentials.authorization).toBe(bearer(expected));
    }
    const everything = [...readTree(out).map((f) => f.text), r.stdout, r.stderr].join('\n');
    for (const secret of Object.values(KEYS)) expect(everything.includes(secret)).toBe(false);
  });
});

describe('judges that give no verdict: unscored with a reason, never a silent default score', () => {
  const run = async (urls: { openai: string; anthropic: string }) => {
    const out = join(tempDir(), 'out');
    const rc = juryRunConfig(out, urls, 'm', { max_retries: 1 });
    const r = await runCli(['run_eval', '--run_config', rc], { env: KEYS });
    const rows = readFileSync(join(out, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: string; reason?: string; metrics: Record<string, number> });
    const evaluation = parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8'));
    return { r, rows, evaluation };
  };

  it.each([
    [
      'every judge unreachable',
      () => ({ openai: 'http://127.0.0.1:1/v1', anthropic: 'http://127.0.0.1:1' }),
      /^no judge verdict: gpt: connection .*; llama: connection .*; claude: connection /,
    ],
    [
      'every reply unreadable',
      () => ({ openai: garbage.url, anthropic: garbage.anthropicUrl }),
      /^no judge verdict: gpt: unusable reply \(.+\); llama: unusable reply \(.+\); claude: unusable reply/,
    ],
  ])("%s: every answered instance unscored with each judge's cause; the run fails, exit ≠ 0", async (_, urls, reason) => {
    const { r, rows, evaluation } = await run(urls());
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.status).toBe('unscored');
      expect(row.reason).toMatch(reason);
      expect(row.metrics.mtsamples_replicate_accuracy_corrected).toBeUndefined();
    }
    expect(evaluation.status).not.toBe('success');
    expect(evaluation.counts.instances.scored).toBe(0);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('EF_JUDGE_NO_VERDICT');
  });
});

let garbage: FakeJudgeServer;
beforeAll(async () => {
  garbage = await startFakeJudgeServer({ reply: () => 'I would rather not grade this.' });
});
afterAll(async () => garbage.close());

describe('every other judged MedHELM benchmark end to end on its fixture (three judges)', () => {
  it.each([
    ['medication_qa', () => fixture('medication_qa'), {}],
    ['medi_qa', () => fixture('medi_qa'), {}],
    ['aci_bench', () => fixture('aci_bench'), {}],
    ['mtsamples_procedures', () => join(fixture('mtsamples_procedures'), 'mtsample_procedure'), {}],
    ['med_dialog', () => fixture('med_dialog'), { subset: 'icliniq' }],
    ['mimic_bhc', () => join(fixture('mimic_bhc'), 'mimic_iv_bhc.json'), {}],
    ['mimic_rrs', () => fixture('mimic_rrs'), {}],
  ] as const)('%s: jury scores with per-judge counts', async (name, data, extra) => {
    const out = join(tempDir(), 'out');
    const rc = juryRunConfig(out, { openai: judges.url, anthropic: judges.anthropicUrl }, 'm');
    const r = await runCli(
      [
        'run_eval',
        '--run_config',
        rc,
        '--eval_type',
        name,
        '--overrides',
        [
          `config.params.extra.data_path=${JSON.stringify(data())}`,
          ...Object.entries(extra).map(([k, v]) => `config.params.extra.${k}=${v}`),
        ].join(','),
      ],
      { env: KEYS },
    );
    expect(r.stderr).not.toMatch(/error\[/);
    expect(r.code).toBe(0);
    const metrics = parse(readFileSync(join(out, 'results.yml'), 'utf8')).results.tasks[name].metrics;
    expect(metrics[`${name}_accuracy`].scores.mean.value).toBeCloseTo(4, 10);
    expect(
      Object.keys(parse(readFileSync(join(out, 'evaluation_config.yaml'), 'utf8')).counts.judges.per_judge).sort(),
    ).toEqual(['claude', 'gpt', 'llama']);
  });
});
