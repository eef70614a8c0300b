/**
 * Hands a planned suite to a cluster's own scheduler (docs/scale.md): Slurm (sbatch, a job array and a merge job)
 * or Kubernetes (an Indexed Job). `--dry_run` prints what would be submitted and writes nothing; Kubernetes writes
 * the manifest and applies it only with `--submit`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { EXIT, UserError } from '@eval-factory/errors';
import { makeDirSync, writeFileAtomic } from '@eval-factory/files';
import { deploymentsForPods, readHelmCredentials, readHelmDeployments, type UnitsPlan } from '@eval-factory/suite';
import { flagList, type RunSuiteArgs } from '../suite-job-args.js';
import { juryFilesForPods } from './jury-files.js';
import { CONF_DIR, kubernetesManifest, kubernetesObjects, type SuiteFiles } from './kubernetes.js';
import { MODEL_CONFIG_FILES, type Evaluation } from '@eval-factory/types';
import { slurmScripts } from './slurm.js';
import { checkClusterValues } from './script-values.js';
import { passedEnvNames } from './task-command.js';
import { headerVariables } from '../header-variables.js';

const run = promisify(execFile);
const confList = (args: RunSuiteArgs) => flagList(args['conf-paths']).map((p) => resolve(p));

/**
 * What a cluster submission refuses before anything is written (docs/scale.md): a value that cannot go into a
 * script or manifest as it is (script-values.ts), and a Kubernetes Job whose pods need a key while no --secret says
 * where it is (every pod would start, fail to authenticate and be retried for nothing). Returns every job's own
 * model key variable (a suite YAML target names its own), which the cluster tasks are given with the others.
 */
export function checkSubmission(args: RunSuiteArgs, resolved: ReadonlyMap<unknown, Evaluation> | null): string[] {
  const keyNames = [
    ...new Set(
      [...(resolved?.values() ?? [])].flatMap((e) => [
        ...(e.target.api_endpoint.api_key_name ? [e.target.api_endpoint.api_key_name] : []),
        ...headerVariables(e).map((h) => h.variable),
      ]),
    ),
  ];
  const executor = args.executor ?? 'local';
  if (args.unit !== undefined || executor === 'local') return keyNames;
  checkClusterValues(args, [
    ...flagList(args['pass-env']).map((n) => ['--pass-env', n] as const),
    ...(args.api_key_name ? [['--api_key_name', args.api_key_name] as const] : []),
    ...keyNames.map((n) => ['api_key_name', n] as const),
  ]);
  const needed = passedEnvNames(args, process.env, keyNames);
  if (executor === 'kubernetes' && !args.secret && needed.length > 0)
    throw new UserError(
      'EF_CLUSTER_SECRET',
      `the Job's pods need ${needed.join(', ')} and no --secret names the Secret that holds ${needed.length > 1 ? 'them' : 'it'}`,
      `Create one (kubectl create secret generic NAME --from-literal=${needed[0]}=…) and pass --secret NAME (docs/scale.md).`,
    );
  return keyNames;
}

export async function submitToCluster(
  executor: 'slurm' | 'kubernetes',
  plan: UnitsPlan,
  args: RunSuiteArgs,
  suiteDir: string,
  keyNames: readonly string[] = [],
): Promise<number> {
  if (plan.units.length === 0)
    throw new UserError(
      'EF_SUITE_UNITS',
      'the suite has no unit to run',
      'Check --conf-paths and --models-to-run (docs/scale.md).',
    );
  return executor === 'slurm'
    ? submitSlurm(plan, args, suiteDir, keyNames)
    : submitKubernetes(plan, args, suiteDir, keyNames);
}

async function submitSlurm(
  plan: UnitsPlan,
  args: RunSuiteArgs,
  suiteDir: string,
  keyNames: readonly string[],
): Promise<number> {
  const files = slurmScripts(plan, args, suiteDir, resolve(args.output_dir), confList(args).join(','), keyNames);
  if (args.dry_run) {
    process.stdout.write(
      `# ${files.arrayFile}\n${files.arrayScript}\n# ${files.mergeFile}\n${files.mergeScript}\n# would run:\nsbatch --parsable ${files.arrayFile}\nsbatch --parsable --dependency=afterany:<array job id> ${files.mergeFile}\n`,
    );
    return EXIT.ok;
  }
  makeDirSync(join(suiteDir, 'slurm'));
  await writeFileAtomic(files.arrayFile, files.arrayScript);
  await writeFileAtomic(files.mergeFile, files.mergeScript);
  const arrayId = await sbatch([files.arrayFile]);
  const mergeId = await sbatch([`--dependency=afterany:${arrayId}`, files.mergeFile]);
  process.stdout.write(
    `submitted Slurm array job ${arrayId} (${plan.units.length} units) and merge job ${mergeId}\nprogress: eval-factory status ${suiteDir}   (logs: ${join(suiteDir, 'slurm')})\n`,
  );
  return EXIT.ok;
}

async function sbatch(argv: readonly string[]): Promise<string> {
  try {
    // sbatch retries a missing or unreachable controller for a minute; give it two.
    const r = await run('sbatch', ['--parsable', ...argv], { timeout: 120_000 });
    return r.stdout.trim().split(';')[0]!;
  } catch (error) {
    const e = error as { code?: string; stderr?: string; message: string };
    const why = e.code === 'ENOENT' ? 'sbatch is not on PATH' : (e.stderr || e.message).trim().split('\n')[0];
    throw new UserError(
      'EF_CLUSTER_SUBMIT',
      `sbatch failed: ${why}`,
      'Run on a Slurm login node, or pass --dry_run to print the scripts (docs/scale.md).',
    );
  }
}

async function submitKubernetes(
  plan: UnitsPlan,
  args: RunSuiteArgs,
  suiteDir: string,
  keyNames: readonly string[],
): Promise<number> {
  const read = confList(args).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const { confs, files } = juryFilesForPods(read, CONF_DIR);
  const manifest = kubernetesManifest(
    kubernetesObjects(plan, args, confs, { ...suiteFiles(args), keyNames, podFiles: files }),
  );
  if (args.dry_run) {
    process.stdout.write(manifest);
    return EXIT.ok;
  }
  const file = join(suiteDir, 'kubernetes', 'job.yaml');
  makeDirSync(join(suiteDir, 'kubernetes'));
  await writeFileAtomic(file, manifest);
  if (!args.submit) {
    process.stdout.write(`wrote ${file} (${plan.units.length} units); apply it with: kubectl apply -f ${file}\n`);
    return EXIT.ok;
  }
  try {
    const r = await run('kubectl', ['apply', '-f', file], { timeout: 120_000 });
    process.stdout.write(`${r.stdout.trim()}\n`);
  } catch (error) {
    const e = error as { code?: string; stderr?: string; message: string };
    const why = e.code === 'ENOENT' ? 'kubectl is not on PATH' : (e.stderr || e.message).trim().split('\n')[0];
    throw new UserError(
      'EF_CLUSTER_SUBMIT',
      `kubectl apply failed: ${why}`,
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
function suiteFiles(args: RunSuiteArgs): SuiteFiles {
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
