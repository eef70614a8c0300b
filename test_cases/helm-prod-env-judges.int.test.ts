/** The judges of a `--conf-paths` suite (docs/reproduce-medhelm.md#judges), through the real CLI. */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type HelmServers, KEYS, startHelmServers, writeProdEnv } from './helm-prod-env-support.js';
import { linkFixtures, runCli, tempDir } from './support.js';

let helm: HelmServers;
let servers: HelmServers['models'];
let judges: HelmServers['judges'];
beforeAll(async () => {
  helm = await startHelmServers();
  servers = helm.models;
  judges = helm.judges;
});
afterAll(async () => helm?.close());

describe('the judges of a --conf-paths suite', () => {
  const NO_JUDGE_KEYS = {
    GPT_JUDGE_API_KEY: undefined,
    LLAMA_JUDGE_API_KEY: undefined,
    CLAUDE_JUDGE_API_KEY: undefined,
    OPENAI_API_KEY: undefined,
    OPENAI_CLIENT_ID: undefined,
    OPENAI_CLIENT_SECRET: undefined,
    EVAL_FACTORY_CREDENTIALS: '/nonexistent/credentials.yaml',
  };
  const base = (dir: string, conf: string, more: string[]) => {
    writeFileSync(join(dir, 'judged.conf'), `entries: [\n  ${conf}\n]\n`);
    return [
      'run_suite',
      '--conf-paths',
      join(dir, 'judged.conf'),
      '--suite',
      's',
      '--models-to-run',
      'google/gemini-2.0-flash-001',
      '--data_root',
      existsSync(join(dir, 'data')) ? join(dir, 'data') : linkFixtures(join(dir, 'data'), ['mtsamples_replicate']),
      '--max-eval-instances',
      '1',
      '--output_dir',
      join(dir, 'out'),
      ...more,
    ];
  };
  const entry = (args = '') =>
    `{description: "mtsamples_replicate:${args}model=google/gemini-2.0-flash-001,model_deployment=stanfordhealthcare/gemini-2.0-flash-001", priority: 1}`;

  it('judges without a credential are refused before anything is sent, with a hint for this dialect', async () => {
    const dir = tempDir('ef-conf-judges-');
    const before = judges.requests.length + servers[0]!.requests.length;
    const r = await runCli(base(dir, entry(), ['--model_url', servers[0]!.url]), { env: NO_JUDGE_KEYS });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[EF_JUDGE_AUTH_MISSING]');
    expect(r.stderr).toMatch(/^hint: .*--judges FILE/m);
    expect(r.stderr).not.toContain('set its auth in config.params.extra.judges');
    expect(judges.requests.length + servers[0]!.requests.length).toBe(before);
  });

  it('--judges takes a run_config roster without any prod_env; a role it leaves out is off', async () => {
    const dir = tempDir('ef-conf-judges-');
    const file = join(dir, 'judges.yml');
    writeFileSync(file, `judges:\n  gpt: {url: "${judges.url}", model_id: roster-judge, auth: none}\n`);
    const before = judges.requests.length;
    const r = await runCli(
      base(dir, entry(), ['--model_url', servers[0]!.url, '--api_key_name', 'GEMINI_KEY', '--judges', file]),
      { env: { ...NO_JUDGE_KEYS, GEMINI_KEY: KEYS['stanfordhealthcare/gemini-2.0-flash-001'] } },
    );
    expect(r.stderr).not.toContain('error[');
    expect(r.code).toBe(0);
    const sent = judges.requests.slice(before).map((q) => (q.body as { model: string }).model);
    expect(new Set(sent)).toEqual(new Set(['roster-judge']));
  });

  it("a run entry's jury_config_path (HELM's format) picks its judges from prod_env; a deployment it lacks is refused", async () => {
    const dir = tempDir('ef-conf-judges-');
    const prodEnv = writeProdEnv(dir, helm);
    const jury = join(dir, 'jury.yaml');
    writeFileSync(
      jury,
      'judges:\n  - {name: claude, model: anthropic/x, model_deployment: stanfordhealthcare/claude-3-7-sonnet-20250219}\n',
    );
    const before = judges.requests.length;
    const ok = await runCli(base(dir, entry(`jury_config_path=${jury},`), ['--local-path', prodEnv]), {
      env: NO_JUDGE_KEYS,
    });
    expect(ok.stderr).not.toContain('error[');
    expect(ok.code).toBe(0);
    const sent = judges.requests.slice(before).map((q) => (q.body as { model: string }).model);
    expect(new Set(sent)).toEqual(new Set(['served-claude-judge']));
    writeFileSync(jury, 'judges:\n  - {name: gpt, model: openai/x, model_deployment: elsewhere/gpt}\n');
    const missing = await runCli(base(dir, entry(`jury_config_path=${jury},`), ['--local-path', prodEnv]), {
      env: NO_JUDGE_KEYS,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error[EF_JUDGE_CONFIG]');
    expect(missing.stderr).toContain('no deployment elsewhere/gpt');
    expect(judges.requests.length).toBe(before + sent.length);
  });
});
