/**
 * What a cluster submission writes into its scripts and manifest from the flags (docs/scale.md): a value that could
 * become a script line is refused; the rest is written so that bash (and Kubernetes) read back exactly the value.
 * The scripts are checked with the real bash: `bash -n`, and the task line run with its command replaced by
 * `printf`, so the words bash would pass are compared with the values given.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { UserError } from '@eval-factory/errors';
import { folderName, type UnitsPlan } from '@eval-factory/suite';
import type { RunSuiteArgs } from '@eval-factory/suite';
import { kubernetesObjects } from '../kubernetes/kubernetes.js';
import { slurmScripts } from '../slurm/slurm.js';
import { checkKubernetes } from '../kubernetes/submit.js';
import { checkSubmission } from './submit.js';

const plan: UnitsPlan = {
  suite: 's',
  max_instances_per_unit: null,
  units: [
    {
      index: 0,
      model: 'org/a',
      job: 'pubmed_qa',
      job_dir: 'org_a/pubmed_qa',
      dir: 'org_a/pubmed_qa',
      shard: null,
      instances: null,
    },
  ],
};
const base: RunSuiteArgs = {
  'conf-paths': '/confs/entries.conf',
  'models-to-run': 'org/a',
  suite: 'medhelm',
  output_dir: '/shared/results',
  model_url: 'http://gw.example.invalid/v1',
  api_key_name: 'GW_KEY',
  secret: 'ef-keys',
};

/** `keyNames`: the jobs' own key variables (what run_suite's pre-flight hands over). */
const check = (executor: 'slurm' | 'kubernetes', args: RunSuiteArgs, keyNames: readonly string[]) =>
  executor === 'kubernetes'
    ? checkKubernetes({ ...args, executor }, keyNames)
    : checkSubmission({ ...args, executor }, keyNames);

const codeOf = (f: () => void): string | null => {
  try {
    f();
    return null;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return error.code;
  }
};

describe('27.1 values that would become a script line are refused before anything is written', () => {
  const injected = 'x\ntouch /tmp/ef-pwned';
  it.each([
    ['--suite', { suite: injected }],
    ['--account', { account: injected }],
    ['--partition', { partition: injected }],
    ['--time', { time: '04:00:00\rrm -rf ~' }],
    ['--output_dir', { output_dir: `/shared/${injected}` }],
    ['--pass-env', { 'pass-env': `HF_HOME,${injected}` }],
    ['--model_url', { model_url: 'http://h/v1\u2028x' }],
    ['--suite (an escape sequence)', { suite: 'a\u001b]0;title\u0007' }],
  ])('%s', (_, hostile) => {
    expect(codeOf(() => check('slurm', { ...base, ...hostile }, []))).toBe('EF_CLUSTER_VALUE');
    expect(codeOf(() => check('kubernetes', { ...base, ...hostile }, []))).toBe('EF_CLUSTER_VALUE');
  });
  it.each(['ALL', 'NONE', 'X=1', 'A B', '1X', 'HF_HOME,ALL'])('--pass-env %j: variable names only', (names) => {
    expect(codeOf(() => check('slurm', { ...base, 'pass-env': names }, []))).toBe('EF_CLUSTER_VALUE');
  });
  it('a job key variable that is not a name (a suite YAML target) is refused too', () => {
    expect(codeOf(() => check('slurm', base, ['KEY;id']))).toBe('EF_CLUSTER_VALUE');
  });
  it.each([
    ['--account', { account: 'med ai' }],
    ['--partition', { partition: 'cpu#x' }],
    ['--time', { time: '$(id)' }],
    ['--namespace', { namespace: 'Team_A' }],
    ['--secret', { secret: 'keys/../x' }],
    ['--pvc', { pvc: 'X' }],
  ])('%s: not a name the cluster takes', (_, hostile) => {
    expect(codeOf(() => check('kubernetes', { ...base, ...hostile }, []))).toBe('EF_CLUSTER_VALUE');
  });
  it('ordinary values pass', () => {
    const ok = { ...base, account: 'med-ai', partition: 'cpu,gpu', time: '1-00:00:00', 'pass-env': 'HF_HOME, EF_X' };
    expect(codeOf(() => check('slurm', ok, ['OTHER_KEY']))).toBeNull();
  });
});

describe('27.1 a Slurm script carries printable hostile values as data', () => {
  // Allowed (no control character), but each would break an unquoted line: spaces, quotes, $(…), `…`, #, ;, %.
  const hostile = `/tmp/r e"s'u$(touch x)\`id\`#;%j`;
  const args: RunSuiteArgs = { ...base, suite: `My "suite" $(id) #1`, output_dir: hostile, 'pass-env': 'HF_HOME' };
  const suiteDir = `${hostile}/${folderName(args.suite)}`;
  const files = slurmScripts(plan, args, suiteDir, hostile, '/confs/entries.conf', ['TARGET_KEY']);

  it('bash parses both scripts', () => {
    for (const script of [files.arrayScript, files.mergeScript])
      expect(() => execFileSync('bash', ['-n'], { input: script })).not.toThrow();
  });

  it('one line per part: no value adds a line, and the job name is the suite folder name', () => {
    const lines = files.arrayScript.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('#SBATCH'))).toEqual([
      '#SBATCH --job-name=ef-My_suite_id_1',
      `#SBATCH --output="${suiteDir.replace(/%/g, '%%').replace(/[\\"]/g, '\\$&')}/slurm/unit-%a.log"`,
      '#SBATCH --export=PATH,HOME,GW_KEY,TARGET_KEY,HF_HOME',
      '#SBATCH --array=0-0%1',
    ]);
    expect(lines.filter((l) => !l.startsWith('#'))).toEqual(['set -euo pipefail', expect.stringMatching(/^exec /)]);
  });

  it('bash passes every value to the task exactly as given', () => {
    const exec = files.arrayScript.split('\n').find((l) => l.startsWith('exec '))!;
    // The command replaced by printf: the words bash would pass, one per line of output.
    const words = exec.replace(/^exec \S+ \S+ /, '').replace('"$SLURM_ARRAY_TASK_ID"', '7');
    const out = execFileSync('bash', ['-c', `printf '%s\\0' ${words}`])
      .toString()
      .split('\0')
      .slice(0, -1);
    expect(out[out.indexOf('--suite') + 1]).toBe(args.suite);
    expect(out[out.indexOf('--output_dir') + 1]).toBe(hostile);
    expect(out.slice(-2)).toEqual(['--unit', '7']);
  });
});

/**
 * Kubernetes' own rule for `$(VAR)` in a container's args (k8s.io/kubernetes third_party/forked/golang/expansion):
 * `$$` is a `$`, `$(NAME)` of a variable in the container's env is its value, anything else stays as written.
 */
function kubernetesExpand(arg: string, env: Record<string, string>): string {
  return arg.replace(/\$\$|\$\(([^)]*)\)/g, (m, name: string | undefined) =>
    m === '$$' ? '$' : name !== undefined && name in env ? env[name]! : m,
  );
}

describe("27.1 Kubernetes: a `$` in the container's arguments never takes a value from the pod's env", () => {
  const args: RunSuiteArgs = { ...base, suite: 'x', model_url: 'http://h/$(GW_KEY)/v1', cache: 'redis://h:6379' };
  const job = kubernetesObjects(plan, args, [{ path: '/confs/entries.conf', text: '' }]).job as any;
  const container = job.spec.template.spec.containers[0];
  const podEnv = { GW_KEY: 'sk-from-the-secret', JOB_COMPLETION_INDEX: '3' };
  const expanded = container.args.map((a: string) => kubernetesExpand(a, podEnv));

  it('the model URL reaches the pod as written; the unit index is the one variable filled in', () => {
    expect(expanded[expanded.indexOf('--model_url') + 1]).toBe('http://h/$(GW_KEY)/v1');
    expect(expanded.join(' ')).not.toContain('sk-from-the-secret');
    expect(expanded.slice(-2)).toEqual(['--unit', '3']);
  });
});

describe('27.1 Kubernetes object names and labels from any suite name are valid', () => {
  const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
  it.each(['$(id) ../.. "x"', 'Ä'.repeat(80), '---', 'a'.repeat(300)])('%s', (suite) => {
    const { configMap, job } = kubernetesObjects(plan, { ...base, suite }, [{ path: '/c/e.conf', text: '' }]) as any;
    for (const name of [job.metadata.name, configMap.metadata.name, job.metadata.labels['eval-factory/suite']])
      expect(name).toMatch(DNS_LABEL);
    expect(Object.keys(configMap.data).every((k) => /^[-._a-zA-Z0-9]{1,253}$/.test(k))).toBe(true);
  });
});

describe("a suite YAML target's header ${VAR} references reach the cluster tasks by name", () => {
  it('a Kubernetes Job needing them without --secret is refused, naming them', () => {
    const keyNames = ['TARGET_KEY', 'ORG_KEY', 'GATEWAY_TOKEN'];
    const attempt = () => check('kubernetes', { ...base, api_key_name: undefined, secret: undefined }, keyNames);
    expect(attempt).toThrow(/TARGET_KEY, ORG_KEY, GATEWAY_TOKEN/);
  });
});
