/**
 * Builds the plain data behind judges.yaml (docs/configuration.md#judges). Credentials are bound to the judge's ROLE:
 * the env-var name comes from `extra.<role>_judge_api_key`, never from a model name (docs/configuration.md#judges).
 */
import { UserError } from '@eval-factory/errors';
import { checkEnvVarName } from './auth.js';
import type { CodedMessage, Evaluation, JudgeAuth, JudgeConfig, JudgeEntry, ProviderName } from '@eval-factory/types';
import { providerByName } from './providers.js';
import { isNvcfBackedHost, parseHttpUrl, resolveEndpointUrl } from './url.js';

/** Judges are called in this order (docs/configuration.md#judges); other roles follow in config order. */
const ROLE_ORDER = ['gpt', 'llama', 'claude'];

/**
 * Enabled judges of `config.params.extra.judges`, in calling order (`[]` when none), plus URL warnings.
 * @example buildJudges(evaluation).judges.map((j) => j.role) // ['gpt', 'llama', 'claude']
 */
export function buildJudges(evaluation: Evaluation): {
  judges: readonly JudgeEntry[];
  warnings: readonly CodedMessage[];
} {
  const extra = evaluation.config.params?.extra ?? {};
  const configured = extra.judges ?? {};
  const roles = Object.keys(configured).sort((a, b) => rank(a) - rank(b));
  const warnings: CodedMessage[] = [];
  const judges = roles
    .filter((role) => configured[role] !== null && configured[role]?.enabled !== false)
    .map((role) => buildJudge(role, configured[role] as JudgeConfig, extra[`${role}_judge_api_key`], warnings));
  return { judges, warnings };
}

function rank(role: string): number {
  const i = ROLE_ORDER.indexOf(role);
  return i === -1 ? ROLE_ORDER.length : i;
}

function buildJudge(role: string, judge: JudgeConfig, keyName: unknown, warnings: CodedMessage[]): JudgeEntry {
  const field = `config.params.extra.judges.${role}`;
  if (!judge.url || !judge.model_id) {
    throw new UserError(
      'EF_JUDGE_CONFIG',
      `${field} is enabled but lacks url or model_id`,
      `Set ${field}.url and ${field}.model_id, or enabled: false.`,
    );
  }
  const provider = providerByName(judge.provider ?? 'openai_compatible');
  const urls = judgeUrls(judge.url, provider.protocol, `${field}.url`, warnings);
  const envName = typeof keyName === 'string' && keyName !== '' ? keyName : `${role.toUpperCase()}_JUDGE_API_KEY`;
  return {
    role,
    provider: provider.name,
    ...urls,
    model_id: judge.model_id,
    auth: judgeAuth(judge, provider.name, checkEnvVarName(envName, `config.params.extra.${role}_judge_api_key`), field),
    auth_header: judge.auth_header ?? null,
    max_tokens: judge.max_tokens ?? 4096,
    temperature: judge.temperature ?? 0,
  };
}

/** Anthropic-messages judges POST to the URL as written (docs/configuration.md#judges); the others follow §8. */
function judgeUrls(
  url: string,
  protocol: string,
  field: string,
  warnings: CodedMessage[],
): Pick<JudgeEntry, 'base_url' | 'request_url' | 'nvcf_backed'> {
  if (protocol === 'anthropic_messages') {
    const parsed = parseHttpUrl(url, field);
    return { base_url: null, request_url: url.trim(), nvcf_backed: isNvcfBackedHost(parsed.hostname) };
  }
  const resolved = resolveEndpointUrl(url, 'chat', { useNvcf: protocol === 'nvcf', field });
  warnings.push(...resolved.warnings);
  return { base_url: resolved.base_url, request_url: resolved.request_url, nvcf_backed: resolved.nvcf_backed };
}

function judgeAuth(judge: JudgeConfig, provider: ProviderName, env: string, field: string): JudgeAuth {
  const service = judge.oauth_service ?? (provider === 'nvidia_anthropic' ? 'anthropic' : 'openai');
  const scope = judge.oauth_scope ?? null;
  const byKind: Readonly<Record<string, JudgeAuth>> = {
    auto: { kind: 'auto', env, service, scope },
    api_key: { kind: 'api_key', env },
    api_key_if_set: { kind: 'api_key_if_set', env },
    oauth: { kind: 'oauth', service, scope },
    none: { kind: 'none' },
  };
  const kind = judge.auth ?? 'auto';
  const auth = byKind[kind];
  if (auth) return auth;
  throw new UserError(
    'EF_JUDGE_CONFIG',
    `${field}.auth has unknown value '${kind}'`,
    'Use one of: auto, api_key, api_key_if_set, oauth, none.',
  );
}
