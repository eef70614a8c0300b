import {
  headerReferences,
  missingHeaderVariable,
  registerHeaderSecrets,
  registerSecret,
  substituteHeader,
} from '@eval-factory/errors';
import type { ModelDeployment } from '@eval-factory/types';
import { envValue, type AuthContext } from './context.js';

/**
 * The deployment with each `${VAR}` of its headers replaced by the variable's value (docs/configuration.md#headers),
 * once per endpoint: model_configs/ holds the references, only the sender sees the values. Every value read is
 * registered with the redaction layer; an unset or empty variable is EF_API_KEY_MISSING naming it and the header.
 */
export function withHeaderValues(deployment: ModelDeployment, ctx: Pick<AuthContext, 'env'>): ModelDeployment {
  const entries = Object.entries(deployment.headers);
  if (!entries.some(([, value]) => headerReferences(value).length > 0)) return deployment;
  const headers = Object.fromEntries(
    entries.map(([name, value]) => [name, substituteHeader(value, (v) => headerVariable(ctx, name, v))]),
  );
  for (const [name, value] of Object.entries(headers)) {
    if (value === deployment.headers[name]) continue;
    registerSecret(value);
    registerSecret(/^\w+\s+(\S+)$/.exec(value)?.[1]);
  }
  registerHeaderSecrets(headers);
  return { ...deployment, headers };
}

function headerVariable(ctx: Pick<AuthContext, 'env'>, header: string, name: string): string {
  const value = envValue(ctx, name);
  if (value !== undefined) return value;
  throw missingHeaderVariable(header, name);
}
