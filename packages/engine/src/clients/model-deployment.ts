import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { UserError } from '@eval-factory/errors';

/** One entry of `model_configs/model_deployments.yaml` (docs/configuration.md), as the engine needs it. */
export interface ModelDeployment {
  readonly name: string;
  readonly model_name: string;
  readonly provider: string;
  readonly endpoint_type: 'chat' | 'completions';
  /** `null` for NVCF function URLs, which have no OpenAI-style base. */
  readonly base_url: string | null;
  readonly request_url: string;
  readonly auth: { readonly kind: 'none' } | { readonly kind: 'api_key'; readonly env: string };
  /** `backed`: NVCF serves the host (no retry of 504/timeouts); `is_function`: the pexec + polling protocol. */
  readonly nvcf: {
    readonly enabled: boolean;
    readonly backed: boolean;
    readonly is_function: boolean;
    readonly poll_seconds: number;
  };
  readonly max_tokens_field: 'max_tokens' | 'max_completion_tokens';
  readonly request_settings: RequestSettings;
}

export interface RequestSettings {
  readonly params_to_add: Readonly<Record<string, unknown>>;
  readonly params_to_remove: readonly string[];
  readonly params_to_rename: Readonly<Record<string, string>>;
  readonly use_system_prompt: boolean;
  readonly custom_system_prompt: string | null;
  readonly process_reasoning_traces: boolean;
  readonly start_reasoning_token: string;
  readonly end_reasoning_token: string;
  readonly use_caching: boolean;
  readonly caching_dir: string | null;
}

/** The request settings of a deployment that sets none (also the judges'). */
export const DEFAULT_SETTINGS: RequestSettings = {
  params_to_add: {},
  params_to_remove: [],
  params_to_rename: {},
  use_system_prompt: false,
  custom_system_prompt: null,
  process_reasoning_traces: false,
  start_reasoning_token: '<think>',
  end_reasoning_token: '</think>',
  use_caching: true,
  caching_dir: null,
};

/** Reads the deployment whose `model_name` equals the run entry's `model`. */
export function readModelDeployment(dir: string, model: string): ModelDeployment {
  const file = join(dir, 'model_deployments.yaml');
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'));
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
  const found = list.find((d) => (d as { model_name?: string }).model_name === model) as
    | Record<string, any>
    | undefined;
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
    provider: String(found.provider ?? 'openai_compatible'),
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
  };
}

function stripNulls(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
}
