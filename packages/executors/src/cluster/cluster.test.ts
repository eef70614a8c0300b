/**
 * What `run_suite --executor slurm|kubernetes` writes (docs/scale.md). The Kubernetes objects are validated against
 * the batch/v1 Job and v1 ConfigMap schemas of the `kubernetes-models` package (validators compiled with ajv from
 * Kubernetes' own OpenAPI definitions), not a hand-written copy.
 */
import { describe, expect, it } from '@jest/globals';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { parseAllDocuments } from 'yaml';
import type { UnitsPlan } from '@eval-factory/suite';
import type { RunSuiteArgs } from '@eval-factory/suite';
import { kubernetesManifest, kubernetesObjects } from '../kubernetes/kubernetes.js';
import { passedEnvNames } from './task-command.js';
import { slurmScripts } from '../slurm/slurm.js';

const plan: UnitsPlan = {
  suite: 'MedHELM v1',
  max_instances_per_unit: 250,
  units: Array.from({ length: 5 }, (_, index) => ({
    index,
    model: 'org/a',
    job: 'pubmed_qa',
    job_dir: 'org_a/pubmed_qa',
    dir: `org_a/pubmed_qa/units/${index}-of-5`,
    shard: { index, count: 5 },
    instances: 200,
  })),
};
const SECRET_VALUE = 'sk-live-0123456789abcdef';
const args: RunSuiteArgs = {
  'conf-paths': '/confs/run_entries.conf',
  'models-to-run': 'org/a',
  suite: 'MedHELM v1',
  output_dir: '/shared/results',
  model_url: 'https://api.example.invalid/v1',
  model_type: 'chat',
  api_key_name: 'OPENAI_API_KEY',
  'pass-env': 'GPT_JUDGE_API_KEY',
  'max-instances-per-unit': 250,
  'max-parallel-units': 2,
  cache: 'redis://redis.internal:6379/1',
  account: 'medai',
  partition: 'cpu',
  time: '04:00:00',
  'cpus-per-task': 2,
  pvc: 'ef-results',
  image: 'registry.example.invalid/eval-factory:1.0',
  secret: 'ef-keys',
};

describe('Kubernetes Indexed Job', () => {
  process.env.OPENAI_API_KEY = SECRET_VALUE;
  const objects = kubernetesObjects(plan, args, [
    {
      path: '/confs/run_entries.conf',
      text: 'entries: [\n  {description: "pubmed_qa:model=org/a", priority: 1},\n]\n',
    },
  ]);

  it('is a valid batch/v1 Job and v1 ConfigMap (kubernetes-models schemas)', () => {
    expect(() => new Job(objects.job as never).validate()).not.toThrow();
    expect(() => new ConfigMap(objects.configMap as never).validate()).not.toThrow();
  });

  it('the validator does reject a broken Job (so the check above can fail)', () => {
    const broken = JSON.parse(JSON.stringify(objects.job)) as {
      spec: { completions: unknown; template: { spec: { containers: { name?: string }[] } } };
    };
    broken.spec.completions = '5';
    delete broken.spec.template.spec.containers[0]!.name;
    expect(() => new Job(broken as never).validate()).toThrow(/completions must be integer/);
  });

  it('Indexed: completions = units, parallelism = --max-parallel-units, the unit from JOB_COMPLETION_INDEX, a PVC for the outputs', () => {
    const job = objects.job as any;
    expect(job.spec).toMatchObject({ completionMode: 'Indexed', completions: 5, parallelism: 2 });
    const pod = job.spec.template.spec;
    expect(pod.restartPolicy).toBe('Never');
    const c = pod.containers[0];
    expect(c.args.slice(-2)).toEqual(['--unit', '$(JOB_COMPLETION_INDEX)']);
    expect(c.args).toEqual(
      expect.arrayContaining([
        'run_suite',
        '--output_dir',
        '/results',
        '--units-plan',
        '/etc/eval-factory/units.json',
        '--cache',
        'redis://redis.internal:6379/1',
      ]),
    );
    expect(c.args.join(' ')).toContain('--conf-paths /etc/eval-factory/0-run_entries.conf');
    expect(pod.volumes).toEqual(
      expect.arrayContaining([{ name: 'results', persistentVolumeClaim: { claimName: 'ef-results' } }]),
    );
    expect(c.volumeMounts).toEqual(expect.arrayContaining([{ name: 'results', mountPath: '/results' }]));
    expect(job.metadata.name).toBe('ef-medhelm-v1');
  });

  it('secrets by name only (secretKeyRef), never a value', () => {
    const env = (objects.job as any).spec.template.spec.containers[0].env;
    expect(env).toEqual([
      { name: 'OPENAI_API_KEY', valueFrom: { secretKeyRef: { name: 'ef-keys', key: 'OPENAI_API_KEY' } } },
      { name: 'GPT_JUDGE_API_KEY', valueFrom: { secretKeyRef: { name: 'ef-keys', key: 'GPT_JUDGE_API_KEY' } } },
    ]);
    const manifest = kubernetesManifest(objects);
    expect(manifest).not.toContain(SECRET_VALUE);
    const docs = parseAllDocuments(manifest).map((d) => d.toJS() as { kind: string });
    expect(docs.map((d) => d.kind)).toEqual(['ConfigMap', 'Job']);
    expect(JSON.parse((docs[0] as any).data['units.json'])).toEqual(plan);
  });
});

describe("27.11 every job's own key variable (a suite YAML target's api_key_name) reaches the pods", () => {
  it('from the Secret by name, with the --pass-env ones', () => {
    const yamlJobs = { ...args, api_key_name: undefined };
    const objects = kubernetesObjects(plan, yamlJobs, [], { keyNames: ['TARGET_KEY'] });
    expect((objects.job as any).spec.template.spec.containers[0].env.map((e: { name: string }) => e.name)).toEqual([
      'TARGET_KEY',
      'GPT_JUDGE_API_KEY',
    ]);
  });
});

describe('Kubernetes Indexed Job: a suite YAML and a --local-path folder carried in the ConfigMap', () => {
  const yamlArgs: RunSuiteArgs = {
    ...args,
    'conf-paths': undefined,
    model_url: undefined,
    suite_config: '/home/me/suites/medhelm mini.yml',
    'local-path': '/home/me/prod_env',
  };
  const suiteYaml = 'suite: medhelm-mini\ntargets: []\n';
  const deployments = 'model_deployments:\n  - name: host/a\n    model_name: org/a\n';
  const objects = kubernetesObjects(plan, yamlArgs, [], {
    suiteConfig: { path: '/home/me/suites/medhelm mini.yml', text: suiteYaml },
    localFiles: [{ name: 'model_deployments.yaml', text: deployments }],
  });
  const pod = (objects.job as any).spec.template.spec;
  const c = pod.containers[0];

  it('is still a valid batch/v1 Job and v1 ConfigMap (kubernetes-models schemas)', () => {
    expect(() => new Job(objects.job as never).validate()).not.toThrow();
    expect(() => new ConfigMap(objects.configMap as never).validate()).not.toThrow();
  });

  it('the files are in the ConfigMap and the arguments point at where the pods mount them', () => {
    const data = (objects.configMap as any).data;
    expect(data['suite-medhelm_mini.yml']).toBe(suiteYaml);
    expect(data['local-model_deployments.yaml']).toBe(deployments);
    const argLine = c.args.join(' ');
    expect(argLine).toContain('--suite_config /etc/eval-factory/suite-medhelm_mini.yml');
    expect(argLine).toContain('--local-path /etc/eval-factory-local');
    expect(argLine).not.toContain('/home/me');
    expect(argLine).not.toContain('--conf-paths');
    expect(c.volumeMounts).toEqual(
      expect.arrayContaining([{ name: 'local-path', mountPath: '/etc/eval-factory-local', readOnly: true }]),
    );
    // Mounted under its own name, as HELM's prod_env has it.
    expect(pod.volumes).toEqual(
      expect.arrayContaining([
        {
          name: 'local-path',
          configMap: {
            name: 'ef-medhelm-v1-suite',
            items: [{ key: 'local-model_deployments.yaml', path: 'model_deployments.yaml' }],
          },
        },
      ]),
    );
  });
});

describe('Slurm job array', () => {
  const files = slurmScripts(plan, args, '/shared/results/MedHELM_v1', '/shared/results', '/confs/run_entries.conf');
  it('an array of one task per unit, at most --max-parallel-units at once, each running its unit', () => {
    expect(files.arrayScript).toContain('#SBATCH --array=0-4%2');
    expect(files.arrayScript).toMatch(/ run_suite .*--unit "\$SLURM_ARRAY_TASK_ID"$/m);
    expect(files.arrayScript).toContain("--suite 'MedHELM v1'");
    expect(files.arrayScript).toContain('--output_dir /shared/results ');
    for (const line of [
      '#SBATCH --account=medai',
      '#SBATCH --partition=cpu',
      '#SBATCH --time=04:00:00',
      '#SBATCH --cpus-per-task=2',
    ])
      expect(files.arrayScript).toContain(line);
  });
  it('passes environment variables by name, never their values', () => {
    process.env.OPENAI_API_KEY = SECRET_VALUE;
    expect(files.arrayScript).toContain('#SBATCH --export=PATH,HOME,OPENAI_API_KEY,GPT_JUDGE_API_KEY');
    expect(files.arrayScript + files.mergeScript).not.toContain(SECRET_VALUE);
  });
  it('a merge script for after the array', () => {
    expect(files.mergeScript).toMatch(/ merge \/shared\/results\/MedHELM_v1$/m);
    expect(files.arrayFile).toBe('/shared/results/MedHELM_v1/slurm/run_suite.sbatch');
  });
  it('the merge job groups the leaderboard as run_suite was told (--schema, a file by absolute path)', () => {
    const withSchema = slurmScripts(
      plan,
      { ...args, schema: '/confs/schema_medhelm.yaml' },
      '/shared/results/MedHELM_v1',
      '/shared/results',
      '/confs/run_entries.conf',
    );
    expect(withSchema.mergeScript).toMatch(
      / merge \/shared\/results\/MedHELM_v1 --schema \/confs\/schema_medhelm\.yaml$/m,
    );
  });
});

describe('passedEnvNames (what Slurm exports and Kubernetes takes from the Secret)', () => {
  const args = { api_key_name: 'OPENAI_API_KEY', 'pass-env': ' GPT_JUDGE_API_KEY, ,OPENAI_API_KEY' } as RunSuiteArgs;
  it('the key, --pass-env once each, and the Redis password only with a shared cache and a password set', () => {
    expect(passedEnvNames(args, {})).toEqual(['OPENAI_API_KEY', 'GPT_JUDGE_API_KEY']);
    expect(passedEnvNames({ ...args, cache: 'redis://h:6379' }, { REDISCLI_AUTH: 'x' })).toEqual([
      'OPENAI_API_KEY',
      'GPT_JUDGE_API_KEY',
      'REDISCLI_AUTH',
    ]);
    expect(passedEnvNames(args, { REDISCLI_AUTH: 'x' })).not.toContain('REDISCLI_AUTH');
  });
});
