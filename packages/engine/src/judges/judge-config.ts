import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { UserError } from '@eval-factory/errors';
import {
  MODEL_CONFIG_FILES,
  PROVIDER_NAMES,
  type JudgeAuth,
  type JudgeEntry,
  type ProviderName,
} from '@eval-factory/types';

/** One entry of `model_configs/judges.yaml` (written by model-configs; names only, never values). */
export type JudgeConfig = JudgeEntry;
/** HELM always asks these three, in this order (docs/configuration.md#judges). */
export const HELM_ROLES = ['gpt', 'llama', 'claude'] as const;
const isProvider = (name: string): name is ProviderName => (PROVIDER_NAMES as readonly string[]).includes(name);

const HINT =
  'configure the judges in config.params.extra.judges (docs/configuration.md#judges) and run through `eval-factory run_eval`, which writes model_configs/judges.yaml';

function bad(file: string, what: string): never {
  throw new UserError('EF_JUDGE_CONFIG', `${file}: ${what}`, HINT);
}

const str = (v: unknown): v is string => typeof v === 'string' && v !== '';

function readAuth(file: string, role: string, a: Record<string, unknown> | undefined): JudgeAuth {
  const scope = str(a?.scope) ? a.scope : null;
  const service = str(a?.service) ? a.service : 'openai';
  switch (a?.kind) {
    case 'auto':
      if (!str(a.env)) bad(file, `judge ${role}: auth kind auto needs env (the key variable's name)`);
      return { kind: 'auto', env: a.env, service, scope };
    case 'api_key':
    case 'api_key_if_set':
      if (!str(a.env)) bad(file, `judge ${role}: auth kind ${a.kind} needs env (the key variable's name)`);
      return { kind: a.kind, env: a.env };
    case 'oauth':
    case 'oauth_client_credentials':
      return { kind: 'oauth', service, scope };
    case 'none':
      return { kind: 'none' };
    default:
      return bad(
        file,
        `judge ${role}: unknown auth kind ${JSON.stringify(a?.kind)} (auto, api_key, api_key_if_set, oauth, none)`,
      );
  }
}

function readJudge(file: string, raw: unknown): JudgeConfig {
  const j = (raw ?? {}) as Record<string, unknown>;
  const role = str(j.role) ? j.role : bad(file, 'a judge has no role');
  if (!str(j.request_url) || !str(j.model_id)) bad(file, `judge ${role} lacks request_url or model_id`);
  const provider = str(j.provider) ? j.provider : 'openai_compatible';
  if (!isProvider(provider)) bad(file, `judge ${role}: unknown provider ${provider} (${PROVIDER_NAMES.join(', ')})`);
  return {
    role,
    provider,
    base_url: str(j.base_url) ? j.base_url : null,
    request_url: j.request_url,
    model_id: j.model_id,
    auth: readAuth(file, role, j.auth as Record<string, unknown> | undefined),
    auth_header: str(j.auth_header) ? j.auth_header : null,
    max_tokens: typeof j.max_tokens === 'number' && j.max_tokens > 0 ? j.max_tokens : 4096,
    temperature: typeof j.temperature === 'number' ? j.temperature : 0,
    nvcf_backed: j.nvcf_backed === true,
  };
}

/**
 * The enabled judges of `<dir>/judges.yaml` in calling order (gpt, llama, claude, then any other role in file
 * order). A judged benchmark without the file, or with no judge in it, is a configuration error.
 */
export function readJudgesConfig(dir: string, benchmark: string): JudgeConfig[] {
  const file = join(dir, MODEL_CONFIG_FILES.judges);
  if (!existsSync(file))
    throw new UserError('EF_JUDGE_CONFIG', `${benchmark} is scored by LLM judges but ${file} does not exist`, HINT);
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    bad(file, `cannot be read: ${(error as Error).message}`);
  }
  const list = (doc as { judges?: unknown } | null)?.judges;
  if (!Array.isArray(list) || list.length === 0) bad(file, 'no judge is configured');
  const judges = list.map((raw) => readJudge(file, raw));
  const seen = new Set<string>();
  for (const j of judges) {
    if (seen.has(j.role)) bad(file, `judge ${j.role} is listed twice`);
    seen.add(j.role);
  }
  const rank = (role: string) => {
    const i = (HELM_ROLES as readonly string[]).indexOf(role);
    return i === -1 ? HELM_ROLES.length : i;
  };
  return judges
    .map((j, i) => ({ j, i }))
    .sort((a, b) => rank(a.j.role) - rank(b.j.role) || a.i - b.i)
    .map(({ j }) => j);
}

/** HELM's jury is exactly gpt, llama and claude; anything else changes the metric (§2). */
export function isHelmJury(judges: readonly JudgeConfig[]): boolean {
  return judges.length === HELM_ROLES.length && HELM_ROLES.every((role, i) => judges[i]?.role === role);
}
