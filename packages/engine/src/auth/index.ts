export { createAuthContext, envValue, lookupSecret, type AuthContext, type AuthContextOptions } from './context.js';
export { CredentialsFile, credentialsFilePath } from './credentials-file.js';
export {
  resolveJudgeCredential,
  DEFAULT_SCOPES,
  DEFAULT_TOKEN_URL,
  type Credential,
  type JudgeAuthConfig,
} from './judge-credentials.js';
export { withHeaderValues } from './header-values.js';
export { resolveModelKey } from './model-key.js';
export { OAuthTokenSource, REFRESH_MARGIN_S } from './oauth-source.js';
export {
  requestToken,
  type ClientCredentials,
  type StoredToken,
  type TokenRequestOptions,
} from './oauth-token-request.js';
export { TokenStore, tokenDirectory } from './oauth-token-store.js';
export { currentPlatform, isWithin, type PlatformInfo } from './paths.js';
