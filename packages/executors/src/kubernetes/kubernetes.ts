/**
 * `run_suite --executor kubernetes` (docs/scale.md): a ConfigMap with the run-entries files (or the suite YAML), the
 * `--local-path` deployments and the units plan, and
 * a `batch/v1` Job with `completionMode: Indexed` — `completions` = the number of units, `parallelism` = how many run
 * at once — whose pod k runs `run_suite … --unit $(JOB_COMPLETION_INDEX)` into a shared volume claim. The API key
 * and any --pass-env variable come from a Secret by name (`secretKeyRef`): no value is ever in the manifest.
 */
import { basename } from 'node:path';
import { stringify } from 'yaml';
import { UNITS_PLAN, type UnitsPlan } from '@eval-factory/suite';
import { k8sLiteral } from '../cluster/script-values.js';
import type { KubernetesArgs } from './flags.js';
import { passedEnvNames, taskArguments } from '../cluster/task-command.js';

export const CONF_DIR = '/etc/eval-factory';
/** `--local-path`'s files (HELM's prod_env), mounted under their own names. */
const LOCAL_DIR = '/etc/eval-factory-local';
const RESULTS = '/results';

/** What else the pods read besides run-entries files: a suite YAML, the files of a `--local-path` folder. */
export interface SuiteFiles {
  readonly suiteConfig?: { readonly path: string; readonly text: string };
  /** `--local-path` files by name (`model_deployments.yaml`); never credentials (keys come from the Secret). */
  readonly localFiles?: readonly { readonly name: string; readonly text: string }[];
  /** Every job's model key variable (a suite YAML target's own included): the pods get each from the Secret. */
  readonly keyNames?: readonly string[];
  /** `--judges FILE`: carried, and the task's flag pointed at the copy. */
  readonly judgesFile?: { readonly path: string; readonly text: string };
  /** More files under CONF_DIR by key (the run entries' jury_config_path files, which the confs now name there). */
  readonly podFiles?: readonly { readonly key: string; readonly text: string }[];
}

/** A ConfigMap key: `[-._a-zA-Z0-9]`, at most 253 characters. */
const keyOf = (prefix: string, path: string) =>
  `${prefix}-${basename(path).replace(/[^A-Za-z0-9._-]/g, '_')}`.slice(0, 253);

/** A Kubernetes object name: lower-case letters, digits and '-', at most 63 characters. */
function k8sName(text: string): string {
  return `ef-${text.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}`.slice(0, 52).replace(/-+$/, '');
}

export function kubernetesObjects(
  plan: UnitsPlan,
  args: KubernetesArgs,
  confs: readonly { path: string; text: string }[],
  more: SuiteFiles = {},
): { configMap: Record<string, unknown>; job: Record<string, unknown> } {
  const name = k8sName(args.suite);
  const namespace = args.namespace ? { namespace: args.namespace } : {};
  const confKeys = confs.map((c, i) => keyOf(String(i), c.path));
  const suiteKey = more.suiteConfig ? keyOf('suite', more.suiteConfig.path) : null;
  const local = (more.localFiles ?? []).map((f) => ({ ...f, key: keyOf('local', f.name) }));
  const judgesKey = more.judgesFile ? keyOf('judges', more.judgesFile.path) : null;
  const configMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `${name}-suite`, ...namespace },
    data: {
      ...Object.fromEntries(confs.map((c, i) => [confKeys[i], c.text])),
      ...(suiteKey ? { [suiteKey]: more.suiteConfig!.text } : {}),
      ...Object.fromEntries(local.map((f) => [f.key, f.text])),
      ...(judgesKey ? { [judgesKey]: more.judgesFile!.text } : {}),
      ...Object.fromEntries((more.podFiles ?? []).map((f) => [f.key, f.text])),
      [UNITS_PLAN]: `${JSON.stringify(plan, null, 2)}\n`,
    },
  };
  const secretNames = passedEnvNames(args, process.env, more.keyNames);
  const secret = args.secret ?? `${name}-keys`;
  const task = taskArguments(args, {
    confPaths: confKeys.map((k) => `${CONF_DIR}/${k}`).join(','),
    outputDir: RESULTS,
    ...(suiteKey ? { suiteConfig: `${CONF_DIR}/${suiteKey}` } : {}),
    ...(local.length ? { localPath: LOCAL_DIR } : {}),
    ...(judgesKey ? { judges: `${CONF_DIR}/${judgesKey}` } : {}),
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
              // Written `$$`, a `$` reaches the pod as is; only the unit index is Kubernetes' to fill in.
              args: [
                ...[...task, '--units-plan', `${CONF_DIR}/${UNITS_PLAN}`].map(k8sLiteral),
                '--unit',
                '$(JOB_COMPLETION_INDEX)',
              ],
              env: secretNames.map((n) => ({ name: n, valueFrom: { secretKeyRef: { name: secret, key: n } } })),
              ...(args['cpus-per-task'] ? { resources: { requests: { cpu: String(args['cpus-per-task']) } } } : {}),
              volumeMounts: [
                { name: 'results', mountPath: RESULTS },
                { name: 'suite', mountPath: CONF_DIR, readOnly: true },
                ...(local.length ? [{ name: 'local-path', mountPath: LOCAL_DIR, readOnly: true }] : []),
              ],
            },
          ],
          volumes: [
            { name: 'results', persistentVolumeClaim: { claimName: args.pvc ?? `${name}-results` } },
            { name: 'suite', configMap: { name: `${name}-suite` } },
            // The same ConfigMap, only the --local-path files, under their own names (HELM's prod_env layout).
            ...(local.length
              ? [
                  {
                    name: 'local-path',
                    configMap: { name: `${name}-suite`, items: local.map((f) => ({ key: f.key, path: f.name })) },
                  },
                ]
              : []),
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
