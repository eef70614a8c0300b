import { UserError } from '@eval-factory/errors';
import { lookupSecret, type AuthContext } from './context.js';

/**
 * The evaluated model's key (§7.1): the variable named by `api_key_name`, else the same name in the credentials
 * file, else an error. No name → null (no Authorization header). Bound to the model's deployment, never chosen by
 * looking at a model name (§8).
 */
export function resolveModelKey(
  auth: { readonly kind: 'none' } | { readonly kind: 'api_key'; readonly env: string },
  ctx: Pick<AuthContext, 'env' | 'file'>,
): string | null {
  if (auth.kind === 'none') return null;
  const found = lookupSecret(ctx, auth.env);
  if (found) return found.value;
  throw new UserError(
    'EF_API_KEY_MISSING',
    `API key variable name was provided, but the variable was not found in the environment: ${auth.env}`,
    'Set the variable or remove the API key from your config.',
  );
}
