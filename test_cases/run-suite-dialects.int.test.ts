/**
 * `run_suite` beyond HELM's conf + one URL through the real CLI: a suite YAML (targets ×
 * tasks, each job its own run_config), HELM-format model deployments with `--local-path`, and the leaderboard
 * grouped by MedHELM's categories. A loopback server serves two model ids.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@eval-factory/testkit';
import { linkFixtures, runCli, tempDir } from './support.js';

let server: FakeOpenAIServer;
let dir: string;
let dataRoot: string;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ models: ['org/alpha', 'beta-served'] });
  dir = tempDir('ef-suite-dialects-');
  dataRoot = linkFixtures(join(dir, 'data'), ['pubmed_qa', 'head_qa']);
});
afterAll(async () => server.close());

const suiteYaml = (extra = '') => `suite: mini
targets:
  - api_endpoint: {url: '${server.url}', model_id: org/alpha, type: chat}
  - api_endpoint: {url: '${server.url}', model_id: beta-served, type: chat}
evaluation:
  params: {limit_samples: 3, parallelism: 2}
  tasks:
    - name: pubmed_qa
      params: {extra: {data_path: '${join(dataRoot, 'pubmed_qa')}'}}
    - name: head_qa
      params: {limit_samples: 2, extra: {data_path: '${join(dataRoot, 'head_qa')}'}}
${extra}`;

describe('run_suite --suite_config (launcher-style suite YAML)', () => {
  it('a run_config that run_eval would reject stops the suite before anything is sent, naming the job', async () => {
    const file = join(dir, 'bad.yml');
    writeFileSync(file, suiteYaml().replace('type: chat}\n  - api', 'type: chatty}\n  - api'));
    const before = server.requests.length;
    const r = await runCli(['run_suite', '--suite_config', file, '--output_dir', join(dir, 'bad-out')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error\[EF_[A-Z_]+\]: .*bad\.yml: org\/alpha × pubmed_qa: /m);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(server.requests.length).toBe(before);
    expect(existsSync(join(dir, 'bad-out'))).toBe(false);
  });

  it('--list-units sizes each job from its own run_config (task params and data path of the YAML)', async () => {
    const file = join(dir, 'units.yml');
    writeFileSync(file, suiteYaml());
    const r = await runCli(['run_suite', '--suite_config', file, '--max-instances-per-unit', '2', '--list-units']);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    // pubmed_qa: the suite's 3 instances in 2 shards; head_qa: its own 2 in one unit; for each of the two targets.
    expect(r.stdout).toMatch(/^6 units/);
    expect(r.stdout).toContain('org/alpha  pubmed_qa  shard 2 of 2  (1 instance)');
    expect(r.stdout).toContain('beta-served  head_qa  ');
  });

  it("a task's `limit_samples: null` keeps the suite's limit (null never overrides, as in --overrides)", async () => {
    const file = join(dir, 'nulled.yml');
    writeFileSync(file, suiteYaml().replace('limit_samples: 2, ', 'limit_samples: null, '));
    const r = await runCli(['run_suite', '--suite_config', file, '--dry_run']);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    // Both tasks on the suite's 3 instances, for each of the two targets: 2 × (3 + 3), not head_qa's whole fixture.
    expect(r.stdout).toMatch(/^ {2}org\/alpha: 2 units, 6 requests,/m);
    expect(r.stdout).toMatch(/^ {2}beta-served: 2 units, 6 requests,/m);
  });

  it("the suite YAML's output_dir is where the suite goes unless --output_dir says otherwise", async () => {
    const file = join(dir, 'placed.yml');
    writeFileSync(file, `output_dir: ${join(dir, 'yaml-out')}\n${suiteYaml()}`);
    const fromYaml = await runCli(['run_suite', '--suite_config', file, '--dry_run']);
    expect(fromYaml.code).toBe(0);
    expect(fromYaml.stdout).toContain(`suite: ${join(dir, 'yaml-out', 'mini')}`);
    const fromFlag = await runCli([
      'run_suite',
      '--suite_config',
      file,
      '--dry_run',
      '--output_dir',
      join(dir, 'flag'),
    ]);
    expect(fromFlag.stdout).toContain(`suite: ${join(dir, 'flag', 'mini')}`);
  });

  it('a malformed suite file is EF_SUITE_CONF naming the field', async () => {
    const file = join(dir, 'malformed.yml');
    writeFileSync(file, suiteYaml().replace('model_id: beta-served, ', ''));
    const r = await runCli(['run_suite', '--suite_config', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[EF_SUITE_CONF]: ');
    expect(r.stderr).toContain('targets[1].api_endpoint.model_id: required');
  });

  it('runs every target × task with its own params into <suite>/<model>/<task>/, then a grouped leaderboard', async () => {
    const file = join(dir, 'mini.yml');
    writeFileSync(file, suiteYaml());
    const out = join(dir, 'out');
    const r = await runCli(['run_suite', '--suite_config', file, '--output_dir', out]);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    for (const model of ['org_alpha', 'beta-served'])
      for (const task of ['pubmed_qa', 'head_qa'])
        expect(existsSync(join(out, 'mini', model, task, 'results.yml'))).toBe(true);
    // Task params over suite params: head_qa took 2 instances, pubmed_qa the suite's 3.
    const jsonl = (m: string, t: string) =>
      readFileSync(join(out, 'mini', m, t, 'results.jsonl'), 'utf8')
        .trim()
        .split('\n');
    expect(jsonl('org_alpha', 'head_qa')).toHaveLength(2);
    expect(jsonl('beta-served', 'pubmed_qa')).toHaveLength(3);
    expect(new Set(server.requests.map((q) => (q.body as { model: string }).model))).toEqual(
      new Set(['org/alpha', 'beta-served']),
    );
    // One HELM suite folder: every job's run linked under helm/runs/<suite>/ by its HELM run name.
    // Named as run_spec.json names the run (helm-server fetches runs/<suite>/<run_spec.name>/), filed under the
    // run group schema_medhelm.yaml names.
    for (const [run, group] of [
      ['pubmed_qa:model=org_alpha', 'pubmed_qa'],
      ['head_qa:language=en,category=None,model=beta-served', 'head_qa'],
    ]) {
      const spec = JSON.parse(readFileSync(join(out, 'mini', 'helm', 'runs', 'mini', run!, 'run_spec.json'), 'utf8'));
      expect([spec.name, spec.groups]).toEqual([run, [group]]);
    }
    const board = readFileSync(join(out, 'mini', 'leaderboard.md'), 'utf8');
    expect(board).toContain('## Clinical Decision Support'); // head_qa
    expect(board).toContain('## Medical Research Assistance'); // pubmed_qa
    const json = JSON.parse(readFileSync(join(out, 'mini', 'leaderboard.json'), 'utf8'));
    expect(json.categories.map((c: { display_name: string }) => c.display_name)).toEqual([
      'Clinical Decision Support',
      'Medical Research Assistance',
    ]);
  });
});

describe('run_suite --local-path (HELM prod_env model_deployments.yaml)', () => {
  const conf = `entries: [
  {description: "pubmed_qa:model=acme/alpha", priority: 1},
  {description: "pubmed_qa:model=acme/beta", priority: 1},
  {description: "pubmed_qa:model=acme/gamma", priority: 1},
]
`;
  const deployments = () => `model_deployments:
  - name: local/alpha
    model_name: acme/alpha
    tokenizer_name: openai/cl100k_base
    client_spec:
      class_name: "helm.clients.openai_client.OpenAIClient"
      args: {base_url: "${server.url}", openai_model_name: org/alpha}
  - name: local/beta
    model_name: acme/beta
    client_spec:
      class_name: "helm.clients.openai_client.OpenAIClient"
      args: {base_url: "${server.url}", openai_model_name: beta-served}
`;

  it('sends each model to its own deployment, as the model name the server knows', async () => {
    const env = join(dir, 'prod_env');
    mkdirSync(env, { recursive: true });
    writeFileSync(join(env, 'model_deployments.yaml'), deployments());
    writeFileSync(join(dir, 'local.conf'), conf);
    const before = server.requests.length;
    const out = join(dir, 'local-out');
    const base = [
      'run_suite',
      '--conf-paths',
      join(dir, 'local.conf'),
      '--suite',
      'local',
      '--output_dir',
      out,
      '--data_root',
      dataRoot,
      '--max-eval-instances',
      '2',
      '--local-path',
      env,
    ];
    const missing = await runCli([...base, '--models-to-run', 'acme/alpha,acme/gamma']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error[EF_SUITE_MODELS]: --local-path');
    expect(missing.stderr).toContain('no deployment with a base_url for acme/gamma');
    const r = await runCli([...base, '--models-to-run', 'acme/alpha,acme/beta']);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    expect(existsSync(join(out, 'local', 'acme_alpha', 'pubmed_qa', 'results.yml'))).toBe(true);
    const sent = server.requests.slice(before).map((q) => (q.body as { model: string }).model);
    expect(new Set(sent)).toEqual(new Set(['org/alpha', 'beta-served']));
  });
});
