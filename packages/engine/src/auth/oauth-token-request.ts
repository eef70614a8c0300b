import { registerSecret, UserError } from '@eval-factory/errors';

export interface ClientCredentials {
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scope: string;
}

/** A token as kept in memory and on disk (§9): times in seconds since the epoch. */
export interface StoredToken {
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_at: number;
  readonly obtained_at: number;
  readonly scope: string;
  readonly token_url: string;
  readonly client_id: string;
}

export interface TokenRequestOptions {
  readonly fetch?: typeof fetch;
  /** Per attempt (30 s by default). */
  readonly timeoutMs?: number;
  /** Base of the backoff between attempts after a 5xx, timeout or connection error (1 s by default). */
  readonly retryDelayMs?: number;
  readonly now?: () => number;
}

const ATTEMPTS = 3;
const HINT_CLIENT =
  'check OPENAI_CLIENT_ID and OPENAI_CLIENT_SECRET (and the scope: the judge oauth_scope or OPENAI_SCOPE)';
const HINT_REACH = 'check OPENAI_TOKEN_URL and the network; 5xx and timeouts are retried 3 times';

/** An error code the server put in its reply (`invalid_client`), kept only when it looks like a code, never free text. */
function errorCodeOf(text: string): string | null {
  try {
    const code = (JSON.parse(text) as { error?: unknown }).error;
    return typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}

/**
 * OAuth 2.0 client-credentials token request (§9): a form POST, 30 s per attempt. A 4xx is final
 * (`EF_OAUTH_FAILED` with the status and the reply's `error` code, never the secret); 5xx, timeouts and connection
 * errors are tried 3 times with backoff.
 */
export async function requestToken(c: ClientCredentials, o: TokenRequestOptions = {}): Promise<StoredToken> {
  const doFetch = o.fetch ?? fetch;
  const now = o.now ?? Date.now;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: c.clientId,
    client_secret: c.clientSecret,
    scope: c.scope,
  });
  let last = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, (o.retryDelayMs ?? 1000) * 2 ** (attempt - 1)));
    let response: Response;
    try {
      response = await doFetch(c.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
      });
    } catch (error) {
      last = (error as Error).name === 'TimeoutError' ? 'timed out' : 'connection failed';
      continue;
    }
    const text = await response.text();
    if (response.status >= 500) {
      last = `HTTP ${response.status}`;
      continue;
    }
    if (!response.ok) {
      const code = errorCodeOf(text);
      throw new UserError(
        'EF_OAUTH_FAILED',
        `OAuth token request to ${c.tokenUrl} was refused: HTTP ${response.status}${code ? ` (${code})` : ''}`,
        HINT_CLIENT,
      );
    }
    return readToken(text, c, now() / 1000);
  }
  throw new UserError(
    'EF_OAUTH_FAILED',
    `OAuth token endpoint ${c.tokenUrl} failed ${ATTEMPTS} times (last: ${last})`,
    HINT_REACH,
  );
}

function readToken(text: string, c: ClientCredentials, nowS: number): StoredToken {
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  const token = body?.access_token;
  if (typeof token !== 'string' || token === '') {
    throw new UserError(
      'EF_OAUTH_FAILED',
      `OAuth token endpoint ${c.tokenUrl} answered 200 without an access_token`,
      HINT_REACH,
    );
  }
  registerSecret(token);
  const expiresIn = Number(body?.expires_in);
  return {
    access_token: token,
    token_type: typeof body?.token_type === 'string' ? body.token_type : 'Bearer',
    // No expires_in: assume a short life, so the token is renewed rather than used until it is rejected.
    expires_at: nowS + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 300),
    obtained_at: nowS,
    scope: c.scope,
    token_url: c.tokenUrl,
    client_id: c.clientId,
  };
}
