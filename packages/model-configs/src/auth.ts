/**
 * Credential references for model_configs/ (docs/configuration.md#judges). These files carry the
 * NAME of an environment variable only; the engine reads the value itself. The checks here are a last line of
 * defence: the config rules reject the same inputs earlier, but nothing secret-shaped may ever reach a file.
 */
import { looksLikeSecret, UserError } from '@eval-factory/errors';
import type { ApiEndpointInput } from './evaluation.js';

export type ModelAuth = { readonly kind: 'api_key'; readonly env: string } | { readonly kind: 'none' };

const ENV_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Returns `name` when it is a valid environment-variable name; otherwise throws, showing only its last 4 characters.
 * @example checkEnvVarName('NVIDIA_API_KEY', 'target.api_endpoint.api_key_name') // 'NVIDIA_API_KEY'
 */
export function checkEnvVarName(name: string, field: string): string {
  if (ENV_VAR_NAME.test(name) && !looksLikeSecret(name)) return name;
  throw new UserError(
    'EF_API_KEY_LOOKS_LIKE_SECRET',
    `${field} must be the NAME of an environment variable, got a value ending in "${name.slice(-4)}"`,
    'put the key in an environment variable and give its name',
  );
}

/** The `auth` block of the evaluated model: `api_key_name` (or legacy `api_key`) → `{kind: api_key, env}`. */
export function modelAuth(endpoint: ApiEndpointInput): ModelAuth {
  const name = endpoint.api_key_name ?? null;
  const legacy = endpoint.api_key ?? null;
  if (name !== null && legacy !== null && name !== legacy) {
    throw new UserError(
      'EF_API_KEY_CONFLICT',
      'target.api_endpoint has both api_key_name and api_key with different values',
      'Keep only api_key_name (the name of the environment variable holding the key).',
    );
  }
  const chosen = name ?? legacy;
  if (chosen === null || chosen === '') return { kind: 'none' };
  return { kind: 'api_key', env: checkEnvVarName(chosen, 'target.api_endpoint.api_key_name') };
}
