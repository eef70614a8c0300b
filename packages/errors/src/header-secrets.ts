import { registerSecret } from './redact.js';
import { UserError } from './user-error.js';
import { looksLikeSecret } from './secret-shape.js';

/** Header names whose value is a credential whatever it looks like (`Authorization`, `X-Api-Key`, `Cookie`, …). */
const CREDENTIAL_NAME = /auth|key|token|secret|passw|cookie|signature|credential/i;

/** `${VAR}` in a header value: the engine puts the variable's value there (docs/configuration.md#headers). */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** True when a header's value should never be shown: a credential-like name, or a key-shaped value. */
export function headerLooksSecret(name: string, value: string): boolean {
  return CREDENTIAL_NAME.test(name) || looksLikeSecret(value);
}

/** The variables a header value references, in order, each once. */
export function headerReferences(value: string): string[] {
  return [...new Set([...value.matchAll(REFERENCE)].map((m) => m[1]!))];
}

/** True for `${VAR}` references alone, or after one scheme word (`Bearer ${TOKEN}`): nothing secret is literal. */
export function isHeaderReference(value: string): boolean {
  return headerReferences(value).length > 0 && /^\s*(?:[A-Za-z][\w-]*\s+)?$/.test(value.replace(REFERENCE, ''));
}

/**
 * True when a header as written in a config holds a secret itself (docs/configuration.md#headers): it looks secret
 * and is not only variable references. Such a value would be written into run_config.yml and model_configs/.
 */
export function headerHoldsSecret(name: string, value: string): boolean {
  return headerLooksSecret(name, value) && !isHeaderReference(value);
}

/** `value` with each `${VAR}` replaced by `lookup(VAR)` (the caller has checked every variable is set). */
export function substituteHeader(value: string, lookup: (name: string) => string): string {
  return value.replace(REFERENCE, (_m, name: string) => lookup(name));
}

/**
 * Registers the secret-looking values of configured request headers (docs/configuration.md#headers) with the
 * redaction layer, so no log line, error message or written answer shows them. `Bearer abc…` registers the token
 * as well, since a server may echo it alone. A value with `${VAR}` references is registered once substituted
 * (the reference itself is what files show).
 */
export function registerHeaderSecrets(headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!headerLooksSecret(name, value) || headerReferences(value).length > 0) continue;
    registerSecret(value);
    registerSecret(/^\w+\s+(\S+)$/.exec(value)?.[1]);
  }
}

/** EF_API_KEY_MISSING for a header whose `${VAR}` is unset or empty (the engine and the factory's pre-flight). */
export function missingHeaderVariable(header: string, variable: string): UserError {
  return new UserError(
    'EF_API_KEY_MISSING',
    `header ${header} references \${${variable}}, but the variable ${variable} is not set (or is empty) in the environment`,
    'Export the variable (its value never goes in a file), or remove the header from your config (docs/configuration.md#headers).',
  );
}
