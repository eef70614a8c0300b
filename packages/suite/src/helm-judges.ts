/**
 * The jury of a HELM-dialect suite (docs/reproduce-medhelm.md#judges). helm-run reads MedHELM's judges from a judges
 * file (its packaged `medhelm/judges.yaml`, or a run entry's `jury_config_path=…`): each judge a `name`, a `model`
 * and a `model_deployment` looked up in prod_env's model_deployments.yaml. `run_suite --judges FILE` takes that
 * format too, or the `judges:` mapping of a run_config (role → url, model_id, …) for judges outside any prod_env.
 * Either becomes `config.params.extra` settings of each judged job: names only, the keys stay in the environment.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { UserError } from '@eval-factory/errors';
import { helmApiKey, helmKeyVariable, type HelmCredentials } from './helm-credentials.js';
import type { LocalDeployment } from './local-path.js';

/** One judge of a HELM judges file. */
export interface HelmJudge {
  readonly name: string;
  readonly model: string;
  readonly model_deployment: string;
}

/** HELM's own `src/helm/benchmark/scenarios/medhelm/judges.yaml`: what helm-run uses without jury_config_path. */
export const MEDHELM_JUDGES: readonly HelmJudge[] = [
  { name: 'gpt', model: 'openai/gpt-4o-2024-05-13', model_deployment: 'stanfordhealthcare/gpt-4o-2024-05-13' },
  {
    name: 'llama',
    model: 'meta/llama-3.3-70b-instruct',
    model_deployment: 'stanfordhealthcare/llama-3.3-70b-instruct',
  },
  {
    name: 'claude',
    model: 'anthropic/claude-3-7-sonnet-20250219',
    model_deployment: 'stanfordhealthcare/claude-3-7-sonnet-20250219',
  },
];

/** The roles framework.yml's judged tasks carry by default: a jury that omits one switches it off. */
const DEFAULT_ROLES = ['gpt', 'llama', 'claude'];

/** A judges file as read: HELM's list of deployments, or a run_config roster (role → settings). */
export type JudgesSource =
  | { readonly kind: 'helm'; readonly file: string; readonly judges: readonly HelmJudge[] }
  | { readonly kind: 'roster'; readonly file: string; readonly roster: Readonly<Record<string, unknown>> };

/** `config.params.extra` paths → values for one job (`judges.gpt.url`, `gpt_judge_api_key`, …). */
export type JudgeSettings = Readonly<Record<string, string | number | boolean>>;

const HINT =
  'Write the judges file as HELM does (judges: [{name, model, model_deployment}]) or as a run_config roster (judges: {gpt: {url, model_id}}); docs/reproduce-medhelm.md#judges.';
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (file: string, what: string) => new UserError('EF_JUDGE_CONFIG', `${file}: ${what}`, HINT);

/** A judges file in either shape; `via` names where it was given (`--judges`, a run entry's jury_config_path). */
export function readJudgesFile(file: string, via: string): JudgesSource {
  if (!existsSync(file))
    throw new UserError('EF_JUDGE_CONFIG', `${via}: judges file not found: ${file}`, 'Check the path.');
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw bad(file, `not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  const judges = isObj(doc) ? doc.judges : undefined;
  if (isObj(judges) && Object.keys(judges).length > 0) return { kind: 'roster', file, roster: judges };
  if (!Array.isArray(judges) || judges.length === 0) throw bad(file, 'no `judges:` list or mapping');
  const list = judges.map((j, i) => {
    const ok = isObj(j) && ['name', 'model', 'model_deployment'].every((k) => typeof j[k] === 'string' && j[k] !== '');
    if (!ok) throw bad(file, `judge ${i + 1} needs name, model and model_deployment`);
    return j as unknown as HelmJudge;
  });
  return { kind: 'helm', file, judges: list };
}

/** A run_config roster as settings: each role's fields as written, the default roles it omits switched off. */
export function rosterSettings(roster: Readonly<Record<string, unknown>>): JudgeSettings {
  const out: Record<string, string | number | boolean> = {};
  for (const role of DEFAULT_ROLES) if (!(role in roster)) out[`judges.${role}.enabled`] = false;
  for (const [role, fields] of Object.entries(roster)) {
    if (!isObj(fields)) continue;
    for (const [k, v] of Object.entries(fields))
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[`judges.${role}.${k}`] = v;
  }
  return out;
}

export interface HelmJury {
  readonly settings: JudgeSettings;
  /** Variables to set in run_suite's environment: the keys credentials.conf gives (names → values). */
  readonly keys: ReadonlyMap<string, string>;
}

/**
 * HELM judges resolved as helm-run does: each `model_deployment` in prod_env's deployments, its key by
 * `provide_api_key`. The role's own variable (`GPT_JUDGE_API_KEY`) wins when it is set; a judge whose server wants
 * no key gets none. A deployment prod_env lacks is EF_JUDGE_CONFIG, before anything is sent.
 */
export function helmJury(
  judges: readonly HelmJudge[],
  from: string,
  deployments: readonly LocalDeployment[],
  credentials: HelmCredentials,
  env: NodeJS.ProcessEnv,
): HelmJury {
  const settings: Record<string, string | number | boolean> = {};
  const keys = new Map<string, string>();
  for (const role of DEFAULT_ROLES)
    if (!judges.some((j) => j.name === role)) settings[`judges.${role}.enabled`] = false;
  for (const j of judges) {
    const d = deployments.find((x) => x.name === j.model_deployment);
    if (!d)
      throw new UserError(
        'EF_JUDGE_CONFIG',
        `judge ${j.name} (${from}): no deployment ${j.model_deployment} with a base_url in --local-path's model_deployments.yaml`,
        `Add ${j.model_deployment} to prod_env/model_deployments.yaml, or give --judges FILE (docs/reproduce-medhelm.md#judges).`,
      );
    const own = `${j.name.toUpperCase()}_JUDGE_API_KEY`;
    const key = helmApiKey(credentials, d.name);
    const theirs = helmKeyVariable(d.name);
    const variable = env[own] || (key === undefined && !env[theirs]) ? own : theirs;
    if (variable === theirs && key !== undefined) keys.set(variable, key);
    Object.assign(settings, {
      [`judges.${j.name}.enabled`]: true,
      [`judges.${j.name}.provider`]: 'openai_compatible',
      [`judges.${j.name}.url`]: d.endpoint.url,
      [`judges.${j.name}.model_id`]: d.endpoint.model_id,
      [`judges.${j.name}.auth`]: 'api_key_if_set',
      [`${j.name}_judge_api_key`]: variable,
    });
  }
  return { settings, keys };
}
