/**
 * `run_suite --local-path DIR` (HELM's `prod_env` convention): the models of `--models-to-run` are looked up in
 * `DIR/model_deployments.yaml`, HELM's own format. An OpenAI-compatible deployment (`client_spec.class_name` one of
 * HELM's OpenAI clients, or any class with a `base_url`) gives the endpoint each model's jobs are sent to.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { UserError } from '@eval-factory/errors';
import { HELM_OPENAI_CLIENTS, MODEL_CONFIG_FILES } from '@eval-factory/types';
import { helmBaseUrl, type HelmCredentials } from './helm-credentials.js';

export interface LocalEndpoint {
  readonly url: string;
  /** The id the server knows the model by (`openai_model_name`, else the model name's part after its first `/`). */
  readonly model_id: string;
  readonly type: 'chat' | 'completions';
}

const HINT =
  'Give each model a deployment with client_spec.args.base_url (docs/reproduce-medhelm.md#your-own-models-with---local-path).';
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One deployment of `model_deployments.yaml` that names an HTTP endpoint. */
export interface LocalDeployment {
  /** The deployment's `name` (`stanfordhealthcare/gpt-4o-2024-05-13`): judges files and credentials.conf use it. */
  readonly name: string;
  /** Its `model_name` (`openai/gpt-4o-2024-05-13`). */
  readonly model: string;
  readonly endpoint: LocalEndpoint;
}

/**
 * Every deployment of `dir/model_deployments.yaml` with an HTTP endpoint, in file order: `client_spec.args.base_url`,
 * else credentials.conf's `<host_organization>BaseUrl` (helm-run gives the client that one when args have none).
 */
export function readHelmDeployments(dir: string, credentials?: HelmCredentials): LocalDeployment[] {
  const file = join(dir, MODEL_CONFIG_FILES.deployments);
  if (!existsSync(file)) throw new UserError('EF_SUITE_MODELS', `--local-path: ${file} does not exist`, HINT);
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'), { maxAliasCount: 100 });
  } catch (error) {
    throw new UserError(
      'EF_SUITE_MODELS',
      `${file}: not valid YAML (${(error as Error).message.split('\n')[0]})`,
      HINT,
    );
  }
  const list = isObj(doc) ? doc.model_deployments : undefined;
  if (!Array.isArray(list)) throw new UserError('EF_SUITE_MODELS', `${file}: no model_deployments list`, HINT);
  const out: LocalDeployment[] = [];
  for (const d of list) {
    if (!isObj(d) || !isObj(d.client_spec)) continue;
    const args = isObj(d.client_spec.args) ? d.client_spec.args : {};
    const model = typeof d.model_name === 'string' ? d.model_name : typeof d.name === 'string' ? d.name : null;
    if (model === null) continue;
    const name = typeof d.name === 'string' ? d.name : model;
    const url =
      typeof args.base_url === 'string' ? args.base_url : credentials ? helmBaseUrl(credentials, name) : undefined;
    if (url === undefined || !/^https?:\/\//.test(url)) continue;
    const endpoint: LocalEndpoint = {
      url,
      model_id: typeof args.openai_model_name === 'string' ? args.openai_model_name : modelEngine(model),
      type: d.client_spec.class_name === HELM_OPENAI_CLIENTS.completions ? 'completions' : 'chat',
    };
    out.push({ name, model, endpoint });
  }
  return out;
}

/**
 * The name HELM's OpenAIClient sends when a deployment has no `openai_model_name`: the request's `model_engine`, the
 * model name's second segment (`openai/gpt-4o` → `gpt-4o`). A name without `/` (HELM fails on it) is sent whole.
 */
const modelEngine = (model: string): string => model.split('/')[1] || model;

/**
 * model name → endpoint, for the deployments of `dir/model_deployments.yaml` that name an HTTP endpoint.
 * @example readLocalDeployments('prod_env').get('acme/model-a') // { url: 'http://…/v1', model_id: 'model-a', type: 'chat' }
 */
export function readLocalDeployments(dir: string, credentials?: HelmCredentials): ReadonlyMap<string, LocalEndpoint> {
  const out = new Map<string, LocalEndpoint>();
  // HELM takes the first deployment of a model too.
  for (const d of readHelmDeployments(dir, credentials)) if (!out.has(d.model)) out.set(d.model, d.endpoint);
  return out;
}

/** The endpoint of each model to run; every model without one is named in one error. */
export function endpointsFor(
  models: readonly string[],
  deployments: ReadonlyMap<string, LocalEndpoint>,
  dir: string,
): ReadonlyMap<string, LocalEndpoint> {
  const missing = models.filter((m) => !deployments.has(m));
  if (missing.length > 0) {
    throw new UserError(
      'EF_SUITE_MODELS',
      `--local-path ${dir}: no deployment with a base_url for ${missing.join(', ')} (have: ${[...deployments.keys()].join(', ') || 'none'})`,
      HINT,
    );
  }
  return new Map(models.map((m) => [m, deployments.get(m)!]));
}

/**
 * The deployments as the pods of a cluster run need them (`run_suite --executor kubernetes` carries them in a
 * ConfigMap, which anyone who may read the namespace can read): rewritten from what `readHelmDeployments` reads —
 * each deployment's name (run names and judges files name it), model, `base_url` (credentials.conf's
 * `<org>BaseUrl` written in when the file's args have none: the pods get no credentials.conf), `openai_model_name`
 * and client class — so nothing else of the file (an `api_key` in `client_spec.args`, a token) leaves this
 * machine. Read back, it gives the same deployments.
 */
export function deploymentsForPods(deployments: readonly LocalDeployment[]): string {
  const model_deployments = deployments.map(({ name, model, endpoint: e }) => ({
    name,
    model_name: model,
    client_spec: {
      class_name: HELM_OPENAI_CLIENTS[e.type],
      args: { base_url: e.url, openai_model_name: e.model_id },
    },
  }));
  return stringify({ model_deployments });
}
