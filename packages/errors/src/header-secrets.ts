import { registerSecret } from './redact.js';
import { looksLikeSecret } from './secret-shape.js';

/** Header names whose value is a credential whatever it looks like (`Authorization`, `X-Api-Key`, `Cookie`, …). */
const CREDENTIAL_NAME = /auth|key|token|secret|passw|cookie|signature|credential/i;

/** True when a header's value should never be shown: a credential-like name, or a key-shaped value. */
export function headerLooksSecret(name: string, value: string): boolean {
  return CREDENTIAL_NAME.test(name) || looksLikeSecret(value);
}

/**
 * Registers the secret-looking values of configured request headers (docs/configuration.md#headers) with the
 * redaction layer, so no log line, error message or written answer shows them. `Bearer abc…` registers the token
 * as well, since a server may echo it alone.
 */
export function registerHeaderSecrets(headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!headerLooksSecret(name, value)) continue;
    registerSecret(value);
    registerSecret(/^\w+\s+(\S+)$/.exec(value)?.[1]);
  }
}
