/**
 * A HELM team's prod_env on Kubernetes (docs/scale.md): the pods share no filesystem with the submitting machine,
 * so everything run_suite reads there comes from the ConfigMap. The judges files (`--judges`, a run entry's
 * `jury_config_path`) are carried and the task's flag and the entry point at the mounted copies; the deployments
 * keep their names (run names and the jury look them up by deployment) and a URL that credentials.conf gives
 * (`<org>BaseUrl`) is written into them; no key is in the manifest.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse, parseAllDocuments } from 'yaml';
import { linkFixtures, runCli, tempDir } from './support.js';

const KEY = 'sk-SENTINEL-k8s-0123456789abcdef';

describe('kubernetes: a prod_env suite with judges files', () => {
  it('carries --judges and jury_config_path files in the ConfigMap, deployment names and BaseUrl, never a key', async () => {
    const dir = tempDir('ef-k8s-helm-');
    linkFixtures(join(dir, 'data'), ['pubmed_qa', 'mtsamples_replicate']);
    const env = join(dir, 'prod_env');
    mkdirSync(env);
    const deployment = (name: string, model: string, url = '') =>
      `  - name: ${name}\n    model_name: ${model}\n    client_spec:\n      class_name: "helm.clients.openai_client.OpenAIClient"\n      args: {${url ? `base_url: "${url}"` : ''}}\n`;
    writeFileSync(
      join(env, 'model_deployments.yaml'),
      `model_deployments:\n${deployment('lab/alpha', 'acme/alpha')}${deployment('judgehost/j', 'acme/judge', 'http://127.0.0.1:9/v1')}`,
    );
    // The model's URL only in credentials.conf, beside the keys.
    writeFileSync(
      join(env, 'credentials.conf'),
      `labBaseUrl: "http://127.0.0.1:8/v1"\nlabApiKey: "${KEY}"\njudgehostApiKey: "${KEY}"\n`,
    );
    const jury = (name: string) => `judges:\n  - {name: ${name}, model: acme/judge, model_deployment: judgehost/j}\n`;
    writeFileSync(join(dir, 'all-judges.yaml'), jury('gpt'));
    writeFileSync(join(dir, 'entry-judges.yaml'), jury('claude'));
    writeFileSync(
      join(dir, 'entries.conf'),
      'entries: [\n' +
        `  {description: "mtsamples_replicate:model=acme/alpha,model_deployment=lab/alpha,jury_config_path=${join(dir, 'entry-judges.yaml')}", priority: 1},\n` +
        '  {description: "pubmed_qa:model=acme/alpha,model_deployment=lab/alpha", priority: 1}\n]\n',
    );
    const r = await runCli([
      'run_suite',
      '--conf-paths',
      join(dir, 'entries.conf'),
      '--models-to-run',
      'acme/alpha',
      '--suite',
      'k8s',
      '--output_dir',
      join(dir, 'out'),
      '--local-path',
      env,
      '--judges',
      join(dir, 'all-judges.yaml'),
      '--data_root',
      join(dir, 'data'),
      '--executor',
      'kubernetes',
      '--secret',
      'keys',
      '--dry_run',
    ]);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(KEY);
    const [configMap, job] = parseAllDocuments(r.stdout).map((d) => d.toJS() as any);
    const data = configMap.data as Record<string, string>;
    const args = (job.spec.template.spec.containers[0].args as string[]).join(' ');
    // --judges: the file in the ConfigMap, the task's flag at its mounted copy.
    const judgesKey = Object.keys(data).find((k) => data[k] === jury('gpt'));
    expect(judgesKey).toBeDefined();
    expect(args).toContain(`--judges /etc/eval-factory/${judgesKey}`);
    // jury_config_path: the file in the ConfigMap, the entry rewritten to its mounted copy.
    const entryKey = Object.keys(data).find((k) => data[k] === jury('claude'));
    expect(entryKey).toBeDefined();
    const conf = Object.entries(data).find(([k]) => k.endsWith('entries.conf'))![1];
    expect(conf).toContain(`jury_config_path=/etc/eval-factory/${entryKey}"`);
    expect(conf).not.toContain(dir);
    // The deployments under their own names; the model's URL from credentials.conf's labBaseUrl.
    expect(parse(data['local-model_deployments.yaml']!).model_deployments).toEqual([
      expect.objectContaining({
        name: 'lab/alpha',
        model_name: 'acme/alpha',
        client_spec: expect.objectContaining({
          args: { base_url: 'http://127.0.0.1:8/v1', openai_model_name: 'alpha' },
        }),
      }),
      expect.objectContaining({ name: 'judgehost/j', model_name: 'acme/judge' }),
    ]);
  }, 180_000);
});
