/**
 * What a HELM team's prod_env gives a `--conf-paths` suite beyond the models' URLs (docs/reproduce-medhelm.md):
 * the keys of `credentials.conf` and the jury. Each job gets names only (`api_key_name`, the judges' URLs and key
 * variables); a key read from credentials.conf is set in run_suite's own environment under `EF_HELM_KEY_<deployment>`
 * (unless that variable is already set: the environment wins), so no config, script or manifest holds it, and a
 * cluster task, given the same --local-path, reads the file where it runs.
 */
import { resolve } from 'node:path';
import { UserError } from '@eval-factory/errors';
import {
  endpointsFor,
  helmApiKey,
  helmJury,
  helmKeyVariable,
  MEDHELM_JUDGES,
  readHelmCredentials,
  readHelmDeployments,
  readJudgesFile,
  rosterSettings,
  type JudgeSettings,
  type JudgesSource,
  type LocalDeployment,
  type SuiteJob,
} from '@eval-factory/suite';

export interface HelmEnvInput {
  readonly localPath?: string;
  /** `--judges FILE`: for every judged job without its own jury_config_path. */
  readonly judgesFile?: string;
  /** The explicit `--api_key_name`: its variable, when set, wins over credentials.conf. */
  readonly apiKeyName?: string;
  /** The benchmarks scored by judges (framework.yml). */
  readonly judged: ReadonlySet<string>;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * Each job on its prod_env deployment, as helm-run picks it: the entry's `model_deployment` when prod_env has it for
 * that model, else the model's first deployment (a model with none is EF_SUITE_MODELS, every one named).
 */
export function onLocalDeployments(jobs: readonly SuiteJob[], models: readonly string[], dir: string): SuiteJob[] {
  const all = readHelmDeployments(dir, readHelmCredentials(dir));
  const first = new Map<string, LocalDeployment>();
  for (const d of all) if (!first.has(d.model)) first.set(d.model, d);
  endpointsFor(models, new Map([...first].map(([m, d]) => [m, d.endpoint])), dir);
  return jobs.map((j) => {
    const d = all.find((x) => x.name === j.deployment && x.model === j.model) ?? first.get(j.model)!;
    return { ...j, endpoint: d.endpoint, deployment: d.name };
  });
}

/** The jobs with their keys' variable names and their jury; the keys themselves put in `o.env`. */
export function withHelmEnv(jobs: readonly SuiteJob[], o: HelmEnvInput): SuiteJob[] {
  const credentials = o.localPath ? readHelmCredentials(o.localPath) : { file: '', values: {} };
  const deployments = o.localPath ? readHelmDeployments(o.localPath, credentials) : [];
  const given = o.judgesFile ? readJudgesFile(o.judgesFile, '--judges') : null;
  const keys = new Map<string, string>();
  const sources = new Map<string, JudgesSource>();
  const out = jobs.map((job) => {
    const { jury_config_path, ...extra } = job.extra;
    let next: SuiteJob = jury_config_path === undefined ? job : { ...job, extra };
    const deployment = deployments.find((d) => d.name === job.deployment && d.model === job.model);
    // The deployment's own variable, set here or by the user (a pod given it through a Secret), or the file's key.
    const variable = deployment ? helmKeyVariable(deployment.name) : '';
    const key = deployment ? helmApiKey(credentials, deployment.name) : undefined;
    if ((key !== undefined || o.env[variable]) && !(o.apiKeyName && o.env[o.apiKeyName])) {
      if (key !== undefined) keys.set(variable, key);
      next = { ...next, apiKeyName: variable };
    }
    if (!o.judged.has(job.benchmark)) return next;
    const path = jury_config_path === undefined ? null : resolve(String(jury_config_path));
    const source = path
      ? (sources.get(path) ?? sources.set(path, readJudgesFile(path, `${job.entry}: jury_config_path`)).get(path)!)
      : given;
    const jury = juryOf(job, source, o, deployments, credentials);
    if (jury === null) return next;
    for (const [name, value] of jury.keys) keys.set(name, value);
    return { ...next, judges: jury.settings };
  });
  for (const [name, value] of keys) if (!o.env[name]) o.env[name] = value;
  return out;
}

function juryOf(
  job: SuiteJob,
  source: JudgesSource | null,
  o: HelmEnvInput,
  deployments: ReturnType<typeof readHelmDeployments>,
  credentials: ReturnType<typeof readHelmCredentials>,
): { settings: JudgeSettings; keys: ReadonlyMap<string, string> } | null {
  if (source?.kind === 'roster') return { settings: rosterSettings(source.roster), keys: new Map() };
  // Without a judges file or a prod_env, the built-in judge endpoints (framework.yml) score, as for run_eval.
  if (!o.localPath) {
    if (source === null) return null;
    throw new UserError(
      'EF_JUDGE_CONFIG',
      `${job.entry}: ${source.file} names judge deployments (HELM's format), which only --local-path's model_deployments.yaml can resolve`,
      'Give --local-path prod_env with those deployments, or write the judges as a roster (judges: {gpt: {url, model_id}}); docs/reproduce-medhelm.md#judges.',
    );
  }
  // HELM's default jury from a prod_env that has none of its deployments: helm-run would use its packaged ones;
  // here the built-in endpoints play that part. A prod_env with some of them is refused (EF_JUDGE_CONFIG) instead.
  if (source === null && !MEDHELM_JUDGES.some((j) => deployments.some((d) => d.name === j.model_deployment)))
    return null;
  const judges = source?.judges ?? MEDHELM_JUDGES;
  const from = source ? source.file : "HELM's medhelm/judges.yaml";
  return helmJury(judges, from, deployments, credentials, o.env);
}
