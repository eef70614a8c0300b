/**
 * `run_suite --executor slurm|kubernetes` through the real CLI (docs/scale.md): the dry run prints what would be
 * submitted and writes nothing; Kubernetes writes its manifest (applied only with --submit); a refused sbatch is a
 * coded error. The manifest's schema check is in packages/executors/src/cluster/cluster.test.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { parse, parseAllDocuments } from 'yaml';
import { linkFixtures, runCli, tempDir } from './support.js';
import { writeEntries } from './scale-support.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('ef-submit-');
  linkFixtures(join(dir, 'data'), ['pubmed_qa', 'head_qa']);
  writeEntries(join(dir, 'entries.conf'), ['pubmed_qa', 'head_qa'], ['org/alpha', 'org/beta']);
});
const args = (out: string, extra: string[]) => [
  'run_suite',
  '--conf-paths',
  join(dir, 'entries.conf'),
  '--models-to-run',
  'org/alpha,org/beta',
  '--suite',
  'toy',
  '--output_dir',
  out,
  '--model_url',
  'http://127.0.0.1:9/v1',
  '--api_key_name',
  'EF_TEST_KEY',
  '--data_root',
  join(dir, 'data'),
  '--max-instances-per-unit',
  '3',
  ...extra,
];

describe('cluster submission', () => {
  it('slurm --dry_run prints the array and merge scripts and the sbatch commands; writes nothing', async () => {
    const r = await runCli(args(join(dir, 'dry'), ['--executor', 'slurm', '--dry_run', '--partition', 'cpu']));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('#SBATCH --array=0-7%8');
    expect(r.stdout).toContain('#SBATCH --partition=cpu');
    expect(r.stdout).toContain('#SBATCH --export=PATH,HOME,EF_TEST_KEY');
    expect(r.stdout).toMatch(/sbatch --parsable --dependency=afterany:<array job id> .*merge\.sbatch/);
    expect(existsSync(join(dir, 'dry'))).toBe(false);
  }, 180_000);

  it('no sbatch here (not a Slurm login node) is EF_CLUSTER_SUBMIT, with the scripts left to submit by hand', async () => {
    const r = await runCli(args(join(dir, 'refused'), ['--executor', 'slurm']), {
      env: { PATH: join(dir, 'empty-path') },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[EF_CLUSTER_SUBMIT]: sbatch failed: sbatch is not on PATH');
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(join(dir, 'refused', 'toy', 'slurm', 'run_suite.sbatch'))).toBe(true);
  }, 180_000);

  it('kubernetes writes the ConfigMap and Indexed Job (8 units, 3 at once) and does not apply it without --submit', async () => {
    const r = await runCli(
      args(join(dir, 'k8s'), [
        '--executor',
        'kubernetes',
        '--max-parallel-units',
        '3',
        '--pvc',
        'results-claim',
        '--secret',
        'ef-toy-keys',
      ]),
      { env: { EF_TEST_KEY: 'sk-never-in-a-file-1234' } },
    );
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.code).toBe(0);
    const file = join(dir, 'k8s', 'toy', 'kubernetes', 'job.yaml');
    expect(r.stdout).toContain(`kubectl apply -f ${file}`);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('sk-never-in-a-file-1234');
    const [configMap, job] = parseAllDocuments(text).map((d) => d.toJS() as any);
    expect(JSON.parse(configMap.data['units.json']).units).toHaveLength(8);
    expect(job.spec).toMatchObject({ completionMode: 'Indexed', completions: 8, parallelism: 3 });
    expect(job.spec.template.spec.volumes[0]).toEqual({
      name: 'results',
      persistentVolumeClaim: { claimName: 'results-claim' },
    });
    expect(job.spec.template.spec.containers[0].env).toEqual([
      { name: 'EF_TEST_KEY', valueFrom: { secretKeyRef: { name: 'ef-toy-keys', key: 'EF_TEST_KEY' } } },
    ]);
  }, 180_000);

  it.each([
    ['kubernetes', 'kubernetes', ['--secret', 'ef-toy-keys']],
    ['slurm', 'slurm', []],
  ])(
    "%s with a file at the suite's %s/ folder: EF_OUTPUT_WRITE naming it, with the suite folder's hint",
    async (executor, sub, more) => {
      const out = join(dir, `blocked-${executor}`);
      mkdirSync(join(out, 'toy'), { recursive: true });
      writeFileSync(join(out, 'toy', sub), 'in the way\n');
      const r = await runCli(args(out, ['--executor', executor, ...more]), { env: { PATH: join(dir, 'empty-path') } });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `error[EF_OUTPUT_WRITE]: cannot write to ${join(out, 'toy', sub)}: not a folder (ENOTDIR)`,
      );
      // The suite's own hint (--output_dir or --suite), not run_eval's config.output_dir.
      expect(r.stderr).toContain(`hint: Move away ${join(out, 'toy', sub)}, or choose another --output_dir`);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    },
    180_000,
  );

  it('kubernetes --dry_run carries a suite YAML and a --local-path deployments file in the ConfigMap', async () => {
    const env = join(dir, 'prod_env');
    mkdirSync(env, { recursive: true });
    const deployments = `model_deployments:
  - name: local/alpha
    model_name: acme/alpha
    client_spec:
      class_name: "helm.clients.openai_client.OpenAIClient"
      args: {base_url: "http://127.0.0.1:9/v1", openai_model_name: org/alpha}
`;
    writeFileSync(join(env, 'model_deployments.yaml'), deployments);
    writeEntries(join(dir, 'acme.conf'), ['pubmed_qa'], ['acme/alpha']);
    const local = await runCli([
      'run_suite',
      '--conf-paths',
      join(dir, 'acme.conf'),
      '--models-to-run',
      'acme/alpha',
      '--suite',
      'local',
      '--output_dir',
      join(dir, 'k8s-local'),
      '--local-path',
      env,
      '--data_root',
      join(dir, 'data'),
      '--executor',
      'kubernetes',
      '--dry_run',
    ]);
    expect(local.stderr).not.toMatch(/^\s+at /m);
    expect(local.code).toBe(0);
    const [configMap, job] = parseAllDocuments(local.stdout).map((d) => d.toJS() as any);
    // Rewritten with what the pods read: the same deployment for acme/alpha, under its own name (docs/scale.md).
    expect(parse(configMap.data['local-model_deployments.yaml'])).toEqual({
      model_deployments: [
        {
          name: 'local/alpha',
          model_name: 'acme/alpha',
          client_spec: {
            class_name: 'helm.clients.openai_client.OpenAIClient',
            args: { base_url: 'http://127.0.0.1:9/v1', openai_model_name: 'org/alpha' },
          },
        },
      ],
    });
    expect(job.spec.template.spec.containers[0].args.join(' ')).toContain('--local-path /etc/eval-factory-local');

    const suiteFile = join(dir, 'mini.yml');
    writeFileSync(
      suiteFile,
      `suite: mini
targets:
  - api_endpoint: {url: 'http://127.0.0.1:9/v1', model_id: org/alpha, type: chat}
evaluation:
  params: {limit_samples: 2}
  tasks:
    - name: pubmed_qa
      params: {extra: {data_path: '${join(dir, 'data', 'pubmed_qa')}'}}
`,
    );
    const yaml = await runCli([
      'run_suite',
      '--suite_config',
      suiteFile,
      '--output_dir',
      join(dir, 'k8s-yaml'),
      '--executor',
      'kubernetes',
      '--dry_run',
    ]);
    expect(yaml.stderr).not.toMatch(/^\s+at /m);
    expect(yaml.code).toBe(0);
    const [map, yamlJob] = parseAllDocuments(yaml.stdout).map((d) => d.toJS() as any);
    expect(map.data['suite-mini.yml']).toBe(readFileSync(suiteFile, 'utf8'));
    expect(yamlJob.spec.template.spec.containers[0].args.join(' ')).toContain(
      '--suite_config /etc/eval-factory/suite-mini.yml',
    );
    expect(existsSync(join(dir, 'k8s-yaml'))).toBe(false);
  }, 180_000);
});
