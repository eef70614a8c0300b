/**
 * `run_suite --executor kubernetes` (docs/scale.md): a ConfigMap with the run-entries files and the units plan, and
 * a `batch/v1` Job with `completionMode: Indexed` — `completions` = the number of units, `parallelism` = how many run
 * at once — whose pod k runs `run_suite … --unit $(JOB_COMPLETION_INDEX)` into a shared volume claim. The API key
 * and any --pass-env variable come from a Secret by name (`secretKeyRef`): no value is ever in the manifest.
 */
import { basename } from 'node:path';
import { stringify } from 'yaml';
import { UNITS_PLAN, type UnitsPlan } from '@eval-factory/suite';
import type { RunSuiteArgs } from '../suite-job-args.js';
import { taskArguments } from './task-command.js';

const CONF_DIR = '/etc/eval-factory';
const RESULTS = '/results';

/** A Kubernetes object name: lower-case letters, digits and '-', at most 63 characters. */
export function k8sName(text: string): string {
  return `ef-${text.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}`.slice(0, 52).replace(/-+$/, '');
}

export function kubernetesObjects(
  plan: UnitsPlan,
  args: RunSuiteArgs,
  confs: readonly { path: string; text: string }[],
): { configMap: Record<string, unknown>; job: Record<string, unknown> } {
  const name = k8sName(args.suite);
  const namespace = args.namespace ? { namespace: args.namespace } : {};
  const confKeys = confs.map((c, i) => `${i}-${basename(c.path).replace(/[^A-Za-z0-9._-]/g, '_')}`);
  const configMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `${name}-suite`, ...namespace },
    data: {
      ...Object.fromEntries(confs.map((c, i) => [confKeys[i], c.text])),
      [UNITS_PLAN]: `${JSON.stringify(plan, null, 2)}\n`,
    },
  };
  const secretNames = [
    ...(args.api_key_name ? [args.api_key_name] : []),
    ...(args['pass-env'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
  const secret = args.secret ?? `${name}-keys`;
  const task = taskArguments(args, {
    confPaths: confKeys.map((k) => `${CONF_DIR}/${k}`).join(','),
    outputDir: RESULTS,
  });
  const job = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, ...namespace, labels: { 'app.kubernetes.io/name': 'eval-factory', 'eval-factory/suite': name } },
    spec: {
      completionMode: 'Indexed',
      completions: plan.units.length,
      parallelism: Math.min(args['max-parallel-units'] ?? plan.units.length, plan.units.length),
      // A pod that fails is retried (it resumes from its unit's cache); the whole Job fails only after this many.
      backoffLimit: Math.max(6, plan.units.length),
      template: {
        metadata: { labels: { 'eval-factory/suite': name } },
        spec: {
          restartPolicy: 'Never',
          containers: [
            {
              name: 'eval-factory',
              image: args.image ?? 'eval-factory:latest',
              command: ['eval-factory'],
              args: [...task, '--units-plan', `${CONF_DIR}/${UNITS_PLAN}`, '--unit', '$(JOB_COMPLETION_INDEX)'],
              env: secretNames.map((n) => ({ name: n, valueFrom: { secretKeyRef: { name: secret, key: n } } })),
              ...(args['cpus-per-task'] ? { resources: { requests: { cpu: String(args['cpus-per-task']) } } } : {}),
              volumeMounts: [
                { name: 'results', mountPath: RESULTS },
                { name: 'suite', mountPath: CONF_DIR, readOnly: true },
              ],
            },
          ],
          volumes: [
            { name: 'results', persistentVolumeClaim: { claimName: args.pvc ?? `${name}-results` } },
            { name: 'suite', configMap: { name: `${name}-suite` } },
          ],
        },
      },
    },
  };
  return { configMap, job };
}

/** The two objects as one multi-document YAML file (what `kubectl apply -f` takes). */
export function kubernetesManifest(objects: {
  configMap: Record<string, unknown>;
  job: Record<string, unknown>;
}): string {
  return `# eval-factory suite as a Kubernetes Indexed Job (docs/scale.md)\n${stringify(objects.configMap)}---\n${stringify(objects.job)}`;
}
