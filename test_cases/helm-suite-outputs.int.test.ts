/**
 * What a HELM-dialect suite writes for HELM's tools and says about its jobs, through the real CLI: helm-run's run
 * and model names, only finished runs in the HELM suite folder, jobs without data, and prompt_texts checked alike
 * by --dry_run and the run.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer } from '@eval-factory/testkit';
import { type HelmServers, KEYS, startHelmServers } from './helm-prod-env-support.js';
import { fixture, linkFixtures, runCli, tempDir, writeRunConfig } from './support.js';

let helm: HelmServers;
let servers: HelmServers['models'];
beforeAll(async () => {
  helm = await startHelmServers();
  servers = helm.models;
});
afterAll(async () => helm?.close());

describe("helm-run's names with --local-path", () => {
  it('two HELM models behind one served name stay two models; --model_url gives the same run names', async () => {
    const dir = tempDir('ef-helm-names-');
    const env = join(dir, 'prod_env');
    mkdirSync(env);
    const deployment = (name: string, model: string) =>
      `  - name: ${name}\n    model_name: ${model}\n    client_spec:\n      class_name: "helm.clients.openai_client.OpenAIClient"\n      args: {base_url: "${servers[1]!.url}", openai_model_name: shared-served}\n`;
    writeFileSync(
      join(env, 'model_deployments.yaml'),
      `model_deployments:\n${deployment('lab/alpha', 'acme/alpha')}${deployment('lab/beta', 'acme/beta')}`,
    );
    const key = KEYS['stanfordhealthcare/o3-mini-2025-01-31']!;
    writeFileSync(join(env, 'credentials.conf'), `labApiKey: "${key}"\n`);
    writeFileSync(
      join(dir, 'names.conf'),
      'entries: [\n  {description: "pubmed_qa:model=acme/alpha,model_deployment=lab/alpha", priority: 1},\n' +
        '  {description: "pubmed_qa:model=acme/beta,model_deployment=lab/beta", priority: 1}\n]\n',
    );
    const run = (out: string, models: string, more: string[], env: Record<string, string> = {}) =>
      runCli(
        [
          'run_suite',
          '--conf-paths',
          join(dir, 'names.conf'),
          '--suite',
          's',
          '--models-to-run',
          models,
          '--data_root',
          existsSync(join(dir, 'data')) ? join(dir, 'data') : linkFixtures(join(dir, 'data'), ['pubmed_qa']),
          '--max-eval-instances',
          '1',
          '--output_dir',
          join(dir, out),
          ...more,
        ],
        { env },
      );
    const local = await run('local', 'acme/alpha,acme/beta', ['--local-path', env]);
    expect(local.stderr).not.toContain('error[');
    expect(local.code).toBe(0);
    const board = readFileSync(join(dir, 'local', 's', 'leaderboard.md'), 'utf8');
    expect(board).toContain('2 run(s), 2 model(s), 1 benchmark(s)');
    // The shipped fixture is not MedHELM's data: the run says so where its scores are read.
    expect(board).toContain('non-HELM settings');
    expect(readFileSync(join(dir, 'local', 's', 'acme_alpha', 'pubmed_qa', 'evaluation_config.yaml'), 'utf8')).toMatch(
      /^helm_compatible: false$/m,
    );
    expect(board).toMatch(/^\| acme\/alpha \|/m);
    expect(board).toMatch(/^\| acme\/beta \|/m);
    const byUrl = await run('url', 'acme/alpha', ['--model_url', servers[1]!.url, '--api_key_name', 'K'], { K: key });
    expect(byUrl.code).toBe(0);
    const runs = (out: string) => readdirSync(join(dir, out, 's', 'helm', 'runs', 's')).sort();
    expect(runs('local')).toEqual([
      'pubmed_qa:model=acme_alpha,model_deployment=lab_alpha',
      'pubmed_qa:model=acme_beta,model_deployment=lab_beta',
    ]);
    expect(runs('url')).toEqual(['pubmed_qa:model=acme_alpha,model_deployment=lab_alpha']);
  });
});

describe('the HELM suite folder holds only runs helm-run would have finished', () => {
  it('a job that ended in error is left out of helm/runs/<suite>/ and named; the finished one is linked', async () => {
    const failing = await startFakeOpenAIServer({ faults: () => ({ kind: 'server_error', status: 500 }) });
    try {
      const dir = tempDir('ef-helm-finished-');
      const env = join(dir, 'prod_env');
      mkdirSync(env);
      const deployment = (name: string, model: string, url: string) =>
        `  - name: ${name}\n    model_name: ${model}\n    client_spec:\n      class_name: "helm.clients.openai_client.OpenAIClient"\n      args: {base_url: "${url}"}\n`;
      writeFileSync(
        join(env, 'model_deployments.yaml'),
        `model_deployments:\n${deployment('lab/alpha', 'acme/alpha', servers[1]!.url)}${deployment('lab/beta', 'acme/beta', failing.url)}`,
      );
      writeFileSync(join(env, 'credentials.conf'), `labApiKey: "${KEYS['stanfordhealthcare/o3-mini-2025-01-31']}"\n`);
      writeFileSync(join(dir, 'one.conf'), 'entries: [\n  {description: "pubmed_qa:model=text", priority: 1}\n]\n');
      const r = await runCli([
        'run_suite',
        '--conf-paths',
        join(dir, 'one.conf'),
        '--suite',
        's',
        '--models-to-run',
        'acme/alpha,acme/beta',
        '--local-path',
        env,
        '--data_root',
        linkFixtures(join(dir, 'data'), ['pubmed_qa']),
        '--max-eval-instances',
        '2',
        '--output_dir',
        join(dir, 'out'),
      ]);
      expect(r.stderr).toMatch(/error +acme\/beta +pubmed_qa/);
      expect(readdirSync(join(dir, 'out', 's', 'helm', 'runs', 's'))).toEqual([
        'pubmed_qa:model=acme_alpha,model_deployment=lab_alpha',
      ]);
      expect(r.stderr).toContain(
        'not in the HELM suite (helm-run would have aborted them): acme_beta/pubmed_qa (error)',
      );
    } finally {
      await failing.close();
    }
  });
});

describe('jobs without data in a suite', () => {
  it('the dry run lists every one with its path and costs the rest; --skip-unavailable leaves them out', async () => {
    const dir = tempDir('ef-helm-nodata-');
    writeFileSync(
      join(dir, 'three.conf'),
      'entries: [\n  {description: "pubmed_qa:model=text", priority: 1},\n  {description: "head_qa:model=text", priority: 1},\n' +
        '  {description: "medbullets:model=text", priority: 1}\n]\n',
    );
    const data = linkFixtures(join(dir, 'data'), ['pubmed_qa']);
    const base = [
      'run_suite',
      '--conf-paths',
      join(dir, 'three.conf'),
      '--suite',
      's',
      '--models-to-run',
      'acme/alpha',
      '--model_url',
      servers[1]!.url,
      '--api_key_name',
      'K',
      '--data_root',
      data,
      '--max-eval-instances',
      '1',
      '--output_dir',
      join(dir, 'out'),
    ];
    const env = { K: KEYS['stanfordhealthcare/o3-mini-2025-01-31'] };
    const dry = await runCli([...base, '--dry_run'], { env });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`acme/alpha head_qa (no data in ${join(data, 'head_qa')})`);
    expect(dry.stdout).toContain(`acme/alpha medbullets (no data in ${join(data, 'medbullets')})`);
    expect(dry.stdout).toMatch(/cost per endpoint .*\n {2}acme\/alpha: 1 units, 1 requests/);
    expect(dry.stdout).not.toContain('not costed');
    const before = servers[1]!.requests.length;
    const r = await runCli([...base, '--skip-unavailable'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning[EF_SUITE_UNAVAILABLE]: not run (no data): acme/alpha head_qa');
    expect(r.stderr).not.toContain('EF_DATA_NOT_FOUND');
    expect(servers[1]!.requests.length).toBe(before + 1);
  });
});

describe('extra.prompt_texts: the dry run refuses what the run refuses', () => {
  it('a key other than the prompt texts is EF_PROMPT_TEXTS for --dry_run as for the run; a valid file passes', async () => {
    const dir = tempDir('ef-prompt-texts-');
    const config = (texts: string) => {
      writeFileSync(join(dir, 'texts.yaml'), texts);
      return writeRunConfig(dir, {
        config: {
          type: 'pubmed_qa',
          output_dir: join(dir, 'out'),
          params: {
            limit_samples: 1,
            extra: { data_path: fixture('pubmed_qa'), prompt_texts: join(dir, 'texts.yaml') },
          },
        },
        target: { api_endpoint: { url: servers[1]!.url, model_id: 'm', type: 'chat' } },
      });
    };
    const bad = await runCli(['run_eval', '--run_config', config('pubmed_qa:\n  judge_template: x\n'), '--dry_run']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('error[EF_PROMPT_TEXTS]');
    const good = await runCli([
      'run_eval',
      '--run_config',
      config('pubmed_qa:\n  instructions: Answer.\n'),
      '--dry_run',
    ]);
    expect(good.stderr).not.toContain('EF_PROMPT_TEXTS');
    expect(good.code).toBe(0);
  });
});
