/**
 * Request headers (docs/configuration.md#headers): they are written into run_config.yml and model_configs/, so a
 * secret-looking value must be a `${VAR}` reference the engine fills in, never the secret itself.
 */
import type { EvaluationDraft } from '@eval-factory/types';
import { headerHoldsSecret } from '@eval-factory/errors';
import { combine, fail, OK, type RuleResult } from './result.js';

/** Below this length a value shows no tail: four characters would be most of it. */
const SHOW_TAIL_FROM = 12;

/**
 * `target.api_endpoint.headers` and `adapter_config.headers_to_add`: a literal secret-looking value is
 * EF_API_KEY_LOOKS_LIKE_SECRET, its last 4 characters at most in the message.
 * @example checkHeaders(d) // headers: {Authorization: 'Bearer sk-…'} → refused; 'Bearer ${GATEWAY_TOKEN}' → OK
 */
export function checkHeaders(ev: EvaluationDraft): RuleResult {
  const endpoint = ev.target.api_endpoint;
  const adapter = (endpoint.adapter_config ?? {}) as { headers_to_add?: unknown };
  return combine([
    ...literalSecrets(endpoint.headers, 'target.api_endpoint.headers'),
    ...literalSecrets(adapter.headers_to_add, 'target.api_endpoint.adapter_config.headers_to_add'),
  ]);
}

function literalSecrets(headers: unknown, path: string): RuleResult[] {
  if (headers === null || typeof headers !== 'object') return [];
  return Object.entries(headers as Record<string, unknown>).map(([name, value]) => {
    if (typeof value !== 'string' || !headerHoldsSecret(name, value)) return OK;
    const tail = value.length >= SHOW_TAIL_FROM ? ` (ending '…${value.slice(-4)}')` : '';
    return fail(
      'EF_API_KEY_LOOKS_LIKE_SECRET',
      `${path}.${name} holds what looks like a secret${tail}; a header carries a \${VAR} reference to an environment variable, not the value`,
    );
  });
}
