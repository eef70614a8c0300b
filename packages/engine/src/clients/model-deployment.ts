import { join } from 'node:path';
import { registerHeaderSecrets, UserError } from '@eval-factory/errors';
import { readDeploymentsYaml } from '../parsed-files.js';
import {
  DEFAULT_REQUEST_SETTINGS,
  HELM_DEFAULT_TOKENIZER,
  HELM_OPENAI_CLIENTS,
  MODEL_CONFIG_FILES,
  PROVIDER_NAMES,
  type ModelDeployment,
  type ProviderName,
  type RequestSettings,
} from '@eval-factory/types';

export type { ModelDeployment, RequestSettings } from '@eval-factory/types';

/** The request settings of a deployment that sets none (also the judges'). */
export const DEFAULT_SETTINGS: RequestSettings = DEFAULT_REQUEST_SETTINGS;

/** A parsed YAML entry: each field is checked or defaulted as readModelDeployment reads it. */
// biome-ignore lint/suspicious/noExplicitAny: untrusted YAML, read field by field with checks.
type RawEntry = Record<string, any>;

/** Reads the deployment whose `model_name` equals the run entry's `model`. */
export function readModelDeployment(dir: string, model: string): ModelDeployment {
  const file = join(dir, MODEL_CONFIG_FILES.deployments);
  let doc: unknown;
  try {
    doc = readDeploymentsYaml(file);
  } catch (error) {
    throw new UserError(
      'EF_MODEL_CONFIGS',
      `cannot read ${file}: ${(error as Error).message}`,
      'run through `eval-factory run_eval`, which writes model_configs/, or pass --model-configs DIR',
    );
  }
  const list = (doc as { model_deployments?: unknown[] } | null)?.model_deployments;
  if (!Array.isArray(list))
    throw new UserError(
      'EF_MODEL_CONFIGS',
      `${file}: missing model_deployments list`,
      'regenerate it with `eval-factory run_eval`',
    );
  const found = list.find((d) => (d as { model_name?: string }).model_name === model) as RawEntry | undefined;
  if (!found) {
    const names = list.map((d) => (d as { model_name?: string }).model_name).join(', ');
    throw new UserError(
      'EF_MODEL_CONFIGS',
      `${file}: no deployment for model '${model}' (have: ${names})`,
      'the run entry model= must equal a deployment model_name',
    );
  }
  const settings = { ...DEFAULT_SETTINGS, ...stripNulls(found.request_settings ?? {}) } as RequestSettings;
  return {
    name: String(found.name),
    model_name: String(found.model_name),
    tokenizer_name: typeof found.tokenizer_name === 'string' ? found.tokenizer_name : HELM_DEFAULT_TOKENIZER,
    client_spec: {
      class_name: String(found.client_spec?.class_name ?? HELM_OPENAI_CLIENTS.chat),
      args: {
        base_url: typeof found.client_spec?.args?.base_url === 'string' ? found.client_spec.args.base_url : null,
        openai_model_name: String(found.client_spec?.args?.openai_model_name ?? found.model_name),
      },
    },
    provider: providerOf(file, found.provider),
    endpoint_type: found.endpoint_type === 'completions' ? 'completions' : 'chat',
    base_url: typeof found.base_url === 'string' ? found.base_url : null,
    request_url: String(found.request_url ?? found.base_url),
    auth:
      found.auth?.kind === 'api_key' && found.auth.env
        ? { kind: 'api_key', env: String(found.auth.env) }
        : { kind: 'none' },
    nvcf: {
      enabled: Boolean(found.nvcf?.enabled),
      backed: Boolean(found.nvcf?.backed ?? found.nvcf?.enabled),
      is_function: Boolean(found.nvcf?.is_function) || typeof found.base_url !== 'string',
      poll_seconds: Number(found.nvcf?.poll_seconds ?? 1800),
    },
    max_tokens_field: found.max_tokens_field === 'max_completion_tokens' ? 'max_completion_tokens' : 'max_tokens',
    request_settings: settings,
    headers: readHeaders(found.headers),
  };
}

/** String-valued headers only; a secret-looking value is registered so no log line or written answer shows it. */
function readHeaders(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object') return {};
  const headers = Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
  registerHeaderSecrets(headers);
  return headers;
}

function stripNulls(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
}

/** A deployment names one of the providers model-configs writes; anything else is a damaged file. */
function providerOf(file: string, value: unknown): ProviderName {
  const name = value ?? 'openai_compatible';
  if (PROVIDER_NAMES.includes(name as ProviderName)) return name as ProviderName;
  throw new UserError(
    'EF_MODEL_CONFIGS',
    `${file}: unknown provider ${JSON.stringify(name)} (${PROVIDER_NAMES.join(', ')})`,
    'regenerate it with `eval-factory run_eval`',
  );
}
