/**
 * `run_suite --executor kubernetes` (docs/scale.md): the manifest written, and applied with kubectl only with
 * `--submit`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXIT, UserError } from '@eval-factory/errors';
import { asOutputError, makeOutputDirSync, SUITE_DIR_HINT, writeFileAtomic } from '@eval-factory/files';
import { deploymentsForPods, readHelmCredentials, readHelmDeployments } from '@eval-factory/suite';
import { MODEL_CONFIG_FILES } from '@eval-factory/types';
import type { SuiteSubmission } from '../executor.js';
import { checkSubmission, confList, run, toolFailure, unitsToSubmit } from '../cluster/submit.js';
import { passedEnvNames } from '../cluster/task-command.js';
import type { KubernetesArgs } from './flags.js';
import { juryFilesForPods } from './jury-files.js';
import { CONF_DIR, kubernetesManifest, kubernetesObjects, type SuiteFiles } from './kubernetes.js';

/**
 * The cluster checks, and a Job whose pods need a key while no --secret says where it is (every pod would start,
 * fail to authenticate and be retried for nothing).
 */
export function checkKubernetes(args: KubernetesArgs, keyNames: readonly string[]): void {
  checkSubmission(args, keyNames);
  const needed = passedEnvNames(args, process.env, keyNames);
  if (!args.secret && needed.length > 0)
    throw new UserError(
      'EF_CLUSTER_SECRET',
      `the Job's pods need ${needed.join(', ')} and no --secret names the Secret that holds ${needed.length > 1 ? 'them' : 'it'}`,
      `Create one (kubectl create secret generic NAME --from-literal=${needed[0]}=…) and pass --secret NAME (docs/scale.md).`,
    );
}

async function manifestOf(suite: SuiteSubmission): Promise<{ manifest: string; units: number }> {
  const plan = await unitsToSubmit(suite);
  const args = suite.args as KubernetesArgs;
  const read = confList(args).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const { confs, files } = juryFilesForPods(read, CONF_DIR);
  const manifest = kubernetesManifest(
    kubernetesObjects(plan, args, confs, { ...suiteFiles(args), keyNames: suite.keyNames, podFiles: files }),
  );
  return { manifest, units: plan.units.length };
}

/** `--dry_run`: the manifest, printed; nothing written. */
export async function planKubernetes(suite: SuiteSubmission): Promise<number> {
  process.stdout.write((await manifestOf(suite)).manifest);
  return EXIT.ok;
}

export async function submitKubernetes(suite: SuiteSubmission): Promise<number> {
  const { manifest, units } = await manifestOf(suite);
  const file = join(suite.suiteDir, 'kubernetes', 'job.yaml');
  makeOutputDirSync(join(suite.suiteDir, 'kubernetes'), SUITE_DIR_HINT);
  await asOutputError(file, SUITE_DIR_HINT, () => writeFileAtomic(file, manifest, SUITE_DIR_HINT));
  if (!(suite.args as KubernetesArgs).submit) {
    process.stdout.write(`wrote ${file} (${units} units); apply it with: kubectl apply -f ${file}\n`);
    return EXIT.ok;
  }
  try {
    const r = await run('kubectl', ['apply', '-f', file], { timeout: 120_000 });
    process.stdout.write(`${r.stdout.trim()}\n`);
  } catch (error) {
    throw new UserError(
      'EF_CLUSTER_SUBMIT',
      `kubectl apply failed: ${toolFailure(error, 'kubectl')}`,
      `The manifest is in ${file}; apply it where kubectl reaches the cluster (docs/scale.md).`,
    );
  }
  return EXIT.ok;
}

/**
 * The suite YAML, the `--judges` file and the `--local-path` deployments file, read here so the Job's pods get them
 * from its ConfigMap (they share no filesystem with this machine except the results volume). Paths inside the
 * suite YAML (data_path) must be valid inside the pods (docs/scale.md).
 */
function suiteFiles(args: KubernetesArgs): SuiteFiles {
  const local = args['local-path'] ? resolve(args['local-path']) : undefined;
  const judges = args.judges ? resolve(args.judges) : undefined;
  return {
    ...(judges ? { judgesFile: { path: judges, text: readFileSync(judges, 'utf8') } } : {}),
    ...(args.suite_config
      ? { suiteConfig: { path: resolve(args.suite_config), text: readFileSync(resolve(args.suite_config), 'utf8') } }
      : {}),
    // Rewritten with only what the pods read (never an api_key of the user's file): a ConfigMap is not a Secret.
    ...(local
      ? {
          localFiles: [
            {
              name: MODEL_CONFIG_FILES.deployments,
              // credentials.conf's <org>BaseUrl written in as base_url: the pods get no credentials.conf.
              text: deploymentsForPods(readHelmDeployments(local, readHelmCredentials(local))),
            },
          ],
        }
      : {}),
  };
}
