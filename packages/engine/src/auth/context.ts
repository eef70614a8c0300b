import { registerSecret } from '@eval-factory/errors';
import { CredentialsFile } from './credentials-file.js';
import { OAuthTokenSource } from './oauth-source.js';
import type { ClientCredentials, TokenRequestOptions } from './oauth-token-request.js';
import { TokenStore } from './oauth-token-store.js';
import { currentPlatform, repositoryRoots, type PlatformInfo } from './paths.js';

/**
 * Everything credential resolution needs for one run: the environment, the credentials file (read lazily), the
 * OAuth clients of the run (one per token URL, client id and scope) and the log. This module and its siblings are
 * the only code that reads secret values.
 */
export interface AuthContext {
  readonly env: NodeJS.ProcessEnv;
  readonly file: CredentialsFile;
  log(message: string): void;
  warn(code: string, message: string): void;
  /** The shared OAuth client for these credentials (created on first use). */
  oauthSource(service: string, credentials: ClientCredentials): OAuthTokenSource;
  /** Roles whose OPENAI_API_KEY fallback line was printed (printed once per role). */
  readonly announced: Set<string>;
}

export interface AuthContextOptions {
  readonly outputDir: string;
  log(message: string): void;
  warn(code: string, message: string): void;
  /** Tests: another environment, home folder or platform. */
  readonly platform?: PlatformInfo;
  /** Tests: token request timing and transport. */
  readonly tokenRequest?: TokenRequestOptions;
  readonly now?: () => number;
}

export function createAuthContext(o: AuthContextOptions): AuthContext {
  const p = o.platform ?? currentPlatform();
  const forbidden = [
    { dir: o.outputDir, what: 'the output folder' },
    ...repositoryRoots(p).map((dir) => ({ dir, what: 'a git repository' })),
  ];
  const sources = new Map<string, OAuthTokenSource>();
  let store: TokenStore | null = null;
  return {
    env: p.env,
    file: CredentialsFile.locate(p, forbidden),
    log: o.log,
    warn: o.warn,
    announced: new Set(),
    oauthSource(service, c) {
      const key = JSON.stringify([c.tokenUrl, c.clientId, c.scope]);
      let source = sources.get(key);
      if (!source) {
        store ??= TokenStore.create(p, o.outputDir, o.warn);
        source = new OAuthTokenSource(service, c, {
          store,
          ...(o.tokenRequest ? { request: o.tokenRequest } : {}),
          ...(o.now ? { now: o.now } : {}),
        });
        sources.set(key, source);
      }
      return source;
    },
  };
}

/**
 * A non-empty environment variable, registered with the redactor unless it is a plain setting (a URL, a scope);
 * the environment always wins over the credentials file (§7.3).
 */
export function envValue(ctx: Pick<AuthContext, 'env'>, name: string, secret = true): string | undefined {
  const value = ctx.env[name];
  if (value === undefined || value === '') return undefined;
  if (secret) registerSecret(value);
  return value;
}

/** `name` from the environment, else from the credentials file. */
export function lookupSecret(
  ctx: Pick<AuthContext, 'env' | 'file'>,
  name: string,
  secret = true,
): { value: string; from: 'env' | 'file' } | undefined {
  const env = envValue(ctx, name, secret);
  if (env !== undefined) return { value: env, from: 'env' };
  const file = ctx.file.get(name);
  return file === undefined ? undefined : { value: file, from: 'file' };
}
