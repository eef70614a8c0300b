import {
  requestToken,
  type ClientCredentials,
  type StoredToken,
  type TokenRequestOptions,
} from './oauth-token-request.js';
import type { TokenStore } from './oauth-token-store.js';

/** Tokens are renewed this long before they expire, so none expires in flight (§9). */
export const REFRESH_MARGIN_S = 120;

/**
 * One OAuth client (token URL, client id, scope) shared by every request of the run. Concurrent callers share one
 * refresh (single flight); a token is reused from memory, else from the disk cache, else requested.
 */
export class OAuthTokenSource {
  private token: StoredToken | null = null;
  private inflight: Promise<StoredToken> | null = null;

  constructor(
    readonly service: string,
    private readonly credentials: ClientCredentials,
    private readonly deps: { store: TokenStore | null; request?: TokenRequestOptions; now?: () => number },
  ) {}

  /** A token valid for at least REFRESH_MARGIN_S more seconds. */
  async accessToken(): Promise<string> {
    if (this.token && this.fresh(this.token)) return this.token.access_token;
    return (await this.once(false)).access_token;
  }

  /**
   * After the server rejected `stale` (a 401): request a new token, unless another request has already replaced
   * it. Never reads the disk cache, which may hold the very token that was rejected.
   */
  async refresh(stale: string): Promise<void> {
    if (this.inflight) await this.inflight.catch(() => undefined);
    if (this.token && this.token.access_token !== stale && this.fresh(this.token)) return;
    await this.once(true);
  }

  private once(skipDisk: boolean): Promise<StoredToken> {
    this.inflight ??= this.obtain(skipDisk).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async obtain(skipDisk: boolean): Promise<StoredToken> {
    const c = this.credentials;
    const disk = skipDisk ? null : this.deps.store?.read(this.service);
    if (
      disk &&
      disk.token_url === c.tokenUrl &&
      disk.client_id === c.clientId &&
      disk.scope === c.scope &&
      this.fresh(disk)
    ) {
      this.token = disk;
      return disk;
    }
    const token = await requestToken(c, { ...this.deps.request, ...(this.deps.now ? { now: this.deps.now } : {}) });
    this.token = token;
    this.deps.store?.write(this.service, token);
    return token;
  }

  private fresh(t: StoredToken): boolean {
    const nowS = (this.deps.now ?? Date.now)() / 1000;
    return nowS < t.expires_at - REFRESH_MARGIN_S;
  }
}
