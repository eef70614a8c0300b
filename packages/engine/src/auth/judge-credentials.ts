import { describeSecret, UserError } from '@eval-factory/errors';
import type { JudgeAuth } from '@eval-factory/types';
import { envValue, lookupSecret, type AuthContext } from './context.js';
import { runLog } from '../output/run-log.js';

/** `auth` of one judges.yaml entry: the contract model-configs writes, shared through `@eval-factory/types`. */
export type JudgeAuthConfig = JudgeAuth;

/**
 * What a judge client sends as its credential. Bound to the judge's ROLE when the client is built (§8): nothing
 * here, or anywhere else, looks at a model name to choose a key.
 */
export interface Credential {
  readonly kind: 'api_key' | 'oauth' | 'none';
  /** Names only, for logs: `GPT_JUDGE_API_KEY`, `OAuth client credentials (service openai)`, `none`. */
  readonly source: string;
  /** The value to send; null = no credential header. OAuth tokens are renewed before they expire. */
  secret(): Promise<string | null>;
  /** Whether `refresh` can produce a different value (OAuth only). */
  readonly refreshable: boolean;
  /** After the server rejected `stale`: obtain a new value (OAuth); a no-op for fixed keys. */
  refresh(stale: string): Promise<void>;
}

export const DEFAULT_TOKEN_URL = 'https://prod.api.nvidia.com/oauth/api/v1/ssa/default/token';
/** §9: NVIDIA's module defaulted every service to the Anthropic scope; here each service has its own. */
export const DEFAULT_SCOPES: Readonly<Record<string, string>> = {
  openai: 'azureopenai-readwrite',
  anthropic: 'awsanthropic-readwrite',
};

const NONE: Credential = {
  kind: 'none',
  source: 'none',
  secret: async () => null,
  refreshable: false,
  refresh: async () => undefined,
};

function fixedKey(name: string, value: string): Credential {
  return {
    kind: 'api_key',
    source: name,
    secret: async () => value,
    refreshable: false,
    refresh: async () => undefined,
  };
}

/**
 * Resolves judge `role`'s credential by the chains of §7.2 (first hit wins):
 * - `api_key`: env N → env OPENAI_API_KEY (printing `N is not set, setting to OPENAI_API_KEY` once per role) →
 *   credentials-file N → `EF_JUDGE_AUTH_MISSING`;
 * - `oauth`: client credentials from env or the credentials file, else `EF_JUDGE_AUTH_MISSING`;
 * - `auto`: env N → OAuth when OPENAI_CLIENT_ID and OPENAI_CLIENT_SECRET are available → the `api_key` chain
 *   from its second step;
 * - `none`: no credential.
 */
export function resolveJudgeCredential(role: string, auth: JudgeAuthConfig, ctx: AuthContext): Credential {
  const credential = pick(role, auth, ctx);
  ctx.log(`judge ${role}: credential ${credential.source}`);
  // The line the troubleshooting greps find: which variable (or OAuth client) each judge uses, never its value.
  runLog.event(`judge key: ${role}`, credential.source);
  return credential;
}

function pick(role: string, auth: JudgeAuthConfig, ctx: AuthContext): Credential {
  switch (auth.kind) {
    case 'none':
      return NONE;
    case 'api_key': {
      const direct = envValue(ctx, auth.env);
      return direct !== undefined ? announceKey(auth.env, direct) : keyFallbacks(role, auth.env, ctx);
    }
    case 'api_key_if_set': {
      // A judge on a host of the user's choosing: its own key if one is set, never a fallback meant for another host.
      const direct = envValue(ctx, auth.env) ?? ctx.file.get(auth.env);
      return direct !== undefined
        ? announceKey(auth.env, direct)
        : { ...NONE, source: `none (${auth.env} is not set)` };
    }
    case 'oauth':
      return oauthCredential(role, auth.service, auth.scope, ctx, true) as Credential;
    case 'auto': {
      const direct = envValue(ctx, auth.env);
      if (direct !== undefined) return announceKey(auth.env, direct);
      return oauthCredential(role, auth.service, auth.scope, ctx, false) ?? keyFallbacks(role, auth.env, ctx);
    }
  }
}

function announceKey(name: string, value: string): Credential {
  return fixedKey(describeSecret(name, value), value);
}

/** Steps 2–4 of the api_key chain. */
function keyFallbacks(role: string, name: string, ctx: AuthContext): Credential {
  const openai = envValue(ctx, 'OPENAI_API_KEY');
  if (openai !== undefined) {
    if (!ctx.announced.has(role)) {
      ctx.announced.add(role);
      ctx.log(`${name} is not set, setting to OPENAI_API_KEY`);
    }
    return announceKey('OPENAI_API_KEY', openai);
  }
  const fromFile = ctx.file.get(name);
  if (fromFile !== undefined) return announceKey(`${name} (credentials file)`, fromFile);
  throw new UserError(
    'EF_JUDGE_AUTH_MISSING',
    `judge ${role}: no credential found: ${name} is not set, nor OPENAI_API_KEY, and ${ctx.file.path} has no ${name}`,
    `export ${name}=<the ${role} judge's key> (or add it to the credentials file), or set config.params.extra.judges.${role}.auth`,
  );
}

/** OAuth client credentials; null when not available and not `required`. */
function oauthCredential(
  role: string,
  service: string,
  judgeScope: string | null,
  ctx: AuthContext,
  required: boolean,
): Credential | null {
  const id = lookupSecret(ctx, 'OPENAI_CLIENT_ID');
  const secret = lookupSecret(ctx, 'OPENAI_CLIENT_SECRET');
  if (!id || !secret) {
    if (!required) return null;
    const missing = [!id && 'OPENAI_CLIENT_ID', !secret && 'OPENAI_CLIENT_SECRET'].filter(Boolean).join(' and ');
    throw new UserError(
      'EF_JUDGE_AUTH_MISSING',
      `judge ${role}: auth is oauth but ${missing} is not set (environment or ${ctx.file.path})`,
      'export OPENAI_CLIENT_ID and OPENAI_CLIENT_SECRET (or add them to the credentials file)',
    );
  }
  const scope = judgeScope ?? lookupSecret(ctx, 'OPENAI_SCOPE', false)?.value ?? DEFAULT_SCOPES[service];
  if (!scope) {
    throw new UserError(
      'EF_JUDGE_CONFIG',
      `judge ${role}: OAuth service '${service}' has no default scope`,
      `set config.params.extra.judges.${role}.oauth_scope or OPENAI_SCOPE (known services: ${Object.keys(DEFAULT_SCOPES).join(', ')})`,
    );
  }
  const tokenUrl = lookupSecret(ctx, 'OPENAI_TOKEN_URL', false)?.value ?? DEFAULT_TOKEN_URL;
  const source = ctx.oauthSource(service, { tokenUrl, clientId: id.value, clientSecret: secret.value, scope });
  return {
    kind: 'oauth',
    source: `OAuth client credentials (service ${service}, scope ${scope}, token URL ${tokenUrl})`,
    secret: () => source.accessToken(),
    refreshable: true,
    refresh: (stale) => source.refresh(stale),
  };
}
